package dev.apex.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Writes a {@link BenchReport} as {@code BENCHMARKS.md}: the goals with their measured figures, the
 * machine, the command to reproduce, then a section per metric with how it was measured and a table
 * per figure. The file is generated whole; nothing in it is meant to be edited by hand.
 */
public final class BenchmarksMarkdown {

  public static final String FILE_NAME = "BENCHMARKS.md";

  private static final DateTimeFormatter WHEN =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'").withZone(ZoneOffset.UTC);

  private BenchmarksMarkdown() {}

  /** Where a quick run's report goes, under the project root: the build folder, never tracked. */
  public static final String QUICK_FILE = "target/benchmarks-quick.md";

  /**
   * Where a run's report goes by default, under the project root (the nearest folder at or above
   * cwd with apex-bench): {@code BENCHMARKS.md} for a full run, {@value #QUICK_FILE} for a quick
   * one, so quick figures never replace the tracked file.
   */
  public static Path defaultFile(boolean quick) {
    return defaultFile(Path.of("").toAbsolutePath(), quick);
  }

  static Path defaultFile(Path workingDir, boolean quick) {
    return projectRoot(workingDir)
        .orElse(workingDir.toAbsolutePath())
        .resolve(quick ? QUICK_FILE : FILE_NAME);
  }

  private static Optional<Path> projectRoot(Path from) {
    for (Path p = from.toAbsolutePath(); p != null; p = p.getParent()) {
      if (Files.isRegularFile(p.resolve("pom.xml")) && Files.isDirectory(p.resolve("apex-bench"))) {
        return Optional.of(p);
      }
    }
    return Optional.empty();
  }

