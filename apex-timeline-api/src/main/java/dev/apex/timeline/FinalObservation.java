package dev.apex.timeline;

import dev.apex.core.Scene;
import dev.apex.core.TaskId;
import java.time.Instant;
import java.util.Objects;

/**
 * The screen a task left behind: the observation made after its last step, so that every step has
 * an "after" (step N's after is step N + 1's scene, the last step's is this). A task that ran no
 * step has none.
 *
 * @param taskId the task
 * @param afterStep the 1-based index of the last step, the one this observation follows
 * @param observedAt when the capture began
 * @param scene the perceived screen, never null
 * @param screenshot the PNG it was perceived from, or null when none was taken
 */
public record FinalObservation(
    TaskId taskId, int afterStep, Instant observedAt, Scene scene, byte[] screenshot) {

  public FinalObservation {
    Objects.requireNonNull(taskId, "taskId");
    Objects.requireNonNull(scene, "scene");
    if (afterStep < 1) {
      throw new IllegalArgumentException("afterStep must be at least 1, was " + afterStep);
    }
  }

  /** This observation as one of task {@code id}: the same in every other respect. */
  public FinalObservation withTaskId(TaskId id) {
    Objects.requireNonNull(id, "id");
    return id.equals(taskId)
        ? this
        : new FinalObservation(id, afterStep, observedAt, scene, screenshot);
  }
}
