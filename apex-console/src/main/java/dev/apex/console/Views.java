package dev.apex.console;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.apex.core.Json;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.TaskRecord;
import dev.apex.runtime.flow.FlowWriter;
import dev.apex.storage.StepExtrasJson;
import dev.apex.storage.StoredObservation;
import dev.apex.storage.StoredStep;
import dev.apex.storage.SuiteRun;
import dev.apex.storage.TaskEntry;
import dev.apex.timeline.StepExtras;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * The JSON the API answers with, built from timeline rows. A step's typed extras ({@link
 * StoredStep#extras()}) are shown under their own keys ({@code semantic_scene}, {@code world},
 * {@code llm_usage}, {@code label_cache} (the label cache that served the screen's labels and the
 * tokens that saved), in their stored form), and under {@code annotations} the reason labels are
 * missing ({@code semantic_unavailable}) with every annotation this version does not read as a
 * type, as stored. Stateless.
 */
final class Views {

  private Views() {}

  /**
   * A task: {@code id, device, goal, status, reason, started_at, ended_at, steps, cancellable,
   * suite_id} (null for a task run alone). Every running task is cancellable, wherever it runs: the
   * timeline carries the request to its owner. An {@code INTERRUPTED} task's reason says its
   * process ended without recording an end.
   */
  static ObjectNode task(TaskRecord task) {
    return task(TaskEntry.of(task));
  }

  /**
   * A task as {@link #task(TaskRecord)}, with {@code host} and {@code runner} ({@code pid N on
   * HOST}), null when the timeline keeps no runner for it, and {@code heartbeat_at}.
   */
  static ObjectNode task(TaskEntry entry) {
    TaskRecord task = entry.task();
    ObjectNode node = Json.mapper().createObjectNode();
    node.put("id", task.id().value());
    node.put("device", task.device());
    node.put("goal", task.goal());
    node.put("status", task.status().name());
    node.put("reason", task.reason());
    node.put("started_at", instant(task.startedAt()));
    node.put("ended_at", instant(task.endedAt()));
    node.put("steps", task.steps());
    node.put("cancellable", !task.status().isFinal());
    node.put("suite_id", task.suiteId());
    node.put("host", entry.host());
    node.put("runner", entry.runner());
    node.put("heartbeat_at", instant(entry.heartbeat()));
    return node;
  }

  /**
   * A suite run: {@code id, started_at, ended_at} (null while a task runs), {@code tasks, passed,
   * failed, cancelled, running} and {@code hosts} (see {@link SuiteRun}).
   */
  static ObjectNode suite(SuiteRun run) {
    ObjectNode node = Json.mapper().createObjectNode();
    node.put("id", run.id());
    node.put("started_at", instant(run.startedAt()));
    node.put("ended_at", instant(run.endedAt()));
    node.put("tasks", run.tasks());
    node.put("passed", run.passed());
    node.put("failed", run.failed());
    node.put("cancelled", run.cancelled());
    node.put("running", run.running());
    run.hosts().forEach(node.putArray("hosts")::add);
    return node;
  }

  /**
   * A step, everything the task page shows: what was planned, what happened, the scene it was
   * planned on, the semantic scene and world state after it, the LLM usage, the replay mark ({@code
   * replay}: a step the model planned to heal a recorded one, or a screen that drifted), timings in
   * milliseconds, the screenshot's URL (null when there is none), and under {@code locators} the
   * flow locator of each element of its scene (see {@link #locators}).
   */
  static ObjectNode step(StoredStep step) {
    ObjectNode node = Json.mapper().createObjectNode();
    node.put("task_id", step.taskId().value());
    node.put("index", step.index());
    node.put("started_at", instant(step.startedAt()));
    node.put("action", step.action());
    node.put("success", step.success());
    node.put("error", step.error());
    node.set("planned_step", tree(step.stepJson()));
    node.set("result", tree(step.resultJson()));
    JsonNode scene = tree(step.sceneJson());
    node.set("scene", scene);
    node.set("locators", locators(scene));
    StepExtrasJson.Read read = extras(step);
    StepExtras extras = read.extras();
    node.set(StepExtrasJson.SEMANTIC_SCENE, value(extras.semanticScene()));
    node.set(StepExtrasJson.WORLD, value(extras.world()));
    node.set(StepExtrasJson.LLM_USAGE, StepExtrasJson.usage(extras.llmUsage()));
    node.set(StepExtrasJson.REPLAY, value(extras.replay()));
    node.set(StepExtrasJson.LABEL_CACHE, value(extras.labelCache()));
    ObjectNode others = Json.mapper().createObjectNode();
    if (extras.semanticUnavailable() != null) {
      others.put(StepExtrasJson.SEMANTIC_UNAVAILABLE, extras.semanticUnavailable());
    }
    others.setAll(read.others());
    node.set("annotations", others);
    ObjectNode timings = node.putObject("timings_ms");
    timings.put("observe", millis(step.observeTime()));
    timings.put("plan", millis(step.planTime()));
    timings.put("act", millis(step.actTime()));
    timings.put("total", millis(step.observeTime().plus(step.planTime()).plus(step.actTime())));
    node.put(
        "screenshot",
        step.hasScreenshot()
            ? "/api/tasks/" + step.taskId().value() + "/steps/" + step.index() + "/screenshot.png"
            : null);
    return node;
  }

