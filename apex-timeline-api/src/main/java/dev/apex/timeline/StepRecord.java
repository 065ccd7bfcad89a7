package dev.apex.timeline;

import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.StepResult;
import dev.apex.core.TaskId;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * One executed step as the timeline keeps it.
 *
 * @param taskId the task
 * @param index 1-based step number within the task
 * @param startedAt when the step's observe began
 * @param scene the scene the step was planned on (may be null if observing failed)
 * @param step the planned step
 * @param result its result
 * @param observeTime time spent observing (capture, parse, fuse); null reads as zero
 * @param planTime time spent planning; null reads as zero
 * @param actTime time spent executing the step, retries included; null reads as zero
 * @param screenshot the PNG observed before the step, or null
 * @param extras what the step records beside its scene and result (semantic labels or why there are
 *     none, LLM usage, the world after it); null reads as {@link StepExtras#NONE}
 */
public record StepRecord(
    TaskId taskId,
    int index,
    Instant startedAt,
    Scene scene,
    PlannedStep step,
    StepResult result,
    Duration observeTime,
    Duration planTime,
    Duration actTime,
    byte[] screenshot,
    StepExtras extras) {

  public StepRecord {
    Objects.requireNonNull(taskId, "taskId");
    Objects.requireNonNull(step, "step");
    Objects.requireNonNull(result, "result");
    observeTime = observeTime == null ? Duration.ZERO : observeTime;
    planTime = planTime == null ? Duration.ZERO : planTime;
    actTime = actTime == null ? Duration.ZERO : actTime;
    extras = extras == null ? StepExtras.NONE : extras;
  }

  /** A step with nothing recorded beside its scene and result. */
  public StepRecord(
      TaskId taskId,
      int index,
      Instant startedAt,
      Scene scene,
      PlannedStep step,
      StepResult result,
      Duration observeTime,
      Duration planTime,
      Duration actTime,
      byte[] screenshot) {
    this(
        taskId,
        index,
        startedAt,
        scene,
        step,
        result,
        observeTime,
        planTime,
        actTime,
        screenshot,
        StepExtras.NONE);
  }

  /** This step as step {@code index} of task {@code id}: the same in every other respect. */
  public StepRecord withTaskId(TaskId id) {
    Objects.requireNonNull(id, "id");
    return id.equals(taskId)
        ? this
        : new StepRecord(
            id,
            index,
            startedAt,
            scene,
            step,
            result,
            observeTime,
            planTime,
            actTime,
            screenshot,
            extras);
  }
}
