package dev.apex.cli.suite;

import dev.apex.console.SuiteCase;
import dev.apex.console.SuiteResult;
import dev.apex.core.Text;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * {@code apex test}'s lines: one per flow as it ends ({@code [ 3/12] FAILED flows/a.yaml …}), a
 * device that could not be opened once on stderr, then the summary: passed, failed, skipped, the
 * slowest flows and the total time.
 */
public final class SuiteLines implements SuiteListener {

  /** How many of the slowest flows the summary names. */
  static final int SLOWEST = 3;

  /** The most characters of a failure's reason on a flow's line. */
  static final int MAX_REASON = 300;

  private final PrintWriter out;
  private final PrintWriter err;

  public SuiteLines(PrintWriter out, PrintWriter err) {
    this.out = out;
    this.err = err;
  }

  @Override
  public void suiteStarted(String suiteId, int flows, List<DeviceSlot> slots) {
    print(
        out,
        "suite "
            + suiteId
            + ": "
            + flows
            + " flow(s) on "
            + slots.size()
            + " device slot(s): "
            + slots.stream().map(DeviceSlot::label).collect(Collectors.joining(", ")));
  }

  @Override
  public void deviceFailed(DeviceSlot slot, String message) {
    print(
        err,
        "apex: "
            + slot.label()
            + " could not be opened; its flows go to the other slots: "
            + message);
  }

  @Override
  public void flowEnded(SuiteCase c, int done, int total) {
    int width = String.valueOf(total).length();
    StringBuilder line =
        new StringBuilder(
            String.format(Locale.ROOT, "[%" + width + "d/%d] %-9s ", done, total, c.shownStatus()));
    line.append(c.file());
    if (c.ran()) {
      line.append(" on ").append(c.device()).append(" in ").append(shown(c.took()));
    }
    if (c.taskId() != null) {
      line.append(", task ").append(c.taskId().value());
    }
    if (!c.passed() && c.reason() != null) {
      line.append(" — ").append(Text.inLine(c.reason(), MAX_REASON));
    }
    print(out, line.toString());
  }

  @Override
  public void suiteEnded(SuiteResult result) {
    StringBuilder summary =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "%d passed, %d failed, %d skipped",
                result.passed(),
                result.failed() + result.stopped(),
                result.skipped()));
    if (result.stopped() > 0) {
      summary.append(" (").append(result.stopped()).append(" of them cancelled)");
    }
    summary.append(" of ").append(result.cases().size()).append(" flow(s) in ");
    summary.append(shown(result.took()));
    print(out, summary.toString());
    List<SuiteCase> slowest = result.slowest(SLOWEST);
    if (!slowest.isEmpty()) {
      print(
          out,
          "slowest: "
              + slowest.stream()
                  .map(c -> c.file() + " " + shown(c.took()))
                  .collect(Collectors.joining(", ")));
    }
  }

  /** {@code 850 ms}, {@code 12.34 s}. */
  static String shown(Duration d) {
    long ms = d.toMillis();
    return ms < 1_000 ? ms + " ms" : String.format(Locale.ROOT, "%.2f s", ms / 1000.0);
  }

  private static void print(PrintWriter to, String line) {
    synchronized (to) {
      to.println(line);
      to.flush();
    }
  }
}
