package dev.apex.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.storage.SqliteTimeline;
import dev.apex.timeline.ReplayMark;
import dev.apex.timeline.StepRecord;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The status, tasks, config and event APIs over real HTTP, reading a timeline that a second
 * connection writes — as {@code apex run} in another terminal would.
 */
class ConsoleApiTest {

  @RegisterExtension final LogCapture logs = new LogCapture();
  @TempDir Path home;
  private TestConsole console;
  private SqliteTimeline cli;

  @BeforeEach
  void start() {
    console = TestConsole.start(home, SimLauncher.free());
    cli = SqliteTimeline.open(home.resolve("timeline.db"));
  }

  @AfterEach
  void stop() {
    console.close();
    cli.close();
    assertThat(console.responses).noneMatch(r -> r.contains(TestConsole.CANARY));
    assertThat(logs.text()).doesNotContain(TestConsole.CANARY);
  }

  @Test
  void statusShowsVersionDevicesAndEachRunningTaskWithItsCurrentStepAndWorld() {
    TaskId running = TaskId.of("run1");
    cli.startTask(running, "sim", "turn Wi-Fi on");
    cli.append(TestSteps.tapWifi(running, 1));
    cli.append(TestSteps.tapWifi(running, 2));
    TaskId done = TaskId.of("done1");
    cli.startTask(done, "sim", "done already");
    cli.finishTask(done, TaskStatus.SUCCEEDED, "goal reached");

    JsonNode status = TestConsole.json(console.get("/api/status"));

    assertThat(status.get("version").asText()).isEqualTo("9.9.9-test");
    assertThat(status.get("devices").get(0).asText()).isEqualTo("sim");
    assertThat(status.get("can_start_tasks").asBoolean()).isTrue();
    assertThat(status.get("running")).hasSize(1);
    JsonNode task = status.get("running").get(0);
    assertThat(task.get("task").get("id").asText()).isEqualTo("run1");
    // Run by another process, yet cancellable: the timeline carries the request to its owner.
    assertThat(task.get("task").get("cancellable").asBoolean()).isTrue();
    assertThat(task.get("current_step").get("index").asInt()).isEqualTo(2);
    assertThat(task.get("current_step").get("action").asText()).isEqualTo("tap");
    assertThat(task.get("world").get("currentPage").asText()).isEqualTo("settings/wifi");
  }

  @Test
  void headAnswersAsGetWithoutTheBody() {
    HttpResponse<String> get = console.get("/api/status");
    HttpResponse<String> head =
        console.send(
            console.request("/api/status").method("HEAD", HttpRequest.BodyPublishers.noBody()));

    assertThat(head.statusCode()).isEqualTo(200);
    assertThat(head.body()).isEmpty();
    assertThat(head.headers().firstValue("Content-Type"))
        .isEqualTo(get.headers().firstValue("Content-Type"));
    assertThat(head.headers().firstValue("Cache-Control")).hasValue("no-store");
  }

  @Test
  void tasksComePagedNewestFirst() {
    for (int i = 1; i <= 5; i++) {
      cli.startTask(TaskId.of("t" + i), "sim", "goal " + i);
    }

    JsonNode first = TestConsole.json(console.get("/api/tasks?limit=2"));
    JsonNode last = TestConsole.json(console.get("/api/tasks?limit=2&offset=4"));

    assertThat(ids(first.get("tasks"))).containsExactly("t5", "t4");
    assertThat(first.get("has_more").asBoolean()).isTrue();
    assertThat(ids(last.get("tasks"))).containsExactly("t1");
    assertThat(last.get("has_more").asBoolean()).isFalse();
    JsonNode one = TestConsole.json(console.get("/api/tasks/t3"));
    assertThat(one.get("goal").asText()).isEqualTo("goal 3");
    assertThat(one.get("status").asText()).isEqualTo("RUNNING");
  }

