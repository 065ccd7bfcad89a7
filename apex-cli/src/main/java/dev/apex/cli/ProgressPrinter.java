package dev.apex.cli;

import dev.apex.core.Scene;
import dev.apex.core.Secrets;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.perception.ChangeSummary;
import dev.apex.runtime.TaskListener;
import dev.apex.timeline.ReplayMark;
import dev.apex.timeline.StepRecord;
import java.io.PrintWriter;

/**
 * Prints a line per step: its number, the action, what changed on screen, ok or failed, and the
 * time it took. A step's line waits for the next observation, the first scene that shows the step's
 * effect; the last step's line is printed when the task ends.
 */
final class ProgressPrinter implements TaskListener {

  private final PrintWriter out;
  private final String prefix;
  private StepRecord pending;

  /**
   * @param prefix put before each line (the device, when several tasks run at once), or ""
   */
  ProgressPrinter(PrintWriter out, String prefix) {
    this.out = out;
    this.prefix = prefix;
  }

  @Override
  public synchronized void taskStarted(TaskId taskId, String device, String goal) {
    out.println(
        prefix
            + "task "
            + taskId
            + " on "
            + Secrets.withoutUserInfo(device)
            + ": "
            + StepLines.field(goal));
    out.flush();
  }

  @Override
  public synchronized void sceneObserved(TaskId taskId, int stepsSoFar, Scene scene) {
    if (pending != null) {
      // The summariser the planner's history uses too, without handles: a person reads this.
      print(
          pending,
          pending.scene() == null ? null : ChangeSummary.line(pending.scene(), scene, null));
      pending = null;
    }
  }

  @Override
  public synchronized void stepRecorded(StepRecord record) {
    if (pending != null) {
      print(pending, null);
    }
    pending = record;
  }

  @Override
  public synchronized void taskFinished(TaskId taskId, TaskStatus status, String reason) {
    if (pending != null) {
      print(pending, null);
      pending = null;
    }
  }

  private void print(StepRecord r, String change) {
    long ms = r.observeTime().plus(r.planTime()).plus(r.actTime()).toMillis();
    StringBuilder line = new StringBuilder(prefix);
    line.append(
        String.format("step %2d  %-6s  ", r.index(), r.result().success() ? "ok" : "FAILED"));
    line.append(StepLines.field(r.step().describe()));
    if (!r.result().success() && r.result().error() != null) {
      line.append("  — ").append(StepLines.shorten(r.result().error(), 160));
    } else if (change != null) {
      line.append("  → ").append(StepLines.field(change));
    }
    if (r.result().success()
        && r.result().output() instanceof java.util.Map<?, ?> output
        && output.get("note") instanceof String note) {
      // A tool's caveat about what it did (a tap on an element that never held still).
      line.append("  [").append(StepLines.shorten(note, 120)).append("]");
    }
    ReplayMark mark = r.extras().replay();
    if (mark != null) {
      line.append(
          mark.kind() == ReplayMark.Kind.HEALED
              ? "  [healed: planned by the model for flow step " + mark.flowStep() + "]"
              : "  [screen drift: flow step " + mark.flowStep() + " recorded on another screen]");
    }
    line.append("  (").append(ms).append(" ms)");
    out.println(line);
    out.flush();
  }
}
