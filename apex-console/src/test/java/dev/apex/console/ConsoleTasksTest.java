package dev.apex.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.config.ApexConfig;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.storage.StoredStep;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Starting and cancelling tasks through the API: the real runtime on the simulated phone, run in
 * the console's process and recorded in its timeline. Gated tasks wait for the test before each
 * step after the first, so a test can act while a task is running.
 */
class ConsoleTasksTest {

  @RegisterExtension final LogCapture logs = new LogCapture();
  @TempDir Path home;
  private TestConsole console;

  @AfterEach
  void stop() {
    if (console != null) {
      console.close();
      assertThat(console.responses).noneMatch(r -> r.contains(TestConsole.CANARY));
    }
    assertThat(logs.text()).doesNotContain(TestConsole.CANARY);
  }

  private static String flowBody(String flow) {
    return "{\"device\": \"sim\", \"flow\": " + ConsoleSecurityTest.quoted(flow) + "}";
  }

  @Test
  void startsTheWifiFlowAndRecordsEveryStepUntilItSucceeds() {
    console = TestConsole.start(home, SimLauncher.free());
    try (EventClient events = console.events("")) {
      HttpResponse<String> start = console.post("/api/tasks", flowBody(SimLauncher.WIFI_FLOW));

      assertThat(start.statusCode()).isEqualTo(201);
      JsonNode task = TestConsole.json(start);
      String id = task.get("id").asText();
      assertThat(task.get("goal").asText()).isEqualTo("Turn Wi-Fi on");
      assertThat(task.get("device").asText()).isEqualTo("sim");
      assertThat(start.headers().firstValue("Location")).hasValue("/api/tasks/" + id);

      EventClient.Event finished = events.next(e -> e.type().equals("task_finished"));
      assertThat(finished.data().get("status").asText()).isEqualTo("SUCCEEDED");
      assertThat(finished.data().get("cancellable").asBoolean()).isFalse();

      JsonNode steps = TestConsole.json(console.get("/api/tasks/" + id + "/steps")).get("steps");
      assertThat(steps).hasSize(4);
      assertThat(steps.get(0).get("action").asText()).isEqualTo("launch_app");
      JsonNode tapSwitch = steps.get(2);
      assertThat(tapSwitch.get("result").get("output").get("element").asText()).isNotBlank();
      assertThat(tapSwitch.get("world").get("currentApp").asText())
          .isEqualTo("com.android.settings");
      assertThat(tapSwitch.get("scene").get("elements").size()).isGreaterThan(3);
      assertThat(console.getBytes(tapSwitch.get("screenshot").asText()).body())
          .startsWith(0x89, 'P', 'N', 'G');
    }
  }

  @Test
  void stepsOfARunningTaskArriveLiveAndACancelStopsItAfterTheCurrentStep() {
    SimLauncher launcher = SimLauncher.gated();
    console = TestConsole.start(home, launcher);
    try (EventClient events = console.events("")) {
      String id =
          TestConsole.json(console.post("/api/tasks", flowBody(SimLauncher.WIFI_FLOW)))
              .get("id")
              .asText();
      assertThat(events.next().type()).isEqualTo("task_started");
      EventClient.Event first = events.next();
      assertThat(first.type()).isEqualTo("step");
      assertThat(first.data().get("index").asInt()).isEqualTo(1);

      JsonNode status = TestConsole.json(console.get("/api/status"));
      assertThat(status.get("running").get(0).get("task").get("cancellable").asBoolean()).isTrue();
      assertThat(status.get("running").get(0).get("current_step").get("action").asText())
          .isEqualTo("launch_app");

      launcher.release();
      assertThat(events.next().data().get("index").asInt()).isEqualTo(2);

      HttpResponse<String> cancel = console.post("/api/tasks/" + id + "/cancel", "{}");
      assertThat(cancel.statusCode()).isEqualTo(202);
      assertThat(TestConsole.json(cancel).get("cancel_requested").asBoolean()).isTrue();
      launcher.release();

      EventClient.Event finished = events.next();
      assertThat(finished.type()).isEqualTo("task_finished");
      assertThat(finished.data().get("status").asText()).isEqualTo("CANCELLED");
      assertThat(console.timeline.task(TaskId.of(id)).orElseThrow().status())
          .isEqualTo(TaskStatus.CANCELLED);
      assertThat(console.timeline.steps(TaskId.of(id))).hasSize(2);
    }
  }

