package dev.apex.console;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.apex.core.Json;
import dev.apex.core.TaskId;
import dev.apex.core.TaskRecord;
import dev.apex.runtime.flow.FlowVariables;
import dev.apex.storage.StoredStep;
import dev.apex.storage.TaskEntry;
import dev.apex.storage.Timeline;
import java.io.IOException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The tasks API:
 *
 * <ul>
 *   <li>{@code GET /api/tasks?limit=20&offset=0}: a page of tasks, newest first, with {@code
 *       has_more}; filtered by status, device, host, start time and suite run ({@link TaskQuery});
 *   <li>{@code GET /api/tasks/{id}}: one task;
 *   <li>{@code GET /api/tasks/{id}/steps?after=0}: its steps after index {@code after};
 *   <li>{@code GET /api/tasks/{id}/steps/{index}/screenshot.png}: the PNG observed before a step;
 *       step N's "after" is step N + 1's, the last step's is the task's {@code final_observation}
 *       (in the steps answer) at {@code GET /api/tasks/{id}/final/screenshot.png};
 *   <li>{@code GET /api/tasks/{id}/report}: the task as one self-contained HTML file ({@link
 *       TaskReport}), as an attachment;
 *   <li>{@code POST /api/tasks} with {@code {"device": "sim", "goal": "…"}} or {@code {"device":
 *       "sim", "flow": "<yaml>", "vars": {"NAME": "VALUE"}}}: starts a task here, 201 with the
 *       task; a goal with no model configured to plan it is a 400 saying how to configure one, and
 *       nothing is recorded; so is a flow's {@code ${NAME}} that {@code vars} does not name (the
 *       only values it takes, never the console's environment); a {@code web:URL} whose origin the
 *       config does not allow is a 403 with that {@code origin}, and the same request with {@code
 *       "allow_origin": ORIGIN} (the person's Allow) runs with that origin allowed ({@link
 *       DeviceOrigins});
 *   <li>{@code POST /api/tasks/{id}/cancel}: stops a running task after its current step, 202: one
 *       this console started at once, one another process runs ({@code apex run}, another console)
 *       through the timeline, where its owner reads the request on its next heartbeat; 409 when it
 *       already ended;
 *   <li>{@code GET /api/tasks/{id}/confirmation}: {@code {"pending": true, "confirmation": {…}}}
 *       while the task waits for a person to allow a sensitive action (see {@link
 *       Views#confirmation}), else {@code {"pending": false}};
 *   <li>{@code POST /api/tasks/{id}/confirmation} with {@code {"allow": true|false}} (and
 *       optionally the pending action's {@code "id"}, so a stale answer cannot allow a later
 *       action): answers it, 200; 409 when nothing (or another action) is pending.
 * </ul>
 */
final class TasksApi {

  static final int MAX_PAGE = 200;
  static final int MAX_GOAL_CHARS = 2_000;
  private static final Set<String> START_KEYS =
      Set.of("device", "goal", "flow", "vars", DeviceOrigins.ALLOW_KEY);
  private static final Set<String> ANSWER_KEYS = Set.of("allow", "id");

  /** The reason a task cancelled from the console ends with (then " after N step(s)"). */
  static final String CANCEL_REASON = "cancelled from the console";

  private final Timeline timeline;
  private final RunningTasks running;
  private final String version;

  TasksApi(Timeline timeline, RunningTasks running, String version) {
    this.timeline = timeline;
    this.running = running;
    this.version = version;
  }

  void register(Router router) {
    router
        .route("GET", "/api/tasks", this::list)
        .route("POST", "/api/tasks", this::start)
        .route("GET", "/api/tasks/([^/]+)", this::task)
        .route("GET", "/api/tasks/([^/]+)/steps", this::steps)
        .route("GET", "/api/tasks/([^/]+)/steps/([^/]+)/screenshot\\.png", this::screenshot)
        .route("GET", "/api/tasks/([^/]+)/final/screenshot\\.png", this::finalScreenshot)
        .route("GET", "/api/tasks/([^/]+)/report", this::report)
        .route("POST", "/api/tasks/([^/]+)/cancel", this::cancel)
        .route("GET", "/api/tasks/([^/]+)/confirmation", this::confirmation)
        .route("POST", "/api/tasks/([^/]+)/confirmation", this::answer);
  }

  /**
   * {@code GET /api/tasks[?limit&offset&status&device&host&since&until&suite]}: a page of tasks,
   * newest first, each with its host and runner; filtered by {@link TaskQuery}.
   */
  private void list(Call call) throws IOException {
    int limit = call.intQuery("limit", 20, 1, MAX_PAGE);
    int offset = call.intQuery("offset", 0, 0, Integer.MAX_VALUE - MAX_PAGE - 1);
    List<TaskEntry> page = timeline.tasks(TaskQuery.filter(call), limit + 1, offset);
    ObjectNode body = Json.mapper().createObjectNode();
    ArrayNode tasks = body.putArray("tasks");
    page.stream().limit(limit).forEach(t -> tasks.add(Views.task(t)));
    body.put("limit", limit);
    body.put("offset", offset);
    body.put("has_more", page.size() > limit);
    call.json(200, body);
  }

  private void task(Call call) throws IOException {
    call.json(200, Views.task(findEntry(call.taskId(1))));
  }

  private void steps(Call call) throws IOException {
    TaskId id = call.taskId(1);
    int after = call.intQuery("after", 0, 0, Integer.MAX_VALUE);
    TaskEntry entry = findEntry(id);
    TaskRecord task = entry.task();
    ObjectNode body = Json.mapper().createObjectNode();
    body.set("task", Views.task(entry));
    ArrayNode steps = body.putArray("steps");
    for (StoredStep step : timeline.stepsAfter(task.id(), after)) {
      steps.add(Views.step(step));
    }
    body.set("final_observation", Views.finalObservation(timeline.finalObservation(task.id())));
    call.json(200, body);
  }

  private void screenshot(Call call) throws IOException {
    TaskId id = call.taskId(1);
    int index = call.pathIndex(2, "step index");
    find(id);
    Optional<byte[]> png = timeline.screenshot(id, index);
    if (png.isEmpty()) {
      throw HttpError.notFound(
          "step "
              + index
              + " of task "
              + id
              + " has no screenshot (none taken, or retention dropped it)");
    }
    // A phone's screen is private data: it keeps the Router's "Cache-Control: no-store", so it
    // never sits in a browser's cache after the tab is closed.
    call.bytes(200, "image/png", png.get());
  }

  private void finalScreenshot(Call call) throws IOException {
    TaskId id = call.taskId(1);
    find(id);
    byte[] png =
        timeline
            .finalScreenshot(id)
            .orElseThrow(
                () ->
                    HttpError.notFound(
                        "task "
                            + id
                            + " has no screenshot after its last step (none taken, or retention"
                            + " dropped it)"));
    call.bytes(200, "image/png", png);
  }

  /** The task's {@link TaskReport}, as a download: the same bytes {@code apex report} writes. */
  private void report(Call call) throws IOException {
    TaskId id = call.taskId(1);
    byte[] html =
        TaskReport.render(timeline, id, version)
            .orElseThrow(() -> HttpError.notFound("no task " + id + " in this timeline"));
    call.setHeader("Content-Security-Policy", TaskReport.CSP);
    call.setHeader(
        "Content-Disposition", "attachment; filename=\"" + TaskReport.defaultFileName(id) + "\"");
    call.bytes(200, "text/html; charset=utf-8", html);
  }

  private void start(Call call) throws IOException {
    JsonNode body = call.jsonBody();
    for (Iterator<String> names = body.fieldNames(); names.hasNext(); ) {
      String name = names.next();
      if (!START_KEYS.contains(name)) {
        throw HttpError.badRequest(
            "unknown key " + name + "; give device and one of goal or flow (with its vars)");
      }
    }
    String device = text(body, "device");
    String goal = text(body, "goal");
    String flow = text(body, "flow");
    if (device == null || device.isBlank()) {
      throw HttpError.badRequest("device is required, e.g. \"sim\"");
    }
    if (device.length() > 200 || !device.strip().equals(device)) {
      throw HttpError.badRequest("device must be a selector such as sim or android:SERIAL");
    }
    boolean hasGoal = goal != null && !goal.isBlank();
    boolean hasFlow = flow != null && !flow.isBlank();
    if (hasGoal == hasFlow) {
      throw HttpError.badRequest("give exactly one of goal (words) and flow (YAML text)");
    }
    if (hasGoal && goal.length() > MAX_GOAL_CHARS) {
      throw HttpError.badRequest("goal must be at most " + MAX_GOAL_CHARS + " characters");
    }
    FlowVariables vars = vars(body.get("vars"));
    if (hasGoal && !vars.values().isEmpty()) {
      throw HttpError.badRequest("vars fill a flow's ${NAME}; a goal has none, so drop them");
    }
    TaskRequest request =
        hasGoal ? TaskRequest.goal(device, goal.strip()) : TaskRequest.flow(device, flow, vars);
    TaskRecord task = running.start(request, DeviceOrigins.allowed(body));
    call.setHeader("Location", "/api/tasks/" + task.id().value());
    call.json(201, view(task));
  }

  private void cancel(Call call) throws IOException {
    TaskRecord task = find(call.taskId(1));
    if (task.status().isFinal()) {
      throw HttpError.conflict("task " + task.id() + " already ended (" + task.status() + ")");
    }
    if (!running.cancel(task.id()) && !timeline.requestCancel(task.id(), CANCEL_REASON)) {
      TaskRecord now = find(task.id());
      throw HttpError.conflict("task " + now.id() + " already ended (" + now.status() + ")");
    }
    ObjectNode body = view(task);
    body.put("cancel_requested", true);
    call.json(202, body);
  }

  private void confirmation(Call call) throws IOException {
    TaskRecord task = find(call.taskId(1));
    ObjectNode body = Json.mapper().createObjectNode();
    Optional<ConsoleConfirmer.Pending> pending =
        running.confirmer(task.id()).flatMap(ConsoleConfirmer::pending);
    body.put("pending", pending.isPresent());
    pending.ifPresent(p -> body.set("confirmation", Views.confirmation(task.id().value(), p)));
    call.json(200, body);
  }

  private void answer(Call call) throws IOException {
    JsonNode body = call.jsonBody();
    for (Iterator<String> names = body.fieldNames(); names.hasNext(); ) {
      String name = names.next();
      if (!ANSWER_KEYS.contains(name)) {
        throw HttpError.badRequest("unknown key " + name + "; give allow (true or false)");
      }
    }
    JsonNode allow = body.get("allow");
    if (allow == null || !allow.isBoolean()) {
      throw HttpError.badRequest("allow must be true or false");
    }
    JsonNode idNode = body.get("id");
    if (idNode != null && !idNode.isNull() && !idNode.canConvertToLong()) {
      throw HttpError.badRequest("id must be the pending confirmation's number");
    }
    Long id = idNode == null || idNode.isNull() ? null : idNode.longValue();
    TaskRecord task = find(call.taskId(1));
    ConsoleConfirmer.Pending answered =
        running
            .confirmer(task.id())
            .flatMap(c -> c.answer(id, allow.booleanValue()))
            .orElseThrow(
                () ->
                    HttpError.conflict(
                        "task "
                            + task.id()
                            + " is not waiting for a confirmation"
                            + (id == null ? "" : " numbered " + id)
                            + "; reload it to see what it waits for"));
    ObjectNode view = Views.confirmation(task.id().value(), answered);
    view.put("allowed", allow.booleanValue());
    call.json(200, view);
  }

  private TaskRecord find(TaskId id) {
    return timeline
        .task(id)
        .orElseThrow(() -> HttpError.notFound("no task " + id + " in this timeline"));
  }

  private TaskEntry findEntry(TaskId id) {
    return timeline
        .entry(id)
        .orElseThrow(() -> HttpError.notFound("no task " + id + " in this timeline"));
  }

  private ObjectNode view(TaskRecord task) {
    return Views.task(task);
  }

  /** A string field, null when absent or JSON null; any other type is a 400 naming the key. */
  /**
   * A request's {@code vars}: an object of {@code NAME: "VALUE"}, the only values a flow's {@code
   * ${NAME}}s take (never the console's environment). No message quotes a value.
   *
   * @throws HttpError 400 when it is not such an object; {@link
   *     dev.apex.core.InvalidInputException} (a 400) for a name that is not {@code
   *     [A-Z_][A-Z0-9_]*}
   */
  private static FlowVariables vars(JsonNode node) {
    if (node == null || node.isNull()) {
      return FlowVariables.none();
    }
    if (!node.isObject()) {
      throw HttpError.badRequest("vars must be an object of NAME: \"VALUE\" strings");
    }
    Map<String, String> values = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      if (!e.getValue().isTextual()) {
        throw HttpError.badRequest("vars." + e.getKey() + " must be a string");
      }
      values.put(e.getKey(), e.getValue().textValue());
    }
    return FlowVariables.of(values);
  }

  private static String text(JsonNode body, String key) {
    JsonNode node = body.get(key);
    if (node == null || node.isNull()) {
      return null;
    }
    if (!node.isTextual()) {
      throw HttpError.badRequest(key + " must be a string");
    }
    return node.textValue();
  }
}
