package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.config.ApexConfigStore;
import dev.apex.console.AgentLauncher;
import dev.apex.console.ConsoleOptions;
import dev.apex.console.ConsoleServer;
import dev.apex.core.Json;
import dev.apex.perception.OcrEngine;
import dev.apex.runtime.planner.PlannerModels;
import dev.apex.storage.SqliteTimeline;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The console with no model configured: its status says so in the words a goal is refused with,
 * {@code POST /api/tasks} with a goal answers 400 and records nothing, and a flow still runs.
 */
class ConsoleGoalRefusalTest {

  @TempDir Path dir;
  private SqliteTimeline timeline;
  private ConsoleServer console;
  private final HttpClient http = HttpClient.newHttpClient();

  private void start(Map<String, String> env) {
    timeline = SqliteTimeline.open(dir.resolve("t.db"));
    ApexConfigStore config = ApexConfigStore.open(dir.resolve("config.json"), env);
    console =
        ConsoleServer.start(
            ConsoleOptions.builder(timeline, config)
                .port(0)
                .devices(() -> List.of("sim"))
                .launcher(new AgentLauncher(Map.of(), OcrEngine.NONE, Map.of()))
                .build());
  }

  @AfterEach
  void stop() {
    if (console != null) {
      console.stop();
      timeline.close();
    }
  }

  private HttpResponse<String> send(String path, String postBody) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(console.baseUrl().resolve(URI.create(path)))
            .timeout(Duration.ofSeconds(30))
            .header("Authorization", "Bearer " + console.token());
    if (postBody != null) {
      request
          .header("Content-Type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofString(postBody));
    }
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void withoutAKeyTheStatusSaysSoAndAGoalIsRefusedWithTheSameWords() throws Exception {
    start(Map.of("APEX_HOME", dir.toString()));

    JsonNode status = Json.mapper().readTree(send("/api/status", null).body());
    assertThat(status.get("model_configured").asBoolean()).isFalse();
    assertThat(status.get("goal_refusal").asText()).isEqualTo(PlannerModels.NONE_CONFIGURED);

    HttpResponse<String> refused =
        send("/api/tasks", "{\"device\":\"sim\",\"goal\":\"Turn Wi-Fi on\"}");
    assertThat(refused.statusCode()).isEqualTo(400);
    assertThat(Json.mapper().readTree(refused.body()).get("error").asText())
        .isEqualTo(PlannerModels.NONE_CONFIGURED);
    assertThat(timeline.tasks(10, 0)).as("nothing recorded").isEmpty();

    HttpResponse<String> flow =
        send(
            "/api/tasks",
            Json.write(
                Map.of("device", "sim", "flow", "name: look\nsteps:\n  - describe_screen\n")));
    assertThat(flow.statusCode()).as(flow.body()).isEqualTo(201);
  }

  @Test
  void withAKeyTheStatusSaysAModelIsConfigured() throws Exception {
    start(Map.of("APEX_HOME", dir.toString(), "ANTHROPIC_API_KEY", "sk-canary-status"));

    HttpResponse<String> response = send("/api/status", null);
    JsonNode status = Json.mapper().readTree(response.body());
    assertThat(status.get("model_configured").asBoolean()).isTrue();
    assertThat(status.has("goal_refusal")).isFalse();
    assertThat(response.body()).doesNotContain("sk-canary-status");
  }
}
