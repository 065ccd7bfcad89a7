package dev.apex.core;

import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
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
 * @param observeTime time spent observing (capture, parse, fuse)
 * @param planTime time spent planning
 * @param actTime time spent executing the step, retries included
 * @param screenshot the PNG observed before the step, or null
 * @param annotations JSON-able extras by name, e.g. {@code semantic_scene}, {@code world}, {@code
 *     llm_usage}; values are maps, lists, strings, numbers, booleans or records Jackson can write
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
    Map<String, Object> annotations) {

  public StepRecord {
    Objects.requireNonNull(taskId, "taskId");
    Objects.requireNonNull(step, "step");
    Objects.requireNonNull(result, "result");
    observeTime = observeTime == null ? Duration.ZERO : observeTime;
    planTime = planTime == null ? Duration.ZERO : planTime;
    actTime = actTime == null ? Duration.ZERO : actTime;
    annotations =
        annotations == null
            ? Map.of()
            : Collections.unmodifiableMap(new LinkedHashMap<>(annotations));
  }
}
