package dev.apex.cli;

import dev.apex.core.RedactingStream;
import dev.apex.core.RedactingWriter;
import dev.apex.core.Secrets;
import dev.apex.otel.RunTracer;
import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
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
      TestCommand.class,
      DescribeCommand.class,
      TimelineCommand.class,
      ReportCommand.class,
      DevicesCommand.class,
      ConsoleCommand.class,
      McpCommand.class,
      BenchCommand.class,
      CommandLine.HelpCommand.class
    })
public final class ApexCli implements Callable<Integer> {

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /** {@code apex} with no command is bad input: the usage goes to stderr, and the exit is 2. */
  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    spec.commandLine().getErr().flush();
    return ErrorHandler.BAD_INPUT;
  }

  public static void main(String[] args) {
    for (String arg : args) {
      if (arg.equals("-v") || arg.equals("--verbose")) {
        // Before any logger exists: slf4j-simple reads its level once.
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "info");
      }
    }
    // Before anything prints: every line this process writes, log lines and stack traces included,
    // is redacted on its way out.
    Secrets.registerFromEnv(System.getenv());
    RedactingStream.installOnSystemStreams();
    System.exit(execute(args));
  }

  /** Runs the command line with the process's environment and returns the exit code. */
  public static int execute(String... args) {
    return execute(
        System.getenv(),
        Wiring.DEFAULT,
        new PrintWriter(System.out, true),
        new PrintWriter(System.err, true),
        args);
  }

  /**
   * Runs the command line in-process, reading settings from {@code env} instead of the process's
   * environment and writing to the given streams; returns the exit code. For tests and embedding.
   */
  public static int execute(
      Map<String, String> env, PrintWriter out, PrintWriter err, String... args) {
    return execute(env, Wiring.DEFAULT, out, err, args);
  }

  /**
   * As {@link #execute(Map, PrintWriter, PrintWriter, String...)}, with devices opened and retries
   * waited for through {@code wiring} instead of for real. For tests.
   */
  static int execute(
      Map<String, String> env, Wiring wiring, PrintWriter out, PrintWriter err, String... args) {
    PrintWriter redactedOut = RedactingWriter.wrap(out);
    PrintWriter redactedErr = RedactingWriter.wrap(err);
    // Traces only when the OTEL_* variables ask; the SDK is loaded at the first span, and the last
    // spans are exported on the way out, whatever the exit (a failure, Ctrl-C), within a deadline.
    RunTracer tracer = RunTracer.fromEnvironment(env, notice -> notice(redactedErr, notice));
    CommandLine cli = commandLine(env, wiring.withTracer(tracer));
    cli.setOut(redactedOut);
    cli.setErr(redactedErr);
    try (tracer) {
      return cli.execute(args);
    } finally {
      redactedOut.flush();
      redactedErr.flush();
    }
  }

  private static void notice(PrintWriter err, String notice) {
    synchronized (err) {
      err.println("apex: " + notice);
      err.flush();
    }
  }

  /** The command line; the provider keys and URL credentials of {@code env} become secrets. */
  static CommandLine commandLine(Map<String, String> env, Wiring wiring) {
    Secrets.registerFromEnv(env);
    CommandLine cli = new CommandLine(new ApexCli(), new EnvFactory(env, wiring));
    // Every declared setting's flag, on each command that takes its scope, from its declaration.
    SettingFlags.addTo(cli);
    cli.setExecutionExceptionHandler(new ErrorHandler());
    cli.setParameterExceptionHandler(new ErrorHandler());
    return cli;
  }

  /**
   * Gives every command and mixin that wants it the environment to read settings from, and the
   * commands that open devices their wiring.
   */
  private record EnvFactory(Map<String, String> env, Wiring wiring)
      implements CommandLine.IFactory {
    @Override
    public <K> K create(Class<K> cls) throws Exception {
      K instance = CommandLine.defaultFactory().create(cls);
      if (instance instanceof SharedOptions shared) {
        shared.env = env;
      }
      if (instance instanceof TimelineOption timeline) {
        timeline.env = env;
      }
      if (instance instanceof DevicesCommand devices) {
        devices.env = env;
      }
      if (instance instanceof ConsoleCommand console) {
        console.env = env;
        console.tracer = wiring.tracer();
      }
      if (instance instanceof RunCommand run) {
        run.wiring = wiring;
      }
      if (instance instanceof TestCommand test) {
        test.wiring = wiring;
      }
      if (instance instanceof DescribeCommand describe) {
        describe.wiring = wiring;
      }
      if (instance instanceof McpCommand mcp) {
        mcp.wiring = wiring;
      }
      return instance;
    }
  }
}
