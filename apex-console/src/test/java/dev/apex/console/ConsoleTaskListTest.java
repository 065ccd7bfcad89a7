package dev.apex.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.storage.SqliteTimeline;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One console over many runners: the task list shows each task's host and runner, filters by
 * status, device, host and start time, and follows tasks another timeline handle writes (a runner
 * in another process, on another machine for PostgreSQL) live; a cancel asked here reaches that
 * runner through its heartbeat.
 */
class ConsoleTaskListTest {

  @TempDir Path home;
  private TestConsole console;
  private SqliteTimeline runner;

  @AfterEach
  void stop() {
    if (runner != null) {
      runner.close();
    }
    if (console != null) {
      console.close();
    }
  }

  private List<String> ids(String query) {
    JsonNode tasks = TestConsole.json(console.get("/api/tasks" + query)).get("tasks");
    List<String> ids = new ArrayList<>();
    tasks.forEach(t -> ids.add(t.get("id").asText()));
    return ids;
  }

  private static String encoded(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8);
  }

  /** Stands for a runner on another machine: its rows name that host, as its own writes would. */
  private void recordedOn(String host, String taskId, Instant startedAt) throws Exception {
    try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + home.resolve("timeline.db"));
        PreparedStatement update =
            db.prepareStatement("UPDATE tasks SET owner_host = ?, started_at = ? WHERE id = ?")) {
      update.setString(1, host);
      update.setString(2, startedAt.toString());
      update.setString(3, taskId);
      assertThat(update.executeUpdate()).isEqualTo(1);
    }
  }

  @Test
  void listsEachTasksHostAndRunnerAndFiltersByStatusDeviceHostAndTime() throws Exception {
    console = TestConsole.start(home, SimLauncher.free());
    SqliteTimeline timeline = console.timeline;
    timeline.startTask(TaskId.of("old"), "android:emulator-5554", "old goal");
    timeline.finishTask(TaskId.of("old"), TaskStatus.FAILED, "no switch");
    timeline.startTask(TaskId.of("done"), "sim", "done goal");
    timeline.finishTask(TaskId.of("done"), TaskStatus.SUCCEEDED, "ok");
    timeline.startTask(TaskId.of("live"), "sim", "live goal");
    recordedOn("ci-7", "old", Instant.parse("2026-01-01T00:00:00Z"));

    JsonNode live = TestConsole.json(console.get("/api/tasks/live"));
    String here = live.get("host").asText();
    assertThat(here).isNotBlank().isNotEqualTo("ci-7");
    assertThat(live.get("runner").asText())
        .isEqualTo("pid " + ProcessHandle.current().pid() + " on " + here);
    assertThat(live.get("heartbeat_at").asText()).isNotBlank();
    JsonNode listed = TestConsole.json(console.get("/api/tasks")).get("tasks");
    assertThat(listed.get(2).get("host").asText()).isEqualTo("ci-7");

    assertThat(ids("")).containsExactly("live", "done", "old");
    assertThat(ids("?status=running")).containsExactly("live");
    assertThat(ids("?status=SUCCEEDED,FAILED")).containsExactly("done", "old");
    assertThat(ids("?device=sim")).containsExactly("live", "done");
    assertThat(ids("?host=ci-7")).containsExactly("old");
    assertThat(ids("?host=" + encoded(here))).containsExactly("live", "done");
    assertThat(ids("?since=2026-06-01T00:00:00Z")).containsExactly("live", "done");
    assertThat(ids("?until=2026-06-01T00:00:00Z")).containsExactly("old");
    assertThat(ids("?status=FAILED&host=ci-7&device=sim")).isEmpty();
    assertThat(ids("?device=sim&limit=1&offset=1")).containsExactly("done");
  }

  @Test
  void tasksAndStepsAnotherRunnerWritesAppearLiveWithTheirRunnerAndACancelReachesIt()
      throws Exception {
    console = TestConsole.start(home, SimLauncher.free());
    // Another handle on the same timeline: what `apex run` in another process writes through.
    runner = SqliteTimeline.open(home.resolve("timeline.db"));
    TaskId id = TaskId.of("elsewhere-1");
    CompletableFuture<String> stop = new CompletableFuture<>();
    try (EventClient events = console.events("")) {
      runner.startTask(id, "sim", "run elsewhere");
      runner.onStopRequest(id, stop::complete);

      EventClient.Event started = events.next(e -> e.type().equals("task_started"));
      assertThat(started.data().get("id").asText()).isEqualTo(id.value());
      assertThat(started.data().get("runner").asText())
          .startsWith("pid " + ProcessHandle.current().pid() + " on ");

      runner.append(TestSteps.tapWifi(id, 1));
      EventClient.Event step = events.next(e -> e.type().equals("step"));
      assertThat(step.data().get("task_id").asText()).isEqualTo(id.value());
      assertThat(step.data().get("index").asInt()).isEqualTo(1);
      JsonNode steps = TestConsole.json(console.get("/api/tasks/" + id.value() + "/steps"));
      assertThat(steps.get("task").get("runner").asText())
          .isEqualTo(started.data().get("runner").asText());

      assertThat(console.post("/api/tasks/" + id.value() + "/cancel", "{}").statusCode())
          .isEqualTo(202);
      // The runner's heartbeat reads the request back and tells the task, as in another process.
      assertThat(stop.get(60, TimeUnit.SECONDS)).isEqualTo(TasksApi.CANCEL_REASON);
      runner.finishTask(id, TaskStatus.CANCELLED, TasksApi.CANCEL_REASON + " after 1 step(s)");

      EventClient.Event finished = events.next(e -> e.type().equals("task_finished"));
      assertThat(finished.data().get("status").asText()).isEqualTo("CANCELLED");
      assertThat(finished.data().get("host").asText()).isNotBlank();
    }
  }
}
