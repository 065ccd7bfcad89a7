package dev.apex.runtime.planner;

import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.StepResult;
import dev.apex.core.TaskId;
import dev.apex.llm.LlmUsage;
import dev.apex.perception.ChangeSummary;
import dev.apex.perception.SceneDiff;
import dev.apex.runtime.LlmTotals;
import dev.apex.runtime.TaskContext;
import dev.apex.runtime.safety.PolicyDenied;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What the prompt and the budget need of one task: when its first plan started, what it spent, and
 * a note on each step that ran (with its effect on the screen), folded in at the plan after it.
 * Created at a task's first plan; used on the task's thread only. The guards keep their own state
 * (loops, navigation).
 */
final class TaskSession {

  /** The step returned by the last plan, waiting for its result. */
  private record Pending(PlannedStep step, Scene scene, String described, int index) {}

  private final TaskId taskId;
  private final Instant startedAt;
  private final List<StepNote> notes = new ArrayList<>();
  private LlmTotals spend;
  private Pending pending;

  TaskSession(TaskId taskId, Instant startedAt, String model) {
    this.taskId = taskId;
    this.startedAt = startedAt;
    this.spend = LlmTotals.none(model);
  }

  TaskId taskId() {
    return taskId;
  }

  /** When the task's first plan started: where its wall time counts from. */
  Instant startedAt() {
    return startedAt;
  }

  /** Every model call of the task so far. */
  LlmTotals spend() {
    return spend;
  }

  void spent(LlmUsage usage, double costUsd) {
    spend = spend.plus(usage, costUsd);
  }

  /** The notes on the steps that ran, oldest first. */
  List<StepNote> notes() {
    return List.copyOf(notes);
  }

  /** The plan returned {@code step}, planned on {@code scene}, as step {@code index}. */
  void returned(PlannedStep step, Scene scene, int index) {
    pending = new Pending(step, scene, PromptWriter.describe(step, scene), index);
  }

  /**
   * Folds in the result of the step returned last time, now that it ran and the screen after it is
   * known: notes it, with its effect on the screen.
   */
  void settle(TaskContext context, Scene now) {
    Pending p = pending;
    pending = null;
    if (p == null) {
      return;
    }
    List<StepResult> results = context.stepResults();
    if (results.size() < p.index()) {
      return;
    }
    StepResult result = results.get(p.index() - 1);
    boolean denied = PolicyDenied.isDenial(result.error());
    StepNote.Effect effect;
    String change = null;
    if (denied || result.attempts() == 0) {
      effect = StepNote.Effect.UNKNOWN;
    } else {
      SceneDiff diff = SceneDiff.between(p.scene(), now);
      effect = diff.unchanged() ? StepNote.Effect.NO_VISIBLE_EFFECT : StepNote.Effect.CHANGED;
      if (!diff.unchanged()) {
        // The words the CLI's step line prints, with the handles the prompt's screen lists.
        change = ChangeSummary.line(p.scene(), now, context.handles());
      }
    }
    notes.add(
        new StepNote(
            p.index(),
            result.step(),
            p.described(),
            result.success(),
            result.error(),
            denied,
            effect,
            change));
  }
}