  private static List<String> ids(JsonNode tasks) {
    List<String> ids = new ArrayList<>();
    tasks.forEach(t -> ids.add(t.get("id").asText()));
    return ids;
  }

  @Test
  void aStepCarriesEverythingTheTaskPageShows() {
    TaskId id = TaskId.of("steps1");
    cli.startTask(id, "sim", "turn Wi-Fi on");
    cli.append(TestSteps.tapWifi(id, 1));

    JsonNode body = TestConsole.json(console.get("/api/tasks/steps1/steps"));

    assertThat(body.get("task").get("steps").asInt()).isEqualTo(1);
    JsonNode step = body.get("steps").get(0);
    assertThat(step.get("index").asInt()).isEqualTo(1);
    assertThat(step.get("action").asText()).isEqualTo("tap");
    assertThat(step.get("planned_step").get("args").get("text").asText()).isEqualTo("Wi-Fi");
    assertThat(step.get("result").get("output").get("element").asText()).isEqualTo("n0/wifi_row");
    assertThat(step.get("scene").get("elements")).hasSize(2);
    assertThat(step.get("scene").get("elements").get(1).get("source").asText()).isEqualTo("OCR");
    assertThat(step.get("semantic_scene").get("widgets").get(0).get("purpose").asText())
        .isEqualTo("open Wi-Fi settings");
    assertThat(step.get("world").get("currentApp").asText()).isEqualTo("com.android.settings");
    assertThat(step.get("llm_usage").get("inputTokens").asInt()).isEqualTo(1200);
    assertThat(step.get("annotations").get("semantic_unavailable").asText()).isEqualTo("none");
    assertThat(step.get("timings_ms").get("observe").asDouble()).isEqualTo(12.0);
    assertThat(step.get("timings_ms").get("total").asDouble()).isEqualTo(55.0);
    assertThat(step.get("screenshot").asText())
        .isEqualTo("/api/tasks/steps1/steps/1/screenshot.png");
  }

  @Test
  void aHealedStepCarriesItsReplayMarkAndAPlainOneNone() {
    TaskId id = TaskId.of("heal1");
    cli.startTask(id, "sim", "flow Turn Wi-Fi on (wifi.yaml)");
    cli.append(TestSteps.tapWifi(id, 1));
    StepRecord plain = TestSteps.tapWifi(id, 2);
    cli.append(
        new StepRecord(
            plain.taskId(),
            plain.index(),
            plain.startedAt(),
            plain.scene(),
            plain.step(),
            plain.result(),
            plain.observeTime(),
            plain.planTime(),
            plain.actTime(),
            plain.screenshot(),
            plain.extras().withReplay(ReplayMark.healed(3, "in place of flow step 3 (tap)"))));

    JsonNode steps = TestConsole.json(console.get("/api/tasks/heal1/steps")).get("steps");

    assertThat(steps.get(0).get("replay").isNull()).isTrue();
    assertThat(steps.get(1).get("replay").get("kind").asText()).isEqualTo("healed");
    assertThat(steps.get(1).get("replay").get("flow_step").asInt()).isEqualTo(3);
    assertThat(steps.get(1).get("replay").get("note").asText())
        .isEqualTo("in place of flow step 3 (tap)");
  }

  @Test
  void aStepLabelledFromTheCacheSaysWhichCacheAndWhatItSaved() {
    TaskId id = TaskId.of("cached1");
    cli.startTask(id, "sim", "turn Wi-Fi on");
    cli.append(TestSteps.tapWifi(id, 1));
    cli.append(TestSteps.tapWifiLabelledFromTheCache(id, 2));

    JsonNode steps = TestConsole.json(console.get("/api/tasks/cached1/steps")).get("steps");

    assertThat(steps.get(0).get("label_cache").isNull()).as("labelled by a call").isTrue();
    JsonNode hit = steps.get(1).get("label_cache");
    assertThat(hit.get("level").asText()).isEqualTo("task");
    assertThat(hit.at("/saved/inputTokens").asLong()).isEqualTo(1200);
    assertThat(steps.get(1).get("llm_usage").isNull()).isTrue();
    assertThat(steps.get(1).get("annotations").has("label_cache")).as("typed, not other").isFalse();
  }

