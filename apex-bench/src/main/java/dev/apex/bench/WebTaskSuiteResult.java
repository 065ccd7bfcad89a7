package dev.apex.bench;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * M8's figures: the web-task suite ({@link WebTasks}) run task by task, a regression table of which
 * kinds of interaction apex's flows solve.
 *
 * @param runs one per task, in the suite's order
 * @param ocr whether observations were OCR'd (Tesseract installed, OCR at its default)
 * @param browserMissing why the web tasks did not run, or null when Chromium started
 * @param elapsed the whole suite's wall time, the browser's start included
 */
public record WebTaskSuiteResult(
    List<WebTaskRun> runs, boolean ocr, String browserMissing, Duration elapsed)
    implements MetricResult {

  public WebTaskSuiteResult {
    runs = List.copyOf(runs);
    java.util.Objects.requireNonNull(elapsed, "elapsed");
  }

  /** The tasks solved. */
  public long solved() {
    return runs.stream().filter(WebTaskRun::solved).count();
  }

  /** The tasks expected to be solved (not pending) that were not. */
  public List<WebTaskRun> regressions() {
    return runs.stream().filter(r -> r.task().expected() && !r.solved()).toList();
  }

  /** The tasks expected to be solved. */
  public long expected() {
    return runs.stream().filter(r -> r.task().expected()).count();
  }

  @Override
  public String id() {
    return "M8";
  }

  @Override
  public String title() {
    return "Web-task suite: our own pages, one per kind of interaction";
  }

  @Override
  public String method() {
    return "Local pages of the project's own (`apex-bench/src/main/resources/dev/apex/bench/webtasks/`;"
        + " click-checkboxes and click-tab are `apex mcp`'s task pages, in apex-mcp),"
        + " each named for the public benchmark task (MiniWoB++) it mirrors, served on 127.0.0.1"
        + " and opened in one headless Chromium session ("
        + WebTaskSuite.VIEWPORT_WIDTH
        + "×"
        + WebTaskSuite.VIEWPORT_HEIGHT
        + " CSS pixels at ratio 1); the long-press task runs on the sim. Each task's flow runs"
        + " through `Agent`, as `apex run --device web:URL --flow FILE` does, with OCR "
        + (ocr ? "at its default (on, Tesseract installed)" : "off")
        + "; a task is solved when its flow runs to its end, whose last step asserts the"
        + " page's `#result` reads `solved`. Steps are the flow's steps that ran; time is the"
        + " flow's wall time, the page load excluded. Pending tasks wait for work named in the"
        + " table (`WebTask.pending` in `WebTasks`). Whole suite: "
        + Fmt.nanos(elapsed.toNanos())
        + (browserMissing == null ? "." : "; web tasks not run: " + browserMissing + ".");
  }

  @Override
  public List<Table> tables() {
    Table.Builder t =
        Table.builder(
            solved() + " of " + runs.size() + " tasks solved",
            "task",
            "mirrors",
            "interaction kind",
            "solved",
            "steps",
            "time");
    for (WebTaskRun r : runs) {
      t.row(
          "`" + r.task().name() + "`",
          r.task().mirrors(),
          r.task().kind(),
          verdict(r),
          r.ran() ? r.steps() : "—",
          r.ran() ? Fmt.nanos(r.elapsed().toNanos()) : "—");
    }
    return List.of(t.build());
  }

  private static String verdict(WebTaskRun r) {
    String pending = r.task().pending();
    if (r.solved()) {
      return pending == null ? "yes" : "yes (flagged pending: " + pending + ")";
    }
    String why = shorten(r.ran() ? r.reason() : "not run: " + r.reason());
    return pending == null ? "**no**: " + why : "no, pending (" + pending + "): " + why;
  }

  /** A reason short enough for a table cell: its first 140 characters. */
  private static String shorten(String reason) {
    return reason.length() <= 140 ? reason : reason.substring(0, 139) + "…";
  }

  @Override
  public List<Goal> goals() {
    String measured = solved() + " of " + runs.size() + " (" + expected() + " expected)";
    boolean met = regressions().isEmpty();
    Optional<String> missing = Optional.ofNullable(browserMissing);
    if (missing.isPresent()) {
      // No browser here: reported, not enforced, so a machine without Chromium can still check.
      return List.of(
          Goal.aim(
              "M8",
              "web tasks solved",
              "every task not pending",
              measured + "; web tasks not run",
              false));
    }
    return List.of(
        Goal.goal("M8", "web tasks solved", "every task not pending", measured, met),
        Goal.aim(
            "M8",
            "web tasks solved, pending ones too",
            "all " + runs.size(),
            measured,
            solved() == runs.size()));
  }
}
