package dev.apex.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.config.ApexConfig;
import dev.apex.core.Json;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.runtime.Cancellation;
import dev.apex.runtime.TaskContext;
import dev.apex.runtime.TaskListener;
import dev.apex.runtime.TaskOutcome;
import dev.apex.runtime.safety.Confirmer;
import dev.apex.runtime.safety.SensitiveAction;
import dev.apex.runtime.safety.SensitiveKind;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The confirm button over real HTTP: a task whose planner wants a sensitive action waits, the API
 * and the event stream show it, and an Allow, a Refuse, a cancel or the timeout decides it.
 */
class ConsoleConfirmationTest {

  private static final SensitiveAction LAUNCH =
      new SensitiveAction(
          SensitiveKind.APP_LAUNCH, "launch_app", "com.example.bank", "not in the allow-list");

  @TempDir Path home;

  /** A launcher whose task asks its confirmer once and reports the answer. */
  static final class AskingLauncher implements TaskLauncher {
    final BlockingQueue<Boolean> answers = new LinkedBlockingQueue<>();

    @Override
    public PreparedTask prepare(TaskRequest request, ApexConfig config) {
      return new PreparedTask() {
        @Override
        public String goal() {
          return request.goal();
        }

        @Override
        public TaskOutcome run(TaskId id, TaskListener listener, Cancellation cancellation) {
          return run(id, listener, cancellation, Confirmer.DENY);
        }

        @Override
        public TaskOutcome run(
            TaskId id, TaskListener listener, Cancellation cancellation, Confirmer confirmer) {
          boolean yes = confirmer.confirm(LAUNCH);
          answers.add(yes);
          return new TaskOutcome(
              id,
              yes ? TaskStatus.SUCCEEDED : TaskStatus.FAILED,
              yes ? "launched" : "policy_denied",
              new TaskContext(id, goal()));
        }
      };
    }

    boolean nextAnswer() throws InterruptedException {
      Boolean answer = answers.poll(60, TimeUnit.SECONDS);
      assertThat(answer).as("the task answered").isNotNull();
      return answer;
    }
  }

  private static String startTask(TestConsole console) {
    HttpResponse<String> started =
        console.post("/api/tasks", "{\"device\": \"sim\", \"goal\": \"open the bank\"}");
    assertThat(started.statusCode()).isEqualTo(201);
    return json(started).get("id").asText();
  }

  private static JsonNode json(HttpResponse<String> response) {
    try {
      return Json.mapper().readTree(response.body());
    } catch (Exception e) {
      throw new AssertionError(response.body(), e);
    }
  }

  @Test
  void aPendingActionIsShownAndAnAllowLetsTheTaskGoOn() throws Exception {
    AskingLauncher launcher = new AskingLauncher();
    try (TestConsole console = TestConsole.start(home, launcher);
        EventClient events = console.events("")) {
      String id = startTask(console);

      EventClient.Event needed = events.next(e -> e.type().equals("confirmation_needed"));
      assertThat(needed.data().get("task_id").asText()).isEqualTo(id);
      assertThat(needed.data().get("description").asText())
          .isEqualTo("launch_app \"com.example.bank\" (app_launch: not in the allow-list)");
      assertThat(needed.data().get("kind").asText()).isEqualTo("app_launch");

      JsonNode pending = json(console.get("/api/tasks/" + id + "/confirmation"));
      assertThat(pending.get("pending").asBoolean()).isTrue();
      assertThat(pending.get("confirmation").get("target").asText()).isEqualTo("com.example.bank");
      long number = pending.get("confirmation").get("id").asLong();
      assertThat(number).isEqualTo(needed.data().get("id").asLong());

      HttpResponse<String> stale =
          console.post(
              "/api/tasks/" + id + "/confirmation",
              "{\"allow\": true, \"id\": " + (number + 1000) + "}");
      assertThat(stale.statusCode()).as("an answer to another action").isEqualTo(409);

      HttpResponse<String> allowed =
          console.post(
              "/api/tasks/" + id + "/confirmation", "{\"allow\": true, \"id\": " + number + "}");
      assertThat(allowed.statusCode()).isEqualTo(200);
      assertThat(json(allowed).get("allowed").asBoolean()).isTrue();

      assertThat(launcher.nextAnswer()).isTrue();
      EventClient.Event resolved = events.next(e -> e.type().equals("confirmation_resolved"));
      assertThat(resolved.data().get("outcome").asText()).isEqualTo("allowed");
      assertThat(resolved.data().get("allowed").asBoolean()).isTrue();
      EventClient.Event finished = events.next(e -> e.type().equals("task_finished"));
      assertThat(finished.data().get("status").asText()).isEqualTo("SUCCEEDED");

      assertThat(json(console.get("/api/tasks/" + id + "/confirmation")).get("pending").asBoolean())
          .isFalse();
      assertThat(
              console.post("/api/tasks/" + id + "/confirmation", "{\"allow\": true}").statusCode())
          .as("nothing pending any more")
          .isEqualTo(409);
    }
  }

