package dev.apex.bench;

import dev.apex.core.RedactingStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Runs the benchmark without the CLI ({@code java -cp … dev.apex.bench.BenchMain [--quick]
 * [--check] [--data DIR]}), writing {@code BENCHMARKS.md} at the project root. {@code apex bench}
 * is the usual way; this is for running from a build tree.
 */
public final class BenchMain {

  private BenchMain() {}

  public static void main(String[] args) {
    // Page text and device errors reach this output: redacted and escaped like apex's own.
    RedactingStream.installOnSystemStreams();
    boolean quick = false;
    boolean check = false;
    Path data = null;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--quick" -> quick = true;
        case "--check" -> check = true;
        case "--data" -> {
          if (i + 1 == args.length) {
            throw new IllegalArgumentException("--data needs a folder");
          }
          data = Path.of(args[++i]);
        }
        default ->
            throw new IllegalArgumentException(
                "unknown argument " + args[i] + "; use --quick, --check, --data DIR");
      }
    }
    PrintWriter progress = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
    BenchReport report = Bench.run(new BenchOptions(quick, check, data), progress);
    Path file = BenchmarksMarkdown.defaultFile(quick);
    BenchmarksMarkdown.write(report, file);
    progress.println("wrote " + file);
    if (check && !report.goalsMet()) {
      progress.println(report.missedGoals().size() + " goal(s) missed");
      System.exit(1);
    }
  }
}