  /**
   * Replaces {@code file} with the report, atomically where the file system allows, creating its
   * folder if needed.
   *
   * @throws IllegalArgumentException for a quick run's report and the project's tracked {@code
   *     BENCHMARKS.md}: only a full run writes that
   */
  public static void write(BenchReport report, Path file) {
    Objects.requireNonNull(file, "file");
    Path absolute = file.toAbsolutePath().normalize();
    checkTarget(report.options().quick(), absolute);
    String text = render(report);
    try {
      Files.createDirectories(absolute.getParent());
      Path temp = Files.createTempFile(absolute.getParent(), ".benchmarks", ".md");
      Files.writeString(temp, text, StandardCharsets.UTF_8);
      try {
        Files.move(
            temp, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } catch (IOException atomicFailed) {
        Files.move(temp, absolute, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + absolute + ": " + e.getMessage(), e);
    }
  }

  /**
   * Checks, before a run spends minutes, that its report may go to {@code file}.
   *
   * @throws IllegalArgumentException for a quick run and the project's tracked {@code
   *     BENCHMARKS.md}
   */
  public static void checkTarget(boolean quick, Path file) {
    Path absolute = file.toAbsolutePath().normalize();
    if (quick && isTracked(absolute)) {
      throw new IllegalArgumentException(
          "a quick run does not write "
              + absolute
              + " (only a full run does); leave --out out to write "
              + QUICK_FILE
              + ", or name another file");
    }
  }

  /** Whether {@code file} is the project's own {@code BENCHMARKS.md}. */
  private static boolean isTracked(Path file) {
    Path parent = file.getParent();
    return file.getFileName().toString().equals(FILE_NAME)
        && parent != null
        && projectRoot(parent).map(root -> root.equals(parent)).orElse(false);
  }

  public static String render(BenchReport report) {
    Objects.requireNonNull(report, "report");
    StringBuilder md = new StringBuilder(16_384);
    md.append("# Benchmarks\n\n");
    md.append("_Written by `")
        .append(report.options().command())
        .append("` on ")
        .append(WHEN.format(report.startedAt()))
        .append(" (")
        .append(report.options().quick() ? "quick run" : "full run")
        .append(", ")
        .append(seconds(report.elapsed().toMillis()))
        .append("). Generated whole: rerun the command rather than editing it._\n\n");
    md.append(
        "What an agent step costs: the tokens an observation puts in front of the LLM, and the time"
            + " the runtime adds on top of the device and the model. Peers send raw trees —"
            + " 3,000–6,000 tokens per Android screen as uiautomator XML, 20,000+ for a"
            + " Playwright accessibility snapshot of a busy page — and the fastest device paths"
            + " capture a tree in 5–40 ms and a screenshot in 12–24 ms. Every timing goal below is"
            + " a ratio against a baseline measured in the same run, interleaved with it, so it"
            + " holds on any machine; absolute times are this machine's.\n\n"
            + "Timings are medians and p95 over warmed-up iterations (results kept alive against"
            + " dead-code elimination), by two clocks: the wall clock (`System.nanoTime`) and the"
            + " measuring thread's CPU time. Timing goals are judged by CPU time, with the wall"
            + " clock's figure beside it: on a machine whose cores are shared, a thread waiting for"
            + " a core stretches a long operation's wall time more often than a short one's, which"
            + " skews wall-clock ratios; on an idle machine the two agree closely. GC pauses, done"
            + " by the JVM's own threads, show in the wall figures only.\n\n");
    goals(report, md);
    machine(report, md);
    md.append("## Reproduce\n\n```bash\n")
        .append("./apex bench            # the full run, a few minutes; rewrites BENCHMARKS.md\n")
        .append(
            "./apex bench --quick    # fewer iterations, M4 up to 3,500 nodes, two M8 tasks, no"
                + " M11; writes "
                + QUICK_FILE
                + "\n")
        .append("./apex bench --check    # exits non-zero when a goal is missed\n")
        .append(
            "APEX_BENCH_POSTGRES=postgresql://USER:PASSWORD@HOST:PORT/DB ./apex bench"
                + "   # M3 appends on PostgreSQL too\n")
        .append(
            "# M11 starts its own PostgreSQL cluster from "
                + dev.apex.testkit.PostgresServer.BIN
                + " (apt-get install postgresql)\n")
        .append("```\n\n")
        .append("The dumps come from `--data DIR`, else `$APEX_TEST_DATA`, else `../shared/data`")
        .append(" above the working directory (this run: ")
        .append("`")
        .append(shortPath(report.dataDir()))
        .append(
            "`). M1, M2, M6, M7 and M8 also run as tests (`apex-bench/src/test`), so no change can")
        .append(
            " silently make the encoding fatter, drop an element, cost a replay a model call or"
                + " leave a web task unsolved.\n\n");
    for (MetricResult m : report.metrics()) {
      md.append(section(m));
    }
    return md.toString();
  }

  /** One metric's section: its heading, how it was measured, its tables. */
  static String section(MetricResult m) {
    StringBuilder md = new StringBuilder(2_048);
    md.append("## ").append(m.id()).append(" — ").append(m.title()).append("\n\n");
    md.append(m.method()).append("\n\n");
    for (Table t : m.tables()) {
      table(t, md);
    }
    return md.toString();
  }

  private static void goals(BenchReport report, StringBuilder md) {
    md.append("## Goals\n\n");
    List<Goal> missed = report.missedGoals();
    md.append(
        missed.isEmpty()
            ? "**Every goal is met.**\n\n"
            : "**" + missed.size() + " goal(s) missed** (`--check` fails).\n\n");
    Table.Builder t = Table.builder("", "metric", "what", "target", "measured", "status");
    for (Goal g : report.goals()) {
      t.row(
          g.metric(),
          g.name(),
          g.target(),
          g.measured(),
          g.required() ? (g.met() ? "met" : "**missed**") : (g.met() ? "aim met" : "aim not met"));
    }
    table(t.build(), md);
  }

  private static void machine(BenchReport report, StringBuilder md) {
    Machine m = report.machine();
    md.append("## Machine\n\n");
    table(
        Table.builder("", "", "")
            .row("CPU", m.cpu())
            .row("cores available to the JVM", m.cores())
            .row("JVM", m.jvm())
            .row("OS", m.os())
            .row("max heap", m.maxHeapMb() + " MiB")
            .row(
                "load average at start",
                m.loadAverage().isEmpty()
                    ? "unknown"
                    : m.loadAverage() + (loadAbove(m) ? " (other processes shared the cores)" : ""))
            .build(),
        md);
  }

  private static boolean loadAbove(Machine m) {
    try {
      return Double.parseDouble(m.loadAverage()) > m.cores() * 0.5;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  private static void table(Table t, StringBuilder md) {
    if (!t.caption().isEmpty()) {
      md.append("**").append(cell(t.caption())).append("**\n\n");
    }
    md.append('|');
    for (String h : t.headers()) {
      md.append(' ').append(cell(h)).append(" |");
    }
    md.append("\n|");
    for (int i = 0; i < t.headers().size(); i++) {
      md.append("---|");
    }
    md.append('\n');
    for (List<String> row : t.rows()) {
      md.append('|');
      for (String c : row) {
        md.append(' ').append(cell(c)).append(" |");
      }
      md.append('\n');
    }
    md.append('\n');
  }

  /** A cell's text on one line, with the pipes that would split it escaped. */
  private static String cell(String text) {
    return text.replace("\r", " ").replace("\n", " ").replace("|", "\\|");
  }

  private static String seconds(long millis) {
    long s = Math.round(millis / 1000.0);
    return s < 60 ? s + " s" : (s / 60) + " min " + (s % 60) + " s";
  }

  private static String shortPath(Path dir) {
    Path cwd = Path.of("").toAbsolutePath();
    Path abs = dir.toAbsolutePath().normalize();
    try {
      return cwd.relativize(abs).toString();
    } catch (IllegalArgumentException e) {
      return abs.toString();
    }
  }
}