  @Test
  void stepsAfterAnIndexAreOnlyTheNewerOnes() {
    TaskId id = TaskId.of("after1");
    cli.startTask(id, "sim", "goal");
    for (int i = 1; i <= 3; i++) {
      cli.append(TestSteps.tapWifi(id, i));
    }

    JsonNode body = TestConsole.json(console.get("/api/tasks/after1/steps?after=2"));

    assertThat(body.get("steps")).hasSize(1);
    assertThat(body.get("steps").get(0).get("index").asInt()).isEqualTo(3);
  }

  @Test
  void screenshotsAreServedAsPng() {
    TaskId id = TaskId.of("shot1");
    cli.startTask(id, "sim", "goal");
    cli.append(TestSteps.tapWifi(id, 1));

    HttpResponse<byte[]> png = console.getBytes("/api/tasks/shot1/steps/1/screenshot.png");
    HttpResponse<byte[]> none = console.getBytes("/api/tasks/shot1/steps/2/screenshot.png");

    assertThat(png.statusCode()).isEqualTo(200);
    assertThat(png.headers().firstValue("Content-Type")).hasValue("image/png");
    assertThat(png.body()).isEqualTo(TestSteps.png());
    // A phone's screen is private data: never kept in a browser cache.
    assertThat(png.headers().allValues("Cache-Control")).containsExactly("no-store");
    assertThat(none.statusCode()).isEqualTo(404);
  }

  @Test
  void unknownTasksAre404() {
    assertThat(console.get("/api/tasks/nope").statusCode()).isEqualTo(404);
    assertThat(console.get("/api/tasks/nope/steps").statusCode()).isEqualTo(404);
    assertThat(console.getBytes("/api/tasks/nope/steps/1/screenshot.png").statusCode())
        .isEqualTo(404);
    assertThat(TestConsole.json(console.get("/api/tasks/nope")).get("error").asText())
        .isEqualTo("no task nope in this timeline");
    assertThat(console.get("/api/nothing").statusCode()).isEqualTo(404);
  }

  @Test
  void configShowsTheEffectiveSettingsAndTheKeyOnlyAsSet() throws Exception {
    JsonNode config = TestConsole.json(console.get("/api/config"));

    assertThat(config.get("anthropic_api_key").asText()).isEqualTo("set");
    assertThat(config.get("max_steps").asInt()).isEqualTo(20);
    assertThat(config.get("semantic").get("enabled").asBoolean()).isFalse();
    assertThat(config.get("file").asText()).isEqualTo(home.resolve("config.json").toString());

    HttpResponse<String> put =
        console.put("/api/config", "{\"max_steps\": 7, \"world\": {\"history_size\": 3}}");

    assertThat(put.statusCode()).isEqualTo(200);
    assertThat(TestConsole.json(put).get("max_steps").asInt()).isEqualTo(7);
    assertThat(
            TestConsole.json(console.get("/api/config")).get("world").get("history_size").asInt())
        .isEqualTo(3);
    assertThat(Files.readString(home.resolve("config.json")))
        .contains("\"max_steps\" : 7")
        .doesNotContain(TestConsole.CANARY);
  }

