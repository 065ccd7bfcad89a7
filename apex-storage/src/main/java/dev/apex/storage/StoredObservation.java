package dev.apex.storage;

import dev.apex.core.Json;
import dev.apex.core.Scene;
import dev.apex.core.TaskId;
import java.time.Instant;
import java.util.Objects;

/**
 * The screen a task left after its last step, as the timeline returns it ({@link
 * Timeline#finalObservation}); its PNG is read apart ({@link Timeline#finalScreenshot}).
 *
 * @param taskId the task
 * @param afterStep the index of the step it follows (the task's last)
 * @param observedAt when the capture began, or null when not recorded
 * @param sceneJson the scene as the JSON {@link Json} wrote
 * @param hasScreenshot whether {@link Timeline#finalScreenshot} has a PNG for it now
 */
public record StoredObservation(
    TaskId taskId, int afterStep, Instant observedAt, String sceneJson, boolean hasScreenshot) {

  public StoredObservation {
    Objects.requireNonNull(taskId, "taskId");
    Objects.requireNonNull(sceneJson, "sceneJson");
  }

  /** The scene, parsed. */
  public Scene scene() {
    return Json.read(sceneJson, Scene.class);
  }
}
