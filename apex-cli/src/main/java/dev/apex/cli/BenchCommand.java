package dev.apex.cli;

import dev.apex.bench.Bench;
import dev.apex.bench.BenchOptions;
import dev.apex.bench.BenchReport;
import dev.apex.bench.BenchmarksMarkdown;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code apex bench [--quick] [--check]}: measures what an observation costs in tokens and what the
 * runtime adds to each step, each timing against a baseline in the same run. A full run rewrites
 * BENCHMARKS.md; a quick one writes {@value BenchmarksMarkdown#QUICK_FILE} instead.
 */
@Command(
    name = "bench",
    description = "Measure tokens per observation and the time the runtime adds per step.",
    mixinStandardHelpOptions = true)
final class BenchCommand implements Callable<Integer> {

  @Option(
      names = "--quick",
      description =
          "Fewer iterations, sizes and web tasks (a minute or two; writes target/benchmarks-quick.md).")
  boolean quick;

  @Option(names = "--check", description = "Exit 1 when a goal is missed.")
  boolean check;

  @Option(
      names = "--data",
      paramLabel = "DIR",
      description = "The real UI dumps (default APEX_TEST_DATA, else ../shared/data).")
  Path data;

  @Option(
      names = "--out",
      paramLabel = "FILE",
      description =
          "Where to write the report (default: BENCHMARKS.md at the project root for a full run, "
              + BenchmarksMarkdown.QUICK_FILE
              + " there for --quick; a quick run never writes BENCHMARKS.md).")
  Path file;

  @Mixin VerboseOption verbose;

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    Path target = file != null ? file : BenchmarksMarkdown.defaultFile(quick);
    BenchmarksMarkdown.checkTarget(quick, target);
    BenchReport report = Bench.run(new BenchOptions(quick, check, data), out);
    BenchmarksMarkdown.write(report, target);
    out.println("wrote " + target);
    if (!report.goalsMet()) {
      out.println("goals missed: " + report.missedGoals());
    }
    out.flush();
    return check && !report.goalsMet() ? 1 : 0;
  }
}