  @Test
  void configShowsAndEditsTheModelProviderAndNeverTakesAKey() throws Exception {
    JsonNode before = TestConsole.json(console.get("/api/config"));
    assertThat(before.at("/llm/provider").asText()).isEqualTo("anthropic");
    assertThat(before.get("openai_api_key").asText()).isEqualTo("unset");

    HttpResponse<String> put =
        console.put(
            "/api/config",
            "{\"llm\": {\"provider\": \"openai\", \"openai_base_url\":"
                + " \"http://localhost:11434/v1\"}, \"planner\": {\"model\": \"qwen2.5:7b\"}}");

    assertThat(put.statusCode()).as(put.body()).isEqualTo(200);
    JsonNode after = TestConsole.json(console.get("/api/config"));
    assertThat(after.at("/llm/provider").asText()).isEqualTo("openai");
    assertThat(after.at("/llm/openai_base_url").asText()).isEqualTo("http://localhost:11434/v1");
    assertThat(after.at("/planner/model").asText()).isEqualTo("qwen2.5:7b");
    assertThat(Files.readString(home.resolve("config.json")))
        .contains("\"provider\" : \"openai\"")
        .doesNotContain("openai_api_key");

    HttpResponse<String> key = console.put("/api/config", "{\"openai_api_key\": \"sk-x-123456\"}");
    assertThat(key.statusCode()).isEqualTo(400);
    assertThat(key.body()).contains("OPENAI_API_KEY").doesNotContain("sk-x-123456");
    HttpResponse<String> bad = console.put("/api/config", "{\"llm\": {\"provider\": \"gemini\"}}");
    assertThat(bad.statusCode()).isEqualTo(400);
    assertThat(bad.body()).contains("llm.provider must be one of anthropic, openai");
  }

  @Test
  void theEventStreamShowsATaskFromAnotherProcessLive() {
    try (EventClient events = console.events("")) {
      TaskId id = TaskId.of("live1");
      cli.startTask(id, "sim", "turn Wi-Fi on");
      EventClient.Event started = events.next();
      assertThat(started.type()).isEqualTo("task_started");
      assertThat(started.data().get("id").asText()).isEqualTo("live1");

      cli.append(TestSteps.tapWifi(id, 1));
      EventClient.Event step = events.next();
      assertThat(step.type()).isEqualTo("step");
      assertThat(step.data().get("task_id").asText()).isEqualTo("live1");
      assertThat(step.data().get("index").asInt()).isEqualTo(1);
      assertThat(step.data().get("world").get("currentApp").asText())
          .isEqualTo("com.android.settings");

      cli.append(TestSteps.tapWifi(id, 2));
      cli.finishTask(id, TaskStatus.SUCCEEDED, "goal reached after 2 step(s)");
      assertThat(events.next().data().get("index").asInt()).isEqualTo(2);
      EventClient.Event finished = events.next();
      assertThat(finished.type()).isEqualTo("task_finished");
      assertThat(finished.data().get("status").asText()).isEqualTo("SUCCEEDED");
    }
  }

  @Test
  void aStreamForOneTaskSkipsTheOthers() {
    try (EventClient events = console.events("?task=mine")) {
      cli.startTask(TaskId.of("other"), "sim", "not mine");
      cli.append(TestSteps.tapWifi(TaskId.of("other"), 1));
      cli.startTask(TaskId.of("mine"), "sim", "mine");
      cli.append(TestSteps.tapWifi(TaskId.of("mine"), 1));

      assertThat(events.next().data().get("id").asText()).isEqualTo("mine");
      assertThat(events.next().data().get("task_id").asText()).isEqualTo("mine");
    }
  }

  @Test
  void tasksThatWereThereBeforeTheConsoleStartedAreNotReplayedAsEvents() {
    console.close();
    TaskId old = TaskId.of("old1");
    cli.startTask(old, "sim", "before");
    cli.append(TestSteps.tapWifi(old, 1));
    console = TestConsole.start(home, SimLauncher.free());

    try (EventClient events = console.events("")) {
      cli.append(TestSteps.tapWifi(old, 2));
      EventClient.Event next = events.next();
      assertThat(next.type()).isEqualTo("step");
      assertThat(next.data().get("index").asInt()).as("only the new step").isEqualTo(2);
    }
  }

  @Test
  @Timeout(60)
  void stoppingTheConsoleEndsOpenStreams() {
    EventClient first = console.events("");
    EventClient second = console.events("?task=x");

    console.server.stop();

    first.awaitEnd();
    second.awaitEnd();
  }
}
