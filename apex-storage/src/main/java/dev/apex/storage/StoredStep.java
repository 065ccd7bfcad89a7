package dev.apex.storage;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.apex.core.Json;
import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.TaskId;
import dev.apex.timeline.StepExtras;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One step as the timeline returns it. The scene, step, result and annotations are kept as the JSON
 * that {@link Json} wrote, so a console can pass them on unchanged; the accessors without the
 * {@code Json} suffix parse them on each call, {@link #extras()} into typed values. The screenshot
 * is not loaded here (see {@link Timeline#screenshot}).
 *
 * @param taskId the task
 * @param index 1-based step number within the task
 * @param startedAt when the step's observe began, or null when the runner did not say
 * @param action the planned step's tool name, e.g. {@code tap}
 * @param success whether the step's result was a success
 * @param error the result's one-line failure reason, or null
 * @param sceneJson the scene as a JSON object, or null when observing failed
 * @param stepJson the {@link PlannedStep} as a JSON object
 * @param resultJson the {@link dev.apex.core.StepResult} as a JSON object
 * @param annotationsJson the annotations as a JSON object ({@code {}} when there were none)
 * @param observeTime time spent observing
 * @param planTime time spent planning
 * @param actTime time spent executing, retries included
 * @param hasScreenshot whether {@link Timeline#screenshot} has a PNG for this step now
 */
public record StoredStep(
    TaskId taskId,
    int index,
    Instant startedAt,
    String action,
    boolean success,
    String error,
    String sceneJson,
    String stepJson,
    String resultJson,
    String annotationsJson,
    Duration observeTime,
    Duration planTime,
    Duration actTime,
    boolean hasScreenshot) {

  public StoredStep {
    Objects.requireNonNull(taskId, "taskId");
    Objects.requireNonNull(action, "action");
    Objects.requireNonNull(stepJson, "stepJson");
    Objects.requireNonNull(resultJson, "resultJson");
    Objects.requireNonNull(annotationsJson, "annotationsJson");
    Objects.requireNonNull(observeTime, "observeTime");
    Objects.requireNonNull(planTime, "planTime");
    Objects.requireNonNull(actTime, "actTime");
  }

  /** The scene the step was planned on, or empty when observing failed. */
  public Optional<Scene> scene() {
    return sceneJson == null ? Optional.empty() : Optional.of(Json.read(sceneJson, Scene.class));
  }

  /** The planned step; argument values come back as JSON-like values (maps, lists, numbers). */
  public PlannedStep step() {
    return Json.read(stepJson, PlannedStep.class);
  }

  /** The result as a JSON tree: its {@code output} may have been any type, so it is not rebuilt. */
  public JsonNode result() {
    return tree(resultJson, "result");
  }

  /**
   * The annotations as stored, a JSON object by name (e.g. {@code semantic_scene}, {@code world}):
   * what {@code apex timeline --json} prints. Read {@link #extras()} for typed values.
   */
  public JsonNode annotations() {
    return tree(annotationsJson, "annotations");
  }

  /**
   * What the step recorded beside its scene and result, typed; the same for files written before
   * the extras were typed ({@link StepExtrasJson}). An entry that does not read as its type is left
   * out here and kept in {@link #otherAnnotations()}.
   *
   * @throws TimelineException when the stored annotations are not JSON at all
   */
  public StepExtras extras() {
    return StepExtrasJson.read(annotations()).extras();
  }

  /**
   * The annotations {@link #extras()} does not hold, by name, as stored: keys this version does not
   * know (written by another version or another writer) and known keys whose value did not read as
   * their type. An empty object when there are none.
   *
   * @throws TimelineException when the stored annotations are not JSON at all
   */
  public ObjectNode otherAnnotations() {
    return StepExtrasJson.read(annotations()).others();
  }

  private JsonNode tree(String json, String what) {
    try {
      return Json.mapper().readTree(json);
    } catch (JsonProcessingException e) {
      throw new TimelineException(
          "step " + index + " of task " + taskId + " has unreadable " + what + " JSON", e);
    }
  }
}
