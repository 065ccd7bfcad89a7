package dev.apex.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.config.ApexConfig;
import dev.apex.core.InvalidInputException;
import dev.apex.core.PlannedStep;
import dev.apex.perception.OcrEngine;
import dev.apex.runtime.flow.Flow;
import dev.apex.tools.ToolRegistry;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The inspector's API over real HTTP, on the simulated phone held open by the real {@link
 * AgentLauncher} (the pipeline {@code apex console} runs): one user of a device at a time between
 * tasks and the inspector, taps recorded as tasks, a sensitive tap asking first, drafts saved under
 * {@code $APEX_HOME/flows} with a checked name, and YAML that does not parse refused with the
 * parser's line.
 */
class InspectorApiTest {

  @RegisterExtension final LogCapture logs = new LogCapture();
  @TempDir Path home;

  private SimLauncher tasks;
  private TestConsole console;

  private final CountDownLatch closed = new CountDownLatch(1);

  /** Tasks from {@code POST /api/tasks} run gated on the sim; the inspector holds a real one. */
  private TestConsole start() {
    return start(b -> b);
  }

  private TestConsole start(UnaryOperator<ConsoleOptions.Builder> options) {
    tasks = SimLauncher.gated();
    AgentLauncher agent = new AgentLauncher(Map.of(), OcrEngine.NONE, Map.of());
    TaskLauncher launcher =
        new TaskLauncher() {
          @Override
          public PreparedTask prepare(TaskRequest request, ApexConfig config) {
            return tasks.prepare(request, config);
          }

          @Override
          public HeldDevice hold(String selector, ApexConfig config) {
            HeldDevice held = agent.hold(selector, config);
            return new HeldDevice() {
              @Override
              public Screen screen() {
                return held.screen();
              }

              @Override
              public Duration deadline() {
                return held.deadline();
              }

              @Override
              public PreparedTask step(String title, PlannedStep step, ApexConfig now) {
                return held.step(title, step, now);
              }

              @Override
              public PreparedTask flow(String yaml, ApexConfig now) {
                return held.flow(yaml, now);
              }

              @Override
              public void close() {
                held.close();
                closed.countDown();
              }
            };
          }
        };
    console = TestConsole.start(home, b -> options.apply(b.launcher(launcher)));
    return console;
  }

  private boolean deviceClosed() throws InterruptedException {
    return closed.await(30, TimeUnit.SECONDS);
  }

  @AfterEach
  void stop() {
    if (console != null) {
      for (int i = 0; i < 8; i++) {
        tasks.release();
      }
      console.close();
    }
    assertThat(logs.text()).doesNotContain(TestConsole.CANARY);
    if (console != null) {
      assertThat(console.responses).noneMatch(r -> r.contains(TestConsole.CANARY));
    }
  }

  private static JsonNode json(HttpResponse<String> response) {
    return TestConsole.json(response);
  }

  private static String connect(TestConsole console) {
    HttpResponse<String> connected = console.post("/api/inspector", "{\"device\": \"sim\"}");
    assertThat(connected.statusCode()).as(connected.body()).isEqualTo(201);
    return json(connected).get("id").asText();
  }

  private static JsonNode screen(TestConsole console, String sid) {
    HttpResponse<String> screen = console.get("/api/inspector/" + sid + "/screen");
    assertThat(screen.statusCode()).as(screen.body()).isEqualTo(200);
    return json(screen);
  }

  private static JsonNode element(JsonNode screen, String resourceIdEnd) {
    for (JsonNode e : screen.get("elements")) {
      if (e.path("resourceId").asText().endsWith(resourceIdEnd)) {
        return e;
      }
    }
    throw new AssertionError("no element " + resourceIdEnd + " on " + screen);
  }

  private static boolean shows(JsonNode screen, String text) {
    for (JsonNode e : screen.get("elements")) {
      if (e.path("text").asText().equals(text)) {
        return true;
      }
    }
    return false;
  }

  /** Taps an element of the last read and waits for its task to end; returns the ended task. */
  private static JsonNode tapAndWait(
      TestConsole console, EventClient events, String sid, String elementId) {
    HttpResponse<String> tapped =
        console.post("/api/inspector/" + sid + "/tap", "{\"element\": " + quote(elementId) + "}");
    assertThat(tapped.statusCode()).as(tapped.body()).isEqualTo(201);
    return finished(events, json(tapped).get("id").asText());
  }

