package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.config.ApexConfigStore;
import dev.apex.console.AgentLauncher;
import dev.apex.console.ConsoleOptions;
import dev.apex.console.ConsoleServer;
import dev.apex.core.Json;
import dev.apex.perception.OcrEngine;
import dev.apex.storage.SqliteTimeline;
import dev.apex.testkit.llm.FakeMessagesApi;
import dev.apex.testkit.llm.FakeReply;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A console goal planned by Claude (a fake Messages API) wants to launch an app the config does not
 * allow: the console shows it, a person allows it over the API, and the step runs.
 */
class ConsoleConfirmGoalTest {

  private static final Duration DEADLINE = Duration.ofSeconds(60);

  @TempDir Path dir;
  private FakeMessagesApi claude;
  private SqliteTimeline timeline;
  private ConsoleServer console;
  private final HttpClient http = HttpClient.newHttpClient();
  private final BlockingQueue<String> events = new LinkedBlockingQueue<>();

  @BeforeEach
  void start() throws Exception {
    claude = FakeMessagesApi.start();
    timeline = SqliteTimeline.open(dir.resolve("t.db"));
    ApexConfigStore config =
        ApexConfigStore.open(
            dir.resolve("config.json"),
            Map.of("ANTHROPIC_API_KEY", "sk-canary-console", "APEX_HOME", dir.toString()));
    console =
        ConsoleServer.start(
            ConsoleOptions.builder(timeline, config)
                .port(0)
                .devices(() -> List.of("sim"))
                .launcher(
                    new AgentLauncher(
                        Map.of("ANTHROPIC_BASE_URL", claude.baseUrl()), OcrEngine.NONE, Map.of()))
                .pollInterval(Duration.ofMillis(50))
                .build());
    // Every event line, read on the client's thread; the test waits on the queue with a deadline.
    HttpResponse<java.util.stream.Stream<String>> stream =
        http.send(request("/api/events").GET().build(), HttpResponse.BodyHandlers.ofLines());
    assertThat(stream.statusCode()).isEqualTo(200);
    Thread reader = new Thread(() -> stream.body().forEach(events::add), "sse-reader");
    reader.setDaemon(true);
    reader.start();
  }

  @AfterEach
  void stop() {
    console.stop();
    timeline.close();
    claude.close();
  }

  private HttpRequest.Builder request(String path) {
    return HttpRequest.newBuilder(console.baseUrl().resolve(path))
        .timeout(DEADLINE)
        .header("Authorization", "Bearer " + console.token());
  }

  private JsonNode send(HttpRequest.Builder request, int status) throws Exception {
    HttpResponse<String> response =
        http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    return Json.mapper().readTree(response.body());
  }

  private JsonNode post(String path, String body, int status) throws Exception {
    return send(
        request(path)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body)),
        status);
  }

  /** The data of the next event of {@code type}. */
  private JsonNode next(String type) throws Exception {
    long end = System.nanoTime() + DEADLINE.toNanos();
    boolean wanted = false;
    while (System.nanoTime() < end) {
      String line = events.poll(end - System.nanoTime(), TimeUnit.NANOSECONDS);
      if (line == null) {
        break;
      }
      if (line.equals("event: " + type)) {
        wanted = true;
      } else if (wanted && line.startsWith("data: ")) {
        return Json.mapper().readTree(line.substring("data: ".length()));
      }
    }
    throw new AssertionError("no " + type + " event came");
  }

  @Test
  void anAppOutsideTheAllowListLaunchesOnceAllowedOverTheApi() throws Exception {
    claude.enqueue(
        FakeReply.toolUse("toolu_1", "launch_app", Map.of("app_id", "com.android.settings")),
        FakeReply.toolUse("toolu_2", "done", Map.of("summary", "Settings is open.")));

    String id =
        post("/api/tasks", "{\"device\": \"sim\", \"goal\": \"open settings\"}", 201)
            .get("id")
            .asText();

    JsonNode needed = next("confirmation_needed");
    assertThat(needed.get("task_id").asText()).isEqualTo(id);
    assertThat(needed.get("kind").asText()).isEqualTo("app_launch");
    assertThat(needed.get("description").asText()).contains("com.android.settings");
    JsonNode pending = send(request("/api/tasks/" + id + "/confirmation").GET(), 200);
    assertThat(pending.get("pending").asBoolean()).isTrue();

    post("/api/tasks/" + id + "/confirmation", "{\"allow\": true}", 200);

    assertThat(next("confirmation_resolved").get("outcome").asText()).isEqualTo("allowed");
    JsonNode finished = next("task_finished");
    assertThat(finished.get("status").asText()).as(finished.toString()).isEqualTo("SUCCEEDED");
    JsonNode steps = send(request("/api/tasks/" + id + "/steps").GET(), 200).get("steps");
    assertThat(steps.get(0).get("action").asText()).contains("launch_app");
    assertThat(steps.get(0).get("success").asBoolean()).as(steps.toString()).isTrue();
  }

  @Test
  void anAppTheConfigAllowsLaunchesWithoutAsking() throws Exception {
    JsonNode saved =
        send(
            request("/api/config")
                .header("Content-Type", "application/json")
                .PUT(
                    HttpRequest.BodyPublishers.ofString(
                        "{\"planner\": {\"allowed_apps\": [\"com.android.settings\"]}}")),
            200);
    assertThat(saved.get("planner").get("allowed_apps").get(0).asText())
        .isEqualTo("com.android.settings");
    claude.enqueue(
        FakeReply.toolUse("toolu_1", "launch_app", Map.of("app_id", "com.android.settings")),
        FakeReply.toolUse("toolu_2", "done", Map.of("summary", "Settings is open.")));

    String id =
        post("/api/tasks", "{\"device\": \"sim\", \"goal\": \"open settings\"}", 201)
            .get("id")
            .asText();

    JsonNode finished = next("task_finished");
    assertThat(finished.get("id").asText()).isEqualTo(id);
    assertThat(finished.get("status").asText()).as(finished.toString()).isEqualTo("SUCCEEDED");
    assertThat(events).noneMatch(line -> line.contains("confirmation_needed"));
  }

  @Test
  void anUnknownActionKindIsA400NamingIt() throws Exception {
    JsonNode error =
        send(
            request("/api/config")
                .header("Content-Type", "application/json")
                .PUT(
                    HttpRequest.BodyPublishers.ofString(
                        "{\"planner\": {\"allowed_actions\": [\"teleport\"]}}")),
            400);
    assertThat(error.toString()).contains("unknown action kind teleport");
  }
}
