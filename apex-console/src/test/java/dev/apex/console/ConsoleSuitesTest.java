package dev.apex.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The suite runs ({@code apex test}) a console shows: {@code GET /api/suites} lists each with its
 * tasks counted by status, {@code GET /api/tasks?suite=ID} lists its tasks (with the other
 * filters), a task says its suite; bad values are a 400, and the access policy is every endpoint's.
 */
class ConsoleSuitesTest {

  @TempDir Path home;
  private TestConsole console;

  @BeforeEach
  void start() {
    console = TestConsole.start(home, SimLauncher.free());
  }

  @AfterEach
  void stop() {
    console.close();
  }

  private void ran(String id, String goal, String suite, TaskStatus status) {
    console.timeline.startTask(TaskId.of(id), "sim", goal, suite);
    if (status != TaskStatus.RUNNING) {
      console.timeline.finishTask(TaskId.of(id), status, "done");
    }
  }

  private List<String> ids(String query) {
    JsonNode tasks = TestConsole.json(console.get("/api/tasks" + query)).get("tasks");
    List<String> ids = new ArrayList<>();
    tasks.forEach(t -> ids.add(t.get("id").asText()));
    return ids;
  }

  @Test
  void suitesAreListedNewestFirstWithCountsAndTheirTasksAreTheTaskListFilteredBySuite() {
    ran("a1", "flow a", "s-old", TaskStatus.SUCCEEDED);
    ran("a2", "flow b", "s-old", TaskStatus.FAILED);
    ran("a3", "flow c", "s-old", TaskStatus.BUDGET_EXCEEDED);
    ran("alone", "flow a", null, TaskStatus.FAILED);
    ran("b1", "flow a", "s-new", TaskStatus.CANCELLED);
    ran("b2", "flow b", "s-new", TaskStatus.RUNNING);

    JsonNode body = TestConsole.json(console.get("/api/suites"));
    assertThat(body.get("limit").asInt()).isEqualTo(20);
    JsonNode suites = body.get("suites");
    assertThat(suites).hasSize(2);
    JsonNode running = suites.get(0);
    assertThat(running.get("id").asText()).isEqualTo("s-new");
    assertThat(running.get("ended_at").isNull()).isTrue();
    assertThat(counts(running)).containsExactly(2, 0, 0, 1, 1);
    assertThat(running.get("hosts")).hasSize(1);
    JsonNode ended = suites.get(1);
    assertThat(ended.get("id").asText()).isEqualTo("s-old");
    assertThat(counts(ended)).containsExactly(3, 1, 2, 0, 0);
    assertThat(ended.get("started_at").asText()).isNotBlank();
    assertThat(ended.get("ended_at").asText()).isNotBlank();
    assertThat(TestConsole.json(console.get("/api/suites?limit=1")).get("suites"))
        .extracting(s -> s.get("id").asText())
        .containsExactly("s-new");

    assertThat(ids("?suite=s-old")).containsExactly("a3", "a2", "a1");
    assertThat(ids("?suite=s-old&status=FAILED,BUDGET_EXCEEDED")).containsExactly("a3", "a2");
    assertThat(ids("?suite=s-new&device=sim&limit=1&offset=1")).containsExactly("b1");
    assertThat(ids("?suite=nothing-here")).isEmpty();
    assertThat(TestConsole.json(console.get("/api/tasks/a2")).get("suite_id").asText())
        .isEqualTo("s-old");
    assertThat(TestConsole.json(console.get("/api/tasks/alone")).get("suite_id").isNull()).isTrue();

    console.timeline.finishTask(TaskId.of("b2"), TaskStatus.SUCCEEDED, "ok");
    JsonNode done = TestConsole.json(console.get("/api/suites")).get("suites").get(0);
    assertThat(counts(done)).containsExactly(2, 1, 0, 1, 0);
    assertThat(done.get("ended_at").asText()).isNotBlank();
  }

  private static List<Integer> counts(JsonNode suite) {
    return List.of(
        suite.get("tasks").asInt(),
        suite.get("passed").asInt(),
        suite.get("failed").asInt(),
        suite.get("cancelled").asInt(),
        suite.get("running").asInt());
  }

  @Test
  void aBadSuiteOrLimitIsA400OfOneJsonLineAndNothingIsListed() {
    ran("a1", "flow a", "s1", TaskStatus.SUCCEEDED);

    for (String path :
        List.of(
            "/api/tasks?suite=" + "x".repeat(201),
            "/api/tasks?suite=%3Cscript%3E",
            "/api/suites?limit=abc",
            "/api/suites?limit=201")) {
      HttpResponse<String> response = console.get(path);
      assertThat(response.statusCode()).as(path).isEqualTo(400);
      assertThat(response.body().strip()).doesNotContain("\n");
      assertThat(TestConsole.json(response).get("error").asText())
          .containsAnyOf("suite must be", "limit must be");
      assertThat(response.body()).doesNotContain("<script>");
    }
  }

  @Test
  void theSuitesFollowTheAccessPolicyOfEveryEndpoint() {
    ran("a1", "flow a", "s1", TaskStatus.SUCCEEDED);
    int port = console.server.port();

    HttpResponse<String> anonymous =
        console.send(HttpRequest.newBuilder(console.uri("/api/suites")));
    HttpResponse<String> wrongToken =
        console.send(
            HttpRequest.newBuilder(console.uri("/api/tasks?suite=s1"))
                .header("Authorization", "Bearer nope"));
    HttpResponse<String> foreignOrigin =
        console.send(console.request("/api/suites").header("Origin", "http://evil.example"));
    HttpResponse<String> foreignHost =
        console.send(console.request("/api/suites").header("Host", "evil.example:" + port));

    assertThat(anonymous.statusCode()).isEqualTo(401);
    assertThat(wrongToken.statusCode()).isEqualTo(401);
    assertThat(foreignOrigin.statusCode()).isEqualTo(403);
    assertThat(foreignHost.statusCode()).isEqualTo(403);
    for (HttpResponse<String> refused :
        List.of(anonymous, wrongToken, foreignOrigin, foreignHost)) {
      assertThat(refused.body()).doesNotContain("s1");
    }
    assertThat(
            console
                .send(console.request("/api/suites").header("Origin", "http://127.0.0.1:" + port))
                .statusCode())
        .isEqualTo(200);
  }
}