  private static JsonNode finished(EventClient events, String taskId) {
    return events
        .next(e -> e.type().equals("task_finished") && e.data().get("id").asText().equals(taskId))
        .data();
  }

  private static String quote(String text) {
    try {
      return dev.apex.core.Json.mapper().writeValueAsString(text);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void aTaskOnTheDeviceKeepsTheInspectorOutAndAHeldDeviceKeepsTasksOut() {
    TestConsole console = start();
    try (EventClient events = console.events("")) {
      HttpResponse<String> started =
          console.post(
              "/api/tasks",
              "{\"device\": \"sim\", \"flow\": " + quote(SimLauncher.WIFI_FLOW) + "}");
      assertThat(started.statusCode()).isEqualTo(201);
      String task = json(started).get("id").asText();

      HttpResponse<String> refused = console.post("/api/inspector", "{\"device\": \"sim\"}");
      assertThat(refused.statusCode()).isEqualTo(409);
      assertThat(json(refused).get("error").asText())
          .isEqualTo("device sim is busy with task " + task + "; wait for it to end or cancel it");

      for (int i = 0; i < 5; i++) {
        tasks.release();
      }
      assertThat(finished(events, task).get("status").asText()).isEqualTo("SUCCEEDED");

      String sid = connect(console);
      HttpResponse<String> busy =
          console.post(
              "/api/tasks",
              "{\"device\": \"sim\", \"flow\": " + quote(SimLauncher.WIFI_FLOW) + "}");
      assertThat(busy.statusCode()).isEqualTo(409);
      assertThat(json(busy).get("error").asText())
          .startsWith("device sim is held by inspector session " + sid + ";");
      HttpResponse<String> twice = console.post("/api/inspector", "{\"device\": \"sim\"}");
      assertThat(twice.statusCode()).isEqualTo(409);
      assertThat(json(twice).get("error").asText()).contains("held by inspector session " + sid);
      JsonNode listed = json(console.get("/api/inspector"));
      assertThat(listed.get("sessions").get(0).get("id").asText()).isEqualTo(sid);
      assertThat(listed.get("idle_timeout_s").asLong()).isEqualTo(600);

      HttpResponse<String> closed = console.send(console.request("/api/inspector/" + sid).DELETE());
      assertThat(closed.statusCode()).isEqualTo(200);
      assertThat(console.get("/api/inspector/" + sid + "/screen").statusCode()).isEqualTo(404);
      HttpResponse<String> again =
          console.post(
              "/api/tasks",
              "{\"device\": \"sim\", \"flow\": " + quote(SimLauncher.WIFI_FLOW) + "}");
      assertThat(again.statusCode()).as("the device is free once disconnected").isEqualTo(201);
    }
  }

  @Test
  void tapsAreTasksOnTheHeldDeviceAndTheDraftRunsFromItsCurrentScreen() {
    TestConsole console = start();
    try (EventClient events = console.events("")) {
      String sid = connect(console);
      JsonNode home = screen(console, sid);
      JsonNode settings = element(home, "settings_icon");
      assertThat(home.get("screenshot").asText())
          .isEqualTo("/api/inspector/" + sid + "/screen.png?capture=1");
      HttpResponse<byte[]> png = console.getBytes(home.get("screenshot").asText());
      assertThat(png.statusCode()).isEqualTo(200);
      assertThat(png.headers().firstValue("Content-Type")).hasValue("image/png");
      assertThat(png.body()).startsWith(0x89, 'P', 'N', 'G');

      JsonNode tapped = tapAndWait(console, events, sid, settings.get("id").asText());
      assertThat(tapped.get("status").asText()).isEqualTo("SUCCEEDED");
      assertThat(tapped.get("goal").asText()).isEqualTo("inspector: tap \u201cSettings\u201d");
      assertThat(tapped.get("device").asText()).isEqualTo("sim");

      JsonNode main = screen(console, sid);
      JsonNode wifiRow = element(main, "wifi_row");
      assertThat(wifiRow.get("locator").get("element").asText())
          .isEqualTo(wifiRow.get("resourceId").asText());

      String draft =
          "name: Wi-Fi from the inspector\nsteps:\n  - tap: "
              + wifiRow.get("locator")
              + "\n  - tap: { element: \"com.android.settings:id/wifi_switch\" }\n";
      HttpResponse<String> run =
          console.post("/api/inspector/" + sid + "/run", "{\"flow\": " + quote(draft) + "}");
      assertThat(run.statusCode()).as(run.body()).isEqualTo(201);
      JsonNode ran = finished(events, json(run).get("id").asText());
      assertThat(ran.get("status").asText()).as(ran.toString()).isEqualTo("SUCCEEDED");
      assertThat(ran.get("steps").asInt()).isEqualTo(2);

      JsonNode wifi = screen(console, sid);
      JsonNode toggle = element(wifi, "wifi_switch");
      assertThat(toggle.get("flags").toString())
          .as("the draft ran on the inspector's device, from the Settings screen")
          .contains("CHECKED");
      assertThat(wifi.get("capture").asInt()).isEqualTo(3);
    }
  }

  @Test
  void aSensitiveTapAsksFirstAndARefusalLeavesTheScreenAsItWas() {
    TestConsole console = start();
    try (EventClient events = console.events("")) {
      String sid = connect(console);
      tapAndWait(
          console, events, sid, element(screen(console, sid), "messages_icon").get("id").asText());
      JsonNode inbox = screen(console, sid);
      assertThat(shows(inbox, "Unknown sender")).isTrue();
      JsonNode deleteAll = element(inbox, "delete_all");

      HttpResponse<String> tapped =
          console.post(
              "/api/inspector/" + sid + "/tap",
              "{\"element\": " + quote(deleteAll.get("id").asText()) + "}");
      assertThat(tapped.statusCode()).isEqualTo(201);
      String task = json(tapped).get("id").asText();
      EventClient.Event needed =
          events.next(
              e ->
                  e.type().equals("confirmation_needed")
                      && e.data().get("task_id").asText().equals(task));
      assertThat(needed.data().get("kind").asText()).isEqualTo("deletion");
      HttpResponse<String> whileAsking = console.get("/api/inspector/" + sid + "/screen");
      assertThat(whileAsking.statusCode()).isEqualTo(409);
      assertThat(json(whileAsking).get("error").asText())
          .isEqualTo("device sim is busy with task " + task + "; wait for it to end or cancel it");

      HttpResponse<String> refused =
          console.post("/api/tasks/" + task + "/confirmation", "{\"allow\": false}");
      assertThat(refused.statusCode()).isEqualTo(200);
      JsonNode ended = finished(events, task);
      assertThat(ended.get("status").asText()).isEqualTo("FAILED");
      assertThat(ended.get("goal").asText()).isEqualTo("inspector: tap \u201cDelete all\u201d");

      assertThat(shows(screen(console, sid), "Unknown sender"))
          .as("the refused tap did not run")
          .isTrue();
    }
  }

  @Test
  void badBodiesAndUnknownSessionsAreRefusedWithOneLine() {
    TestConsole console = start();
    assertThat(console.post("/api/inspector", "{\"device\": \"sim\", \"x\": 1}").statusCode())
        .isEqualTo(400);
    assertThat(console.post("/api/inspector", "{}").statusCode()).isEqualTo(400);
    HttpResponse<String> unknown = console.post("/api/inspector", "{\"device\": \"nosuch\"}");
    assertThat(unknown.statusCode()).isEqualTo(400);
    assertThat(console.get("/api/inspector/nosuch/screen").statusCode()).isEqualTo(404);
    assertThat(console.get("/api/inspector/no%2Fsuch/screen").statusCode()).isEqualTo(400);

    String sid = connect(console);
    assertThat(
            console.post("/api/inspector/" + sid + "/tap", "{\"element\": \"n0/x\"}").statusCode())
        .as("nothing read yet")
        .isEqualTo(409);
    screen(console, sid);
    HttpResponse<String> notThere =
        console.post("/api/inspector/" + sid + "/tap", "{\"element\": \"n0/nothing\"}");
    assertThat(notThere.statusCode()).isEqualTo(409);
    assertThat(json(notThere).get("error").asText()).contains("refresh");
    assertThat(
            console
                .post("/api/inspector/" + sid + "/tap", "{\"element\": \"a\", \"also\": 1}")
                .statusCode())
        .isEqualTo(400);
    assertThat(console.post("/api/inspector/" + sid + "/key", "{\"key\": \"jump\"}").statusCode())
        .isEqualTo(400);

    String invalid = "name: broken\nsteps:\n  - fly: { to: moon }\n";
    String expected = parseError(invalid, "the console's flow");
    HttpResponse<String> run =
        console.post("/api/inspector/" + sid + "/run", "{\"flow\": " + quote(invalid) + "}");
    assertThat(run.statusCode()).isEqualTo(400);
    assertThat(json(run).get("error").asText()).isEqualTo(expected);
    assertThat(
            console
                .send(
                    console
                        .request("/api/inspector")
                        .header("Content-Type", "text/plain")
                        .POST(java.net.http.HttpRequest.BodyPublishers.ofString("{}")))
                .statusCode())
        .isEqualTo(415);
  }

  @Test
  void aDraftIsSavedUnderApexHomeFlowsWithACheckedName() throws Exception {
    TestConsole console = start();
    String flow = SimLauncher.WIFI_FLOW;
    for (String bad : new String[] {"../evil", "a/b", "a\\\\b", "..", "", "x".repeat(65), "a b"}) {
      HttpResponse<String> refused =
          console.post(
              "/api/flows", "{\"name\": " + quote(bad) + ", \"flow\": " + quote(flow) + "}");
      assertThat(refused.statusCode()).as(bad).isEqualTo(400);
    }
    assertThat(Files.exists(home.resolve("flows").resolve("evil.yaml"))).isFalse();
    assertThat(Files.exists(home.resolve("evil.yaml"))).isFalse();

    HttpResponse<String> saved =
        console.post("/api/flows", "{\"name\": \"wifi-on\", \"flow\": " + quote(flow) + "}");
    assertThat(saved.statusCode()).as(saved.body()).isEqualTo(201);
    Path file = home.resolve("flows").resolve("wifi-on.yaml");
    assertThat(json(saved).get("path").asText()).isEqualTo(file.toString());
    assertThat(Files.readString(file, StandardCharsets.UTF_8)).isEqualTo(flow);
    assertThat(Flow.load(file, ToolRegistry.defaultRegistry()).steps()).hasSize(4);

    String other = flow.replace("Turn Wi-Fi on", "Wi-Fi again");
    HttpResponse<String> exists =
        console.post("/api/flows", "{\"name\": \"wifi-on\", \"flow\": " + quote(other) + "}");
    assertThat(exists.statusCode()).isEqualTo(409);
    assertThat(json(exists).get("error").asText()).contains("flows/wifi-on.yaml exists");
    assertThat(Files.readString(file)).isEqualTo(flow);
    HttpResponse<String> replaced =
        console.post(
            "/api/flows",
            "{\"name\": \"wifi-on\", \"flow\": " + quote(other) + ", \"overwrite\": true}");
    assertThat(replaced.statusCode()).isEqualTo(201);
    assertThat(Files.readString(file)).isEqualTo(other);

    String invalid = "name: broken\nsteps: [\n";
    HttpResponse<String> unparsable =
        console.post("/api/flows", "{\"name\": \"broken\", \"flow\": " + quote(invalid) + "}");
    assertThat(unparsable.statusCode()).isEqualTo(400);
    assertThat(json(unparsable).get("error").asText())
        .isEqualTo(parseError(invalid, "broken.yaml"))
        .doesNotContain("\n");
    assertThat(Files.exists(home.resolve("flows").resolve("broken.yaml"))).isFalse();
    assertThat(
            console
                .post("/api/flows", "{\"name\": \"x\", \"flow\": " + quote(flow) + ", \"y\": 1}")
                .statusCode())
        .isEqualTo(400);
  }

  @Test
  void anIdleSessionIsClosedAndItsDeviceFreed() throws Exception {
    TestConsole console = start(b -> b.inspectorIdleTimeout(Duration.ofMillis(200)));
    String sid = connect(console);

    assertThat(deviceClosed()).as("the idle session's device was closed").isTrue();

    assertThat(console.get("/api/inspector/" + sid).statusCode()).isEqualTo(404);
    HttpResponse<String> task =
        console.post(
            "/api/tasks", "{\"device\": \"sim\", \"flow\": " + quote(SimLauncher.WIFI_FLOW) + "}");
    assertThat(task.statusCode()).as("the device is free again").isEqualTo(201);
  }

  @Test
  void stoppingTheConsoleClosesTheHeldDevice() throws Exception {
    TestConsole console = start();
    String sid = connect(console);
    screen(console, sid);
    assertThat(closed.getCount()).isEqualTo(1);

    console.close();

    assertThat(closed.getCount()).as("closed before stop returned").isZero();
    assertThat(deviceClosed()).isTrue();
  }

  private static String parseError(String yaml, String source) {
    try {
      Flow.parse(yaml, source, ToolRegistry.defaultRegistry());
    } catch (InvalidInputException e) {
      return e.getMessage();
    }
    throw new AssertionError("the flow parsed: " + yaml);
  }
}
