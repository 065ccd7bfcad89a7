package dev.apex.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.InvalidInputException;
import dev.apex.core.TaskId;
import dev.apex.core.TaskRecord;
import dev.apex.core.TaskStatus;
import dev.apex.testkit.FakeClock;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Readers tell a task whose process died from a live one, by owner on one host and by lease across
 * hosts, with several runners on one file; owners hear cancels asked from elsewhere.
 */
class LivenessTest {

  private static final Instant START = Instant.parse("2026-03-01T10:00:00Z");
  private static final Duration BEAT = Duration.ofHours(1); // tests beat by hand: beatNow()
  private static final Duration LEASE = Duration.ofSeconds(60);
  private static final TaskId TASK = TaskId.of("task-1");

  @TempDir Path dir;

  private final FakeClock clock = new FakeClock(START);
  private final List<SqliteTimeline> opened = new ArrayList<>();

  @AfterEach
  void closeAll() {
    opened.forEach(SqliteTimeline::close);
  }

  private SqliteTimeline open(Processes processes) {
    SqliteTimeline timeline =
        SqliteTimeline.open(dir.resolve("timeline.db"), clock, 5, processes, BEAT, LEASE);
    opened.add(timeline);
    return timeline;
  }

  @Test
  void aTaskWhoseProcessIsGoneIsRecordedInterruptedWithItsSteps() throws Exception {
    FakeProcesses reader = new FakeProcesses("here", 1);
    FakeProcesses runner = reader.sibling(2);
    reader.running.add(2L);
    SqliteTimeline owner = open(runner);
    owner.startTask(TASK, "sim", "goal");
    owner.append(TestSteps.step(TASK, 1));
    owner.append(TestSteps.step(TASK, 2));
    SqliteTimeline console = open(reader);
    assertThat(console.task(TASK).orElseThrow().status()).isEqualTo(TaskStatus.RUNNING);

    reader.running.remove(2L); // kill -9: no end recorded
    clock.advance(Duration.ofSeconds(1));

    TaskRecord task = console.task(TASK).orElseThrow();
    assertThat(task.status()).isEqualTo(TaskStatus.INTERRUPTED);
    assertThat(task.reason()).contains("pid 2 on here").contains("2 step(s) kept");
    assertThat(task.endedAt()).isEqualTo(START);
    assertThat(console.steps(TASK)).hasSize(2);
    assertThat(console.tasks(10, 0))
        .extracting(TaskRecord::status)
        .containsExactly(TaskStatus.INTERRUPTED);
    assertThat(rawStatus()).as("recorded, not only shown").isEqualTo("INTERRUPTED");
  }

  @Test
  void aReusedPidIsNotTheOwner() {
    FakeProcesses reader = new FakeProcesses("here", 1);
    SqliteTimeline owner = open(reader.sibling(2));
    owner.startTask(TASK, "sim", "goal");
    // pid 2 runs again, but started at another instant than the one the task recorded
    FakeProcesses reused =
        new FakeProcesses("here", 1) {
          @Override
          public boolean isRunning(long pid, Instant processStart) {
            return pid == 2 ? processStart == null : super.isRunning(pid, processStart);
          }
        };
    assertThat(open(reused).task(TASK).orElseThrow().status()).isEqualTo(TaskStatus.INTERRUPTED);
  }

  @Test
  void aLiveSlowTaskOnThisHostStaysRunningHoweverOldItsHeartbeat() {
    FakeProcesses reader = new FakeProcesses("here", 1);
    reader.running.add(2L);
    open(reader.sibling(2)).startTask(TASK, "sim", "goal");
    clock.advance(Duration.ofHours(3)); // a step blocked in a confirmer, or a process under Ctrl-Z

    assertThat(open(reader).task(TASK).orElseThrow().status()).isEqualTo(TaskStatus.RUNNING);
  }

  @Test
  void acrossHostsATaskIsInterruptedOnlyOnceItsHeartbeatOutlivesTheLease() {
    SqliteTimeline owner = open(new FakeProcesses("elsewhere", 7));
    owner.startTask(TASK, "sim", "goal");
    SqliteTimeline reader = open(new FakeProcesses("here", 1));

    clock.advance(Duration.ofSeconds(50));
    owner.beatNow();
    clock.advance(Duration.ofSeconds(59));
    assertThat(reader.task(TASK).orElseThrow().status())
        .as("heartbeat 59 s old, lease 60 s")
        .isEqualTo(TaskStatus.RUNNING);

    clock.advance(Duration.ofSeconds(2));
    TaskRecord task = reader.task(TASK).orElseThrow();
    assertThat(task.status()).isEqualTo(TaskStatus.INTERRUPTED);
    assertThat(task.reason()).contains("no heartbeat").contains("pid 7 on elsewhere");
    assertThat(task.endedAt()).isEqualTo(START.plusSeconds(50));
  }

