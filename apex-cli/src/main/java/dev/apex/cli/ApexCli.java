package dev.apex.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code apex}: run tasks on devices, describe screens, read the timeline, serve the console. */
@Command(
    name = "apex",
    mixinStandardHelpOptions = true,
    versionProvider = Version.class,
    description = "Run Observe -> Think -> Act tasks on phones, browsers and the simulated phone.",
    subcommands = {
      RunCommand.class,
      DescribeCommand.class,
      TimelineCommand.class,
      DevicesCommand.class,
      CommandLine.HelpCommand.class
    })
public final class ApexCli implements Runnable {

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  public static void main(String[] args) {
    System.exit(execute(args));
  }

  /** Runs the command line and returns the exit code; used by tests in-process. */
  public static int execute(String... args) {
    return commandLine().execute(args);
  }

  static CommandLine commandLine() {
    CommandLine cli = new CommandLine(new ApexCli());
    cli.setExecutionExceptionHandler(new ErrorHandler());
    cli.setParameterExceptionHandler(new ErrorHandler());
    return cli;
  }
}
