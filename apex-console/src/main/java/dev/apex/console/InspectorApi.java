package dev.apex.console;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.apex.core.Json;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.TaskRecord;
import dev.apex.runtime.flow.FlowWriter;
import java.io.IOException;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The inspector's API ({@link Inspector}): a device held open, its live screen, and taps and drafts
 * run on it as tasks.
 *
 * <ul>
 *   <li>{@code GET /api/inspector}: {@code {"sessions": [session…], "idle_timeout_s"}};
 *   <li>{@code POST /api/inspector} with {@code {"device": "sim"}} (a selector, {@code web:URL} for
 *       the web): opens the device and holds it, 201 with the session {@code {"id", "device",
 *       "connected_at", "busy_with", "last_task"}}; 409 naming the task when one runs on the device
 *       ("device sim is busy with task …; wait for it to end or cancel it") or the session that
 *       holds it; while a session holds a device, {@code POST /api/tasks} on it is a 409 naming the
 *       session; a URL whose origin the config does not allow is a 403 with that {@code origin},
 *       opened when the request is sent again with {@code "allow_origin": ORIGIN} ({@link
 *       DeviceOrigins});
 *   <li>{@code GET /api/inspector/{sid}}: the session;
 *   <li>{@code DELETE /api/inspector/{sid}}: disconnects (closes the device), 200; 409 while a task
 *       runs on it. A session also closes when the console stops, and after the idle timeout (10
 *       minutes by default) without a call;
 *   <li>{@code GET /api/inspector/{sid}/screen}: reads the screen now, under the device deadline
 *       (504 past it; 409 while a task runs on it): {@code {"capture", "captured_at", "width",
 *       "height", "screenshot", "elements": [element… with "locator"]}}: each element as the scene
 *       has it, with the flow locator {@link FlowWriter#tapLocator} picks ({@code {"element":
 *       "<resource id>"}}, {@code {"text": "…"}} or both; null when none is unique, and the draft
 *       then taps the element's centre);
 *   <li>{@code GET /api/inspector/{sid}/screen.png}: the last read's screenshot;
 *   <li>{@code POST /api/inspector/{sid}/tap} with {@code {"element": "<element id>"}}: taps an
 *       element of the last read as a one-step task ({@code inspector: tap “Wi-Fi”}) through the
 *       same tools and safety policy as any task (a sensitive tap waits for Allow/Refuse: {@code
 *       /api/tasks/{id}/confirmation}), 201 with the task;
 *   <li>{@code POST /api/inspector/{sid}/key} with {@code {"key": "back"}}: presses a key, the same
 *       way;
 *   <li>{@code POST /api/inspector/{sid}/run} with {@code {"flow": "<yaml>"}}: runs the flow as a
 *       task on this device from its current screen, 201 with the task; YAML that does not parse is
 *       a 400 with the parser's one line.
 * </ul>
 *
 * Bodies are JSON objects of at most {@value Call#MAX_BODY_BYTES} bytes; an unknown key is a 400.
 */
final class InspectorApi {

  private static final Pattern SESSION_ID = Pattern.compile("[A-Za-z0-9_-]{1,64}");
  private static final Pattern ELEMENT_ID = Pattern.compile("\\S{1,512}");

  private final Inspector inspector;

  InspectorApi(Inspector inspector) {
    this.inspector = inspector;
  }

  void register(Router router) {
    router
        .route("GET", "/api/inspector", this::list)
        .route("POST", "/api/inspector", this::connect)
        .route("GET", "/api/inspector/([^/]+)", this::get)
        .route("DELETE", "/api/inspector/([^/]+)", this::disconnect)
        .route("GET", "/api/inspector/([^/]+)/screen", this::screen)
        .route("GET", "/api/inspector/([^/]+)/screen\\.png", this::screenshot)
        .route("POST", "/api/inspector/([^/]+)/tap", this::tap)
        .route("POST", "/api/inspector/([^/]+)/key", this::key)
        .route("POST", "/api/inspector/([^/]+)/run", this::run);
  }

  private void list(Call call) throws IOException {
    ObjectNode body = Json.mapper().createObjectNode();
    ArrayNode list = body.putArray("sessions");
    inspector.sessions().forEach(s -> list.add(view(s)));
    body.put("idle_timeout_s", inspector.idleTimeout().toSeconds());
    call.json(200, body);
  }

  private void connect(Call call) throws IOException {
    JsonNode body = call.jsonBody();
    JsonBodies.onlyKeys(body, Set.of("device", DeviceOrigins.ALLOW_KEY), "device, e.g. \"sim\"");
    String device = JsonBodies.requiredText(body, "device", "\"sim\"");
    if (device.length() > 200 || !device.strip().equals(device)) {
      throw HttpError.badRequest("device must be a selector such as sim or web:https://…");
    }
    InspectorSession session = inspector.connect(device, DeviceOrigins.allowed(body));
    call.setHeader("Location", "/api/inspector/" + session.id());
    call.json(201, view(session));
  }

  private void get(Call call) throws IOException {
    call.json(200, view(session(call)));
  }

  private void disconnect(Call call) throws IOException {
    InspectorSession session = session(call);
    inspector.disconnect(session.id());
    ObjectNode body = view(session);
    body.put("closed", true);
    call.json(200, body);
  }

  private void screen(Call call) throws IOException {
    InspectorSession session = session(call);
    InspectorSession.Capture capture = inspector.screen(session);
    ObjectNode body = Json.mapper().createObjectNode();
    body.put("session", session.id());
    body.put("device", session.device());
    body.put("capture", capture.number());
    body.put("captured_at", capture.at().toString());
    Scene scene = capture.scene();
    body.put("width", scene.width());
    body.put("height", scene.height());
    if (capture.png() != null && capture.png().length > 0) {
      body.put(
          "screenshot",
          "/api/inspector/" + session.id() + "/screen.png?capture=" + capture.number());
    } else {
      body.putNull("screenshot");
    }
    ArrayNode elements = body.putArray("elements");
    for (SceneElement e : scene.elements()) {
      ObjectNode node = Json.mapper().valueToTree(e);
      Map<String, Object> locator = FlowWriter.tapLocator(scene, e);
      if (locator.isEmpty()) {
        node.putNull("locator");
      } else {
        node.set("locator", Json.mapper().valueToTree(locator));
      }
      elements.add(node);
    }
    call.json(200, body);
  }

  private void screenshot(Call call) throws IOException {
    InspectorSession session = session(call);
    byte[] png =
        session
            .last()
            .map(InspectorSession.Capture::png)
            .filter(p -> p.length > 0)
            .orElseThrow(
                () ->
                    HttpError.notFound(
                        "no screenshot of " + session.device() + " read yet; refresh the screen"));
    call.bytes(200, "image/png", png);
  }

  private void tap(Call call) throws IOException {
    InspectorSession session = session(call);
    String element = onlyText(call, "element", "\"n0/wifi_row\" (an element id of the screen)");
    if (!ELEMENT_ID.matcher(element).matches()) {
      throw HttpError.badRequest("element must be an element id of the screen, e.g. n0/wifi_row");
    }
    started(call, inspector.tap(session, element));
  }

  private void key(Call call) throws IOException {
    InspectorSession session = session(call);
    String key = onlyText(call, "key", "\"back\"");
    if (key.length() > 40) {
      throw HttpError.badRequest("key must be a key name such as back or home");
    }
    started(call, inspector.key(session, key));
  }

  private void run(Call call) throws IOException {
    InspectorSession session = session(call);
    started(call, inspector.run(session, onlyText(call, "flow", "the draft's YAML")));
  }

  /** The body's one field {@code key}, a string that is not blank; anything else is a 400. */
  private static String onlyText(Call call, String key, String example) throws IOException {
    JsonNode body = call.jsonBody();
    JsonBodies.onlyKeys(body, Set.of(key), key + ", e.g. " + example);
    return JsonBodies.requiredText(body, key, example);
  }

  private static void started(Call call, TaskRecord task) throws IOException {
    call.setHeader("Location", "/api/tasks/" + task.id().value());
    call.json(201, Views.task(task));
  }

  private InspectorSession session(Call call) {
    String id = call.pathGroup(1);
    if (!SESSION_ID.matcher(id).matches()) {
      throw HttpError.badRequest("session id must be 1 to 64 letters, digits, '-' or '_'");
    }
    return inspector.session(id);
  }

  private ObjectNode view(InspectorSession session) {
    ObjectNode node = Json.mapper().createObjectNode();
    node.put("id", session.id());
    node.put("device", session.device());
    node.put("connected_at", session.connectedAt().toString());
    node.put("busy_with", inspector.busy(session).map(t -> t.value()).orElse(null));
    node.put("last_task", session.lastTask());
    return node;
  }
}
