package dev.apex.console;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.apex.config.ApexConfigStore;
import dev.apex.config.ConfigJson;
import dev.apex.core.Json;
import dev.apex.core.TaskRecord;
import dev.apex.core.TaskStatus;
import dev.apex.storage.StoredStep;
import dev.apex.storage.Timeline;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The status and config API:
 *
 * <ul>
 *   <li>{@code GET /api/status}: the version, the reachable devices, whether this console can start
 *       tasks, whether a model is configured to plan goals ({@code model_configured}; when not,
 *       {@code goal_refusal} says how to configure one), and each running task (of the newest
 *       {@value #RUNNING_WINDOW}, whichever process runs it) with its current step and world state;
 *   <li>{@code GET /api/config}: the effective settings, the API key only as set or unset;
 *   <li>{@code GET /api/config/fields}: every setting's declaration ({@link ConfigJson#fields()}),
 *       which the settings page renders;
 *   <li>{@code PUT /api/config}: changes the keys given (any subset of the config file's shape);
 *       every field is checked first and an unknown key or bad value is a 400 naming it. Tasks
 *       started afterwards use the new settings.
 * </ul>
 */
final class StatusApi {

  static final int RUNNING_WINDOW = 100;

  private static final Logger log = LoggerFactory.getLogger(StatusApi.class);

  private final Timeline timeline;
  private final ApexConfigStore config;
  private final Supplier<List<String>> devices;
  private final RunningTasks running;
  private final TimelineHealth health;
  private final String version;

  StatusApi(
      Timeline timeline,
      ApexConfigStore config,
      Supplier<List<String>> devices,
      RunningTasks running,
      TimelineHealth health,
      String version) {
    this.timeline = timeline;
    this.health = health;
    this.config = config;
    this.devices = devices;
    this.running = running;
    this.version = version;
  }

  void register(Router router) {
    router
        .route("GET", "/api/status", this::status)
        .route("GET", "/api/config", this::config)
        .route("GET", "/api/config/fields", call -> call.json(200, ConfigJson.fields()))
        .route("PUT", "/api/config", this::updateConfig);
  }

  private void status(Call call) throws IOException {
    ObjectNode body = Json.mapper().createObjectNode();
    body.put("version", version);
    ArrayNode deviceList = body.putArray("devices");
    try {
      List<String> reachable = devices.get();
      if (reachable != null) {
        reachable.forEach(deviceList::add);
      }
    } catch (RuntimeException e) {
      log.warn("cannot list the reachable devices", e);
    }
    body.put("can_start_tasks", running.canStart());
    Optional<String> goalRefusal = running.goalRefusal();
    body.put("model_configured", running.canStart() && goalRefusal.isEmpty());
    goalRefusal.ifPresent(reason -> body.put("goal_refusal", reason));
    ArrayNode runningTasks = body.putArray("running");
    try {
      for (TaskRecord task : timeline.tasks(RUNNING_WINDOW, 0)) {
        if (task.status() == TaskStatus.RUNNING) {
          runningTasks.add(running(task));
        }
      }
      health.reachable();
    } catch (RuntimeException e) {
      // Unreachable: the status still answers, saying so; anything else is the router's 500.
      health.failed(e).orElseThrow(() -> e);
      runningTasks.removeAll();
    }
    body.set("timeline", health.json());
    call.json(200, body);
  }

  private ObjectNode running(TaskRecord task) {
    ObjectNode node = Json.mapper().createObjectNode();
    node.set("task", Views.task(task));
    List<StoredStep> last =
        task.steps() == 0 ? List.of() : timeline.stepsAfter(task.id(), task.steps() - 1);
    if (last.isEmpty()) {
      node.set("current_step", NullNode.instance);
      node.set("world", NullNode.instance);
    } else {
      StoredStep step = last.get(last.size() - 1);
      node.set("current_step", Views.stepSummary(step));
      node.set("world", Views.world(step));
    }
    return node;
  }

  private void config(Call call) throws IOException {
    call.json(200, publicConfig());
  }

  private void updateConfig(Call call) throws IOException {
    try {
      config.update(call.jsonBody());
    } catch (UncheckedIOException e) {
      log.warn("cannot save the settings", e);
      throw new HttpError(500, e.getMessage());
    }
    log.info("settings changed from the console; tasks started from now on use them");
    call.json(200, publicConfig());
  }

  private ObjectNode publicConfig() {
    ObjectNode body = config.publicJson();
    body.put("file", config.file().toString());
    return body;
  }
}
