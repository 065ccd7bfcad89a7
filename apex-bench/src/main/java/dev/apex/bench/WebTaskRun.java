package dev.apex.bench;

import dev.apex.core.TaskStatus;
import java.time.Duration;
import java.util.Objects;

/**
 * How one task of the web-task suite went.
 *
 * @param task the task
 * @param status how its flow ended, or null when it did not run (no browser, no OCR, a flow the
 *     tools refuse)
 * @param steps the flow steps that ran
 * @param elapsed the flow's wall time (opening the page excluded)
 * @param reason the run's one line (why it ended), or why it did not run
 */
public record WebTaskRun(
    WebTask task, TaskStatus status, int steps, Duration elapsed, String reason) {

  public WebTaskRun {
    Objects.requireNonNull(task, "task");
    Objects.requireNonNull(elapsed, "elapsed");
    Objects.requireNonNull(reason, "reason");
  }

  /** A task that did not run, and why. */
  static WebTaskRun notRun(WebTask task, String why) {
    return new WebTaskRun(task, null, 0, Duration.ZERO, why);
  }

  /** Whether its flow ran to its end: every step, the final check of the result included. */
  public boolean solved() {
    return status == TaskStatus.SUCCEEDED;
  }

  /** Whether its flow ran at all. */
  public boolean ran() {
    return status != null;
  }
}
