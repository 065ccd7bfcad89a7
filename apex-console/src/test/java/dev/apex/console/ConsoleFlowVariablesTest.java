package dev.apex.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.perception.OcrEngine;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28, item 2, on the console: a flow's {@code ${NAME}} takes the request's {@code vars} only,
 * never the console's environment; an unnamed one is a 400 before anything runs. The real pipeline
 * ({@link AgentLauncher}) on the sim, through {@code POST /api/tasks}.
 */
class ConsoleFlowVariablesTest {

  /** Taps the row a variable names, then types another into nothing (the sim drops it). */
  private static final String FLOW =
      "name: Row by variable\nsteps:\n  - launch_app: com.android.settings\n"
          + "  - tap: { text: \"${APEX_C_ROW}\" }\n"
          + "  - type_text: { text: \"${APEX_C_PASSWORD}\", secret: true }\n";

  private static final String SECRET = "console-var-secret-3141";

  @RegisterExtension final LogCapture logs = new LogCapture();
  @TempDir Path home;
  private TestConsole console;

  @AfterEach
  void stop() {
    if (console != null) {
      console.close();
      assertThat(console.responses).noneMatch(r -> r.contains(SECRET));
    }
    assertThat(logs.text()).doesNotContain(SECRET);
  }

  /** The console's environment holds both variables: it must not fill the flow with them. */
  private void start() {
    console =
        TestConsole.start(
            home,
            new AgentLauncher(
                Map.of("APEX_C_ROW", "Wi-Fi", "APEX_C_PASSWORD", SECRET),
                OcrEngine.NONE,
                Map.of()));
  }

  private static String body(String vars) {
    return "{\"device\": \"sim\", \"flow\": "
        + ConsoleSecurityTest.quoted(FLOW)
        + (vars == null ? "" : ", \"vars\": " + vars)
        + "}";
  }

  @Test
  void aVariableOnlyInTheConsolesEnvironmentIsNotFilledAndTheTaskIsRefused() {
    start();

    HttpResponse<String> refused = console.post("/api/tasks", body(null));

    assertThat(refused.statusCode()).isEqualTo(400);
    assertThat(TestConsole.json(refused).get("error").asText())
        .isEqualTo(
            "the console's flow uses ${APEX_C_ROW} (step 2), ${APEX_C_PASSWORD} (step 3), which"
                + " this run does not name; give them in the request's vars (\"vars\":"
                + " {\"APEX_C_ROW\": \"VALUE\"}), or as APEX_C_ROW=VALUE lines under Variables on"
                + " New task");
    assertThat(TestConsole.json(console.get("/api/tasks")).get("tasks")).isEmpty();
  }

  @Test
  void theRequestsVarsFillTheFlowAndItsStepsKeepTheSecretOut() {
    start();
    try (EventClient events = console.events("")) {
      HttpResponse<String> start =
          console.post(
              "/api/tasks",
              body("{\"APEX_C_ROW\": \"Wi-Fi\", \"APEX_C_PASSWORD\": \"" + SECRET + "\"}"));

      assertThat(start.statusCode()).as(start.body()).isEqualTo(201);
      String id = TestConsole.json(start).get("id").asText();
      EventClient.Event finished = events.next(e -> e.type().equals("task_finished"));
      assertThat(finished.data().get("status").asText()).isEqualTo("SUCCEEDED");
      JsonNode steps = TestConsole.json(console.get("/api/tasks/" + id + "/steps")).get("steps");
      assertThat(steps).hasSize(3);
      assertThat(steps.get(1).get("result").get("success").asBoolean()).isTrue();
    }
  }

  @Test
  void varsThatAreNotAnObjectOfStringsOrComeWithAGoalAreBadRequests() {
    start();

    assertThat(console.post("/api/tasks", body("[\"APEX_C_ROW\"]")).statusCode()).isEqualTo(400);
    HttpResponse<String> badName = console.post("/api/tasks", body("{\"bad name\": \"x\"}"));
    assertThat(badName.statusCode()).as(badName.body()).isEqualTo(400);
    assertThat(TestConsole.json(badName).get("error").asText())
        .contains("a variable's NAME is capitals, digits and _");
    HttpResponse<String> goal =
        console.post(
            "/api/tasks", "{\"device\": \"sim\", \"goal\": \"x\", \"vars\": {\"A\": \"b\"}}");
    assertThat(goal.statusCode()).isEqualTo(400);
    assertThat(TestConsole.json(goal).get("error").asText()).contains("a goal has none");
  }
}
