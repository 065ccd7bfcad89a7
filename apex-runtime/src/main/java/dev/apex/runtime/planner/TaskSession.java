package dev.apex.runtime.planner;

import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.StepResult;
import dev.apex.core.TaskId;
import dev.apex.perception.SceneDiff;
import dev.apex.runtime.TaskContext;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The planner's memory of one task: spend, step notes, loops, learned navigation, the step it
 * returned last and, once the model called {@code done}, its summary. Created at a task's first
 * plan; used on the task's thread only.
 */
final class TaskSession {

  /** The step returned by the last plan, waiting for its result. */
  record Pending(
      PlannedStep step,
      Scene scene,
      String signature,
      String navigationKey,
      String described,
      int index) {}

  final TaskId taskId;
  final Instant startedAt;
  final List<StepNote> notes = new ArrayList<>();
  final LoopDetector loops = new LoopDetector();
  final NavigationMemory navigation = new NavigationMemory();
  LlmTotals totals;
  Pending pending;
  String summary;

  TaskSession(TaskId taskId, Instant startedAt, String model) {
    this.taskId = taskId;
    this.startedAt = startedAt;
    this.totals = LlmTotals.none(model);
  }

  /**
   * Folds in the result of the step returned last time, now that it ran and the screen after it is
   * known: notes it (with its effect on the screen) and learns where a navigation led.
   */
  void settle(TaskContext context, Scene now, String signatureNow, String pageNow) {
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
    if (denied || result.attempts() == 0) {
      effect = StepNote.Effect.UNKNOWN;
    } else {
      effect =
          SceneDiff.between(p.scene(), now).unchanged()
              ? StepNote.Effect.NO_VISIBLE_EFFECT
              : StepNote.Effect.CHANGED;
    }
    notes.add(
        new StepNote(
            p.index(),
            result.step(),
            p.described(),
            result.success(),
            result.error(),
            denied,
            effect));
    if (result.success()) {
      navigation.learn(p.navigationKey(), p.signature(), signatureNow, pageNow, p.index());
    }
  }

  StepNote lastNote() {
    return notes.isEmpty() ? null : notes.get(notes.size() - 1);
  }
}