  @Test
  void aRefusalRefusesTheAction() throws Exception {
    AskingLauncher launcher = new AskingLauncher();
    try (TestConsole console = TestConsole.start(home, launcher);
        EventClient events = console.events("")) {
      String id = startTask(console);
      events.next(e -> e.type().equals("confirmation_needed"));

      HttpResponse<String> refused =
          console.post("/api/tasks/" + id + "/confirmation", "{\"allow\": false}");

      assertThat(refused.statusCode()).isEqualTo(200);
      assertThat(launcher.nextAnswer()).isFalse();
      EventClient.Event resolved = events.next(e -> e.type().equals("confirmation_resolved"));
      assertThat(resolved.data().get("outcome").asText()).isEqualTo("refused");
      assertThat(events.next(e -> e.type().equals("task_finished")).data().get("status").asText())
          .isEqualTo("FAILED");
    }
  }

  @Test
  void aForeignOriginCannotAnswerAndBadBodiesAre400() throws Exception {
    AskingLauncher launcher = new AskingLauncher();
    try (TestConsole console = TestConsole.start(home, launcher);
        EventClient events = console.events("")) {
      String id = startTask(console);
      events.next(e -> e.type().equals("confirmation_needed"));
      String path = "/api/tasks/" + id + "/confirmation";

      HttpResponse<String> foreign =
          console.send(
              console
                  .request(path)
                  .header("Content-Type", "application/json")
                  .header("Origin", "http://evil.example")
                  .POST(HttpRequest.BodyPublishers.ofString("{\"allow\": true}")));
      assertThat(foreign.statusCode()).isEqualTo(403);
      HttpResponse<String> anonymous =
          console.send(
              HttpRequest.newBuilder(console.uri(path))
                  .timeout(Duration.ofSeconds(30))
                  .header("Content-Type", "application/json")
                  .POST(HttpRequest.BodyPublishers.ofString("{\"allow\": true}")));
      assertThat(anonymous.statusCode()).isEqualTo(401);
      assertThat(console.post(path, "{\"allow\": \"yes\"}").statusCode()).isEqualTo(400);
      assertThat(console.post(path, "{}").statusCode()).isEqualTo(400);
      assertThat(console.post(path, "{\"allow\": true, \"also\": 1}").statusCode()).isEqualTo(400);
      assertThat(json(console.get(path)).get("pending").asBoolean())
          .as("still waiting for a real answer")
          .isTrue();

      assertThat(console.post(path, "{\"allow\": false}").statusCode()).isEqualTo(200);
      assertThat(launcher.nextAnswer()).isFalse();
      assertThat(
              console.post("/api/tasks/nosuchtask/confirmation", "{\"allow\": true}").statusCode())
          .isEqualTo(404);
    }
  }

  @Test
  void aCancelRefusesWhatIsPending() throws Exception {
    AskingLauncher launcher = new AskingLauncher();
    try (TestConsole console = TestConsole.start(home, launcher);
        EventClient events = console.events("")) {
      String id = startTask(console);
      events.next(e -> e.type().equals("confirmation_needed"));

      assertThat(console.post("/api/tasks/" + id + "/cancel", "").statusCode()).isEqualTo(202);

      assertThat(launcher.nextAnswer()).isFalse();
      assertThat(
              events
                  .next(e -> e.type().equals("confirmation_resolved"))
                  .data()
                  .get("outcome")
                  .asText())
          .isEqualTo("cancelled");
    }
  }

  @Test
  void noAnswerBeforeTheTimeoutRefuses() throws Exception {
    AskingLauncher launcher = new AskingLauncher();
    // A zero timeout refuses at once: the test decides nothing and waits for no clock.
    try (TestConsole console =
            TestConsole.start(home, b -> b.launcher(launcher).confirmationTimeout(Duration.ZERO));
        EventClient events = console.events("")) {
      startTask(console);

      assertThat(launcher.nextAnswer()).isFalse();
      assertThat(
              events.next(e -> e.type().equals("confirmation_needed")).data().get("kind").asText())
          .isEqualTo("app_launch");
      assertThat(
              events
                  .next(e -> e.type().equals("confirmation_resolved"))
                  .data()
                  .get("outcome")
                  .asText())
          .isEqualTo("timed_out");
    }
  }
}