  /**
   * The screen a task left after its last step: {@code after_step, observed_at, scene, locators,
   * screenshot} (the PNG's URL, null when none is kept), or JSON null when none was recorded.
   */
  static JsonNode finalObservation(java.util.Optional<StoredObservation> observation) {
    if (observation.isEmpty()) {
      return NullNode.instance;
    }
    StoredObservation o = observation.get();
    ObjectNode node = Json.mapper().createObjectNode();
    node.put("after_step", o.afterStep());
    node.put("observed_at", instant(o.observedAt()));
    JsonNode scene = tree(o.sceneJson());
    node.set("scene", scene);
    node.set("locators", locators(scene));
    node.put(
        "screenshot",
        o.hasScreenshot() ? "/api/tasks/" + o.taskId().value() + "/final/screenshot.png" : null);
    return node;
  }

  /** The short form of a step for the status: {@code index, action, success, error, started_at}. */
  static ObjectNode stepSummary(StoredStep step) {
    ObjectNode node = Json.mapper().createObjectNode();
    node.put("index", step.index());
    node.put("action", step.action());
    node.put("success", step.success());
    node.put("error", step.error());
    node.put("started_at", instant(step.startedAt()));
    return node;
  }

  /**
   * A pending confirmation: {@code task_id, id, kind, tool, target, matched, description}. The
   * target is screen text: the UI shows it as text, never as markup.
   */
  static ObjectNode confirmation(String taskId, ConsoleConfirmer.Pending pending) {
    ObjectNode node = Json.mapper().createObjectNode();
    node.put("task_id", taskId);
    node.put("id", pending.id());
    node.put("kind", pending.action().kind().code());
    node.put("tool", pending.action().tool());
    node.put("target", pending.action().target());
    node.put("matched", pending.action().matched());
    node.put("description", pending.action().describe());
    return node;
  }

  /**
   * For each element of {@code scene} (by element id) the arguments a flow's {@code tap} locates it
   * by, as {@code apex run --record} would write them ({@link FlowWriter#tapLocator}): {@code
   * {"element": RESOURCE_ID}}, {@code {"text": TEXT}} or both. An element no resource id or text
   * finds alone is left out (a flow could only tap it by position). JSON null for a scene this
   * console cannot read.
   */
  static JsonNode locators(JsonNode sceneJson) {
    if (!sceneJson.isObject()) {
      return NullNode.instance;
    }
    Scene scene;
    try {
      scene = Json.mapper().treeToValue(sceneJson, Scene.class);
    } catch (JsonProcessingException | IllegalArgumentException e) {
      return NullNode.instance;
    }
    ObjectNode out = Json.mapper().createObjectNode();
    for (SceneElement e : scene.elements()) {
      Map<String, Object> locator = FlowWriter.tapLocator(scene, e);
      if (!locator.isEmpty()) {
        out.set(e.id(), Json.mapper().valueToTree(locator));
      }
    }
    return out;
  }

  /** The world state after the step, or JSON null. */
  static JsonNode world(StoredStep step) {
    return value(extras(step).extras().world());
  }

  /** The step's extras; a row this console cannot read shows none rather than failing the page. */
  private static StepExtrasJson.Read extras(StoredStep step) {
    return StepExtrasJson.read(tree(step.annotationsJson()));
  }

  private static JsonNode value(Object typed) {
    return typed == null ? NullNode.instance : Json.mapper().valueToTree(typed);
  }

  private static JsonNode tree(String json) {
    if (json == null) {
      return NullNode.instance;
    }
    try {
      return Json.mapper().readTree(json);
    } catch (JsonProcessingException e) {
      // A row this console cannot read is shown as missing rather than failing the whole page.
      return NullNode.instance;
    }
  }

  private static String instant(Instant instant) {
    return instant == null ? null : instant.toString();
  }

  /** Milliseconds to a tenth: enough to compare steps, short enough to read. */
  private static double millis(Duration duration) {
    return Math.round(duration.toNanos() / 100_000.0) / 10.0;
  }
}