  @Test
  void aDeviceRunsOneConsoleTaskAtATime() {
    SimLauncher launcher = SimLauncher.gated();
    console = TestConsole.start(home, launcher);
    try (EventClient events = console.events("")) {
      String first =
          TestConsole.json(console.post("/api/tasks", flowBody(SimLauncher.WIFI_FLOW)))
              .get("id")
              .asText();

      HttpResponse<String> second = console.post("/api/tasks", flowBody(SimLauncher.WIFI_FLOW));

      assertThat(second.statusCode()).isEqualTo(409);
      assertThat(TestConsole.json(second).get("error").asText())
          .isEqualTo("device sim is busy with task " + first + "; wait for it to end or cancel it");
      for (int i = 0; i < 4; i++) {
        launcher.release();
      }
      events.next(e -> e.type().equals("task_finished"));
      assertThat(console.post("/api/tasks", flowBody(SimLauncher.WIFI_FLOW)).statusCode())
          .isEqualTo(201);
      for (int i = 0; i < 4; i++) {
        launcher.release();
      }
      events.next(e -> e.type().equals("task_finished"));
    }
  }

  @Test
  void aRunningTaskOfAnotherProcessIsAskedToStopButAnEndedOneCannotBe() {
    console = TestConsole.start(home, SimLauncher.free());
    console.timeline.startTask(TaskId.of("elsewhere"), "sim", "run by apex run");
    console.timeline.startTask(TaskId.of("ended"), "sim", "done");
    console.timeline.finishTask(TaskId.of("ended"), TaskStatus.SUCCEEDED, "goal reached");

    HttpResponse<String> elsewhere = console.post("/api/tasks/elsewhere/cancel", "{}");
    HttpResponse<String> ended = console.post("/api/tasks/ended/cancel", "{}");
    HttpResponse<String> unknown = console.post("/api/tasks/nope/cancel", "{}");

    // Not 409 any more: its owner reads the request on its next heartbeat (RemoteCancelTest).
    assertThat(elsewhere.statusCode()).isEqualTo(202);
    assertThat(TestConsole.json(elsewhere).get("cancel_requested").asBoolean()).isTrue();
    assertThat(ended.statusCode()).isEqualTo(409);
    assertThat(TestConsole.json(ended).get("error").asText()).contains("already ended (SUCCEEDED)");
    assertThat(unknown.statusCode()).isEqualTo(404);
  }

  @Test
  void changedSettingsApplyToTasksStartedAfterwards() {
    SimLauncher launcher = SimLauncher.free();
    console = TestConsole.start(home, launcher);
    try (EventClient events = console.events("")) {
      assertThat(console.put("/api/config", "{\"max_steps\": 2}").statusCode()).isEqualTo(200);

      console.post("/api/tasks", flowBody(SimLauncher.WIFI_FLOW));
      EventClient.Event finished = events.next(e -> e.type().equals("task_finished"));

      assertThat(finished.data().get("status").asText()).isEqualTo("MAX_STEPS");
      assertThat(finished.data().get("steps").asInt()).isEqualTo(2);
      List<ApexConfig> seen = launcher.configs;
      assertThat(seen).hasSize(1);
      assertThat(seen.get(0).maxSteps()).isEqualTo(2);
      assertThat(seen.get(0).anthropicApiKey()).isEqualTo(TestConsole.CANARY);
    }
  }

  @Test
  void aTaskThatCannotRunIsRecordedAsFailedWithTheReason() {
    TaskLauncher broken =
        (request, config) ->
            new PreparedTask() {
              @Override
              public String goal() {
                return request.goal();
              }

              @Override
              public dev.apex.runtime.TaskOutcome run(
                  TaskId id,
                  dev.apex.runtime.TaskListener listener,
                  dev.apex.runtime.Cancellation cancellation) {
                throw new IllegalStateException("device sim did not answer");
              }
            };
    console = TestConsole.start(home, broken);
    try (EventClient events = console.events("")) {
      console.post("/api/tasks", "{\"device\": \"sim\", \"goal\": \"open Settings\"}");

      EventClient.Event finished = events.next(e -> e.type().equals("task_finished"));

      assertThat(finished.data().get("status").asText()).isEqualTo("FAILED");
      assertThat(finished.data().get("reason").asText())
          .isEqualTo("the task could not run: device sim did not answer");
      assertThat(finished.data().get("goal").asText()).isEqualTo("open Settings");
    }
  }

  @Test
  void aGoalRunsWithTheStubPlanner() {
    console = TestConsole.start(home, SimLauncher.free());
    try (EventClient events = console.events("")) {
      String id =
          TestConsole.json(
                  console.post("/api/tasks", "{\"device\": \"sim\", \"goal\": \"describe it\"}"))
              .get("id")
              .asText();

      EventClient.Event finished = events.next(e -> e.type().equals("task_finished"));

      assertThat(finished.data().get("id").asText()).isEqualTo(id);
      List<StoredStep> steps = console.timeline.steps(TaskId.of(id));
      assertThat(steps).extracting(StoredStep::action).contains("describe_screen");
    }
  }
}