  @Test
  void withSeveralRunnersOnOneFileOnlyTheDeadOnesTasksAreInterrupted() {
    FakeProcesses reader = new FakeProcesses("here", 1);
    reader.running.addAll(List.of(2L, 3L));
    SqliteTimeline dying = open(reader.sibling(2));
    SqliteTimeline living = open(reader.sibling(3));
    TaskId lost = TaskId.of("lost");
    TaskId kept = TaskId.of("kept");
    dying.startTask(lost, "sim", "a");
    living.startTask(kept, "sim#2", "b");
    dying.append(TestSteps.step(lost, 1));
    living.append(TestSteps.step(kept, 1));
    reader.running.remove(2L);
    clock.advance(Duration.ofMinutes(5));

    SqliteTimeline console = open(reader);
    assertThat(console.tasks(10, 0))
        .extracting(t -> t.id().value() + "=" + t.status())
        .containsExactly("kept=RUNNING", "lost=INTERRUPTED");
    living.append(TestSteps.step(kept, 2));
    living.finishTask(kept, TaskStatus.SUCCEEDED, "done");
    assertThat(console.task(kept).orElseThrow().steps()).isEqualTo(2);
  }

  @Test
  void theOwnerHearsACancelAskedFromAnotherProcess() throws Exception {
    FakeProcesses reader = new FakeProcesses("here", 1);
    reader.running.add(2L);
    SqliteTimeline owner = open(reader.sibling(2));
    owner.startTask(TASK, "sim", "goal");
    BlockingQueue<String> heard = new LinkedBlockingQueue<>();
    assertThat(owner.onStopRequest(TASK, heard::add)).isTrue();
    SqliteTimeline console = open(reader);

    assertThat(console.requestCancel(TASK, "cancelled from the console")).isTrue();
    assertThat(console.requestCancel(TASK, "a second reason")).isTrue();
    owner.beatNow();
    owner.beatNow();

    assertThat(heard).containsExactly("cancelled from the console");
    // Asked to stop, the task may still take a while over its step: it stays alive meanwhile.
    clock.advance(Duration.ofSeconds(30));
    owner.beatNow();
    assertThat(rawHeartbeat()).isEqualTo(START.plusSeconds(30).toString());
    owner.finishTask(TASK, TaskStatus.CANCELLED, "cancelled from the console after 0 step(s)");
    assertThat(console.requestCancel(TASK, "late")).isFalse();
    assertThatThrownBy(() -> console.requestCancel(TaskId.of("nope"), "x"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("nope");
    assertThat(owner.onStopRequest(TASK, heard::add)).as("finished").isFalse();
  }

  @Test
  void anOwnerJudgedGoneHearsItsTaskWasRecordedInterrupted() throws Exception {
    SqliteTimeline owner = open(new FakeProcesses("elsewhere", 7));
    owner.startTask(TASK, "sim", "goal");
    BlockingQueue<String> heard = new LinkedBlockingQueue<>();
    owner.onStopRequest(TASK, heard::add);
    clock.advance(Duration.ofMinutes(2)); // its heartbeats stalled past the lease
    open(new FakeProcesses("here", 1)).task(TASK);

    owner.beatNow();
    assertThat(heard).containsExactly("the timeline recorded it as INTERRUPTED");
  }

  @Test
  void theHeartbeatThreadRunsApartFromTheTask() throws Exception {
    FakeProcesses reader = new FakeProcesses("here", 1);
    reader.running.add(2L);
    SqliteTimeline owner =
        SqliteTimeline.open(
            dir.resolve("timeline.db"), clock, 5, reader.sibling(2), Duration.ofMillis(20), LEASE);
    opened.add(owner);
    owner.startTask(TASK, "sim", "goal");
    BlockingQueue<String> heard = new LinkedBlockingQueue<>();
    owner.onStopRequest(TASK, heard::add);
    clock.advance(Duration.ofSeconds(30));

    // This thread never calls the owner again, as a step blocked in a device read would not.
    open(reader).requestCancel(TASK, "stop");
    assertThat(heard.poll(30, TimeUnit.SECONDS)).isEqualTo("stop");
    assertThat(rawHeartbeat()).isEqualTo(START.plusSeconds(30).toString());
  }

  private String rawStatus() throws Exception {
    return rawColumn("status");
  }

  private String rawHeartbeat() throws Exception {
    return rawColumn("heartbeat_at");
  }

  private String rawColumn(String column) throws Exception {
    try (Connection raw = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("timeline.db"));
        Statement statement = raw.createStatement();
        ResultSet rs =
            statement.executeQuery(
                "SELECT " + column + " FROM tasks WHERE id = '" + TASK.value() + "'")) {
      assertThat(rs.next()).isTrue();
      return rs.getString(1);
    }
  }
}
