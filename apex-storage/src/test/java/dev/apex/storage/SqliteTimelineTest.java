package dev.apex.storage;

import static dev.apex.storage.StepAssertions.assertStoredAs;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.InvalidInputException;
import dev.apex.core.Scene;
import dev.apex.core.TaskId;
import dev.apex.core.TaskRecord;
import dev.apex.core.TaskStatus;
import dev.apex.testkit.FakeClock;
import dev.apex.timeline.FinalObservation;
import dev.apex.timeline.StepRecord;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SqliteTimelineTest {

  private static final Instant START = Instant.parse("2026-03-01T10:00:00Z");

  @TempDir Path dir;

  private final FakeClock clock = new FakeClock(START);
  private Path file;
  private SqliteTimeline timeline;

  @BeforeEach
  void open() {
    file = dir.resolve("nested/folder/timeline.db");
    timeline = SqliteTimeline.open(file, clock, 2);
  }

  @AfterEach
  void close() {
    timeline.close();
  }

  @Test
  void keepsTheScreenATaskLeftAfterItsLastStepAndDropsItsPngWithTheScreenshots() {
    TaskId id = TaskId.of("final-1");
    timeline.startTask(id, "sim", "turn wifi on");
    timeline.append(TestSteps.step(id, 1));
    Scene after = TestSteps.step(id, 2).scene();
    timeline.recordFinal(new FinalObservation(id, 1, START, after, TestSteps.png(9)));
    // Once per task: a second one is ignored rather than replacing what was seen.
    timeline.recordFinal(new FinalObservation(id, 1, START, TestSteps.step(id, 3).scene(), null));
    timeline.finishTask(id, TaskStatus.SUCCEEDED, "ok");

    StoredObservation stored = timeline.finalObservation(id).orElseThrow();
    assertThat(stored.afterStep()).isEqualTo(1);
    assertThat(stored.observedAt()).isEqualTo(START);
    assertThat(stored.scene()).isEqualTo(after);
    assertThat(stored.hasScreenshot()).isTrue();
    assertThat(timeline.finalScreenshot(id))
        .hasValueSatisfying(png -> assertThat(png).isEqualTo(TestSteps.png(9)));
    // Steps and their count are as before: the final screen is not a step.
    assertThat(timeline.steps(id)).hasSize(1);
    assertThat(timeline.task(id).orElseThrow().steps()).isEqualTo(1);
    assertThat(timeline.finalObservation(TaskId.of("none"))).isEmpty();

    // Retention keeps 2 tasks' screenshots: two newer tasks drop this one's final PNG too.
    for (String newer : List.of("final-2", "final-3")) {
      TaskId next = TaskId.of(newer);
      timeline.startTask(next, "sim", "again");
      timeline.finishTask(next, TaskStatus.SUCCEEDED, "ok");
    }
    assertThat(timeline.finalScreenshot(id)).isEmpty();
    assertThat(timeline.finalObservation(id).orElseThrow().hasScreenshot()).isFalse();
    assertThatThrownBy(() -> timeline.recordFinal(new FinalObservation(id, 1, START, after, null)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("already finished");
  }

  @Test
  void roundTripsATaskWithItsStepsAnnotationsAndScreenshot() {
    TaskId id = TaskId.of("task-1");
    timeline.startTask(id, "sim", "open settings");
    StepRecord first = TestSteps.step(id, 1);
    StepRecord second = TestSteps.failedStep(id, 2);
    timeline.append(first);
    timeline.append(second);
    clock.advance(Duration.ofSeconds(90));
    timeline.finishTask(id, TaskStatus.FAILED, "device disconnected");

    TaskRecord task = timeline.task(id).orElseThrow();
    assertThat(task)
        .isEqualTo(
            new TaskRecord(
                id,
                "sim",
                "open settings",
                TaskStatus.FAILED,
                "device disconnected",
                START,
                START.plusSeconds(90),
                2));

    List<StoredStep> steps = timeline.steps(id);
    assertThat(steps).extracting(StoredStep::index).containsExactly(1, 2);
    assertStoredAs(steps.get(0), first);
    assertStoredAs(steps.get(1), second);
    assertThat(steps.get(0).hasScreenshot()).isTrue();
    assertThat(steps.get(1).hasScreenshot()).isFalse();
    assertThat(steps.get(1).scene()).isEmpty();
    assertThat(steps.get(1).sceneJson()).isNull();
    assertThat(steps.get(1).annotationsJson()).isEqualTo("{}");

    Scene scene = steps.get(0).scene().orElseThrow();
    assertThat(scene.element("e1")).isPresent();
    assertThat(steps.get(0).extras().world().currentPage()).isEqualTo("home");
    assertThat(steps.get(0).result().path("output").path("tapped").asText()).isEqualTo("e1");
    assertThat(steps.get(1).result().path("attempts").asInt()).isEqualTo(3);

    assertThat(timeline.screenshot(id, 1))
        .hasValueSatisfying(png -> assertThat(png).isEqualTo(TestSteps.png(1)));
    assertThat(timeline.screenshot(id, 2)).isEmpty();
    assertThat(timeline.screenshot(id, 3)).isEmpty();
  }

  @Test
  void aRunningTaskHasNoEndAndCountsItsSteps() {
    TaskId id = TaskId.of("running");
    timeline.startTask(id, "android:emulator-5554", "send a message");
    timeline.append(TestSteps.step(id, 1));

    TaskRecord task = timeline.task(id).orElseThrow();
    assertThat(task.status()).isEqualTo(TaskStatus.RUNNING);
    assertThat(task.endedAt()).isNull();
    assertThat(task.reason()).isNull();
    assertThat(task.steps()).isEqualTo(1);
  }

  @Test
  void listsTasksNewestFirstOnePageAtATime() {
    for (int i = 1; i <= 5; i++) {
      timeline.startTask(TaskId.of("t" + i), "sim", "goal " + i);
    }

    assertThat(timeline.tasks(2, 0)).extracting(t -> t.id().value()).containsExactly("t5", "t4");
    assertThat(timeline.tasks(2, 2)).extracting(t -> t.id().value()).containsExactly("t3", "t2");
    assertThat(timeline.tasks(2, 4)).extracting(t -> t.id().value()).containsExactly("t1");
    assertThat(timeline.tasks(10, 5)).isEmpty();
    assertThat(timeline.tasks(10, 0)).extracting(TaskRecord::goal).first().isEqualTo("goal 5");
  }

  @Test
  void stepsAreReturnedInIndexOrderAndCanBeTailed() {
    TaskId id = TaskId.of("tail");
    timeline.startTask(id, "sim", "goal");
    for (int i : new int[] {1, 3, 2, 4}) {
      timeline.append(TestSteps.step(id, i));
    }

    assertThat(timeline.steps(id)).extracting(StoredStep::index).containsExactly(1, 2, 3, 4);
    assertThat(timeline.stepsAfter(id, 2)).extracting(StoredStep::index).containsExactly(3, 4);
    assertThat(timeline.stepsAfter(id, 4)).isEmpty();
  }

  @Test
  void unknownTaskIdsAreNamedOrEmpty() {
    TaskId missing = TaskId.of("no-such-task");

    assertThat(timeline.task(missing)).isEmpty();
    assertThat(timeline.screenshot(missing, 1)).isEmpty();
    assertThatThrownBy(() -> timeline.steps(missing))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("no-such-task");
    assertThatThrownBy(() -> timeline.stepsAfter(missing, 0))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("no-such-task");
    assertThatThrownBy(() -> timeline.append(TestSteps.step(missing, 1)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("no-such-task");
    assertThatThrownBy(() -> timeline.finishTask(missing, TaskStatus.CANCELLED, null))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("no-such-task");
  }

  @Test
  void refusesWritesThatWouldRewriteHistory() {
    TaskId id = TaskId.of("once");
    timeline.startTask(id, "sim", "goal");
    StepRecord step = TestSteps.step(id, 1);
    timeline.append(step);

    assertThatThrownBy(() -> timeline.startTask(id, "web", "other goal"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("task once already exists");
    assertThatThrownBy(() -> timeline.append(TestSteps.failedStep(id, 1)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("already has step 1");
    timeline.finishTask(id, TaskStatus.SUCCEEDED, null);
    assertThatThrownBy(() -> timeline.append(TestSteps.step(id, 2)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("already finished as SUCCEEDED");
    assertThatThrownBy(() -> timeline.finishTask(id, TaskStatus.FAILED, "late"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("already finished as SUCCEEDED");

    assertThat(timeline.task(id).orElseThrow().device()).isEqualTo("sim");
    assertThat(timeline.task(id).orElseThrow().status()).isEqualTo(TaskStatus.SUCCEEDED);
    assertThat(timeline.steps(id)).singleElement().satisfies(s -> assertStoredAs(s, step));
  }

  @Test
  void retentionDropsOnlyTheScreenshotsOfOlderTasks() {
    // keepScreenshotsOfTasks is 2 here.
    TaskId a = TaskId.of("a");
    TaskId b = TaskId.of("b");
    TaskId c = TaskId.of("c");
    runOneStepTask(a);
    runOneStepTask(b);
    assertThat(timeline.screenshot(a, 1)).isPresent();

    timeline.startTask(c, "sim", "goal");
    timeline.append(TestSteps.step(c, 1));
    assertThat(timeline.screenshot(a, 1)).as("retention waits for a task to finish").isPresent();
    timeline.finishTask(c, TaskStatus.SUCCEEDED, null);

    assertThat(timeline.screenshot(a, 1)).isEmpty();
    assertThat(timeline.screenshot(b, 1))
        .hasValueSatisfying(p -> assertThat(p).isEqualTo(TestSteps.png(1)));
    assertThat(timeline.screenshot(c, 1)).isPresent();
    List<StoredStep> kept = timeline.steps(a);
    assertThat(kept).singleElement().satisfies(s -> assertStoredAs(s, TestSteps.step(a, 1)));
    assertThat(kept.get(0).hasScreenshot()).isFalse();
    assertThat(timeline.task(a).orElseThrow().steps()).isEqualTo(1);
  }

  @Test
  void keepsEverythingAcrossReopeningAndDoesNotMigrateTwice() throws Exception {
    TaskId id = TaskId.of("persisted");
    runOneStepTask(id);
    timeline.close();

    timeline = SqliteTimeline.open(file, clock, 2);

    assertThat(timeline.steps(id))
        .singleElement()
        .satisfies(s -> assertStoredAs(s, TestSteps.step(id, 1)));
    assertThat(timeline.screenshot(id, 1)).isPresent();
    try (Connection raw = DriverManager.getConnection("jdbc:sqlite:" + file);
        Statement statement = raw.createStatement();
        ResultSet rs = statement.executeQuery("SELECT version FROM schema_version")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getInt(1)).isEqualTo(Schema.CURRENT_VERSION);
      assertThat(rs.next()).as("one version row").isFalse();
    }
  }

  @Test
  void refusesAFileWrittenByANewerSchema() throws Exception {
    timeline.close();
    try (Connection raw = DriverManager.getConnection("jdbc:sqlite:" + file);
        Statement statement = raw.createStatement()) {
      statement.executeUpdate("UPDATE schema_version SET version = 99");
    }

    assertThatThrownBy(() -> SqliteTimeline.open(file))
        .isInstanceOf(TimelineException.class)
        .hasMessageContaining("schema version 99")
        .hasMessageContaining(file.toString());
  }

  @Test
  void refusesAFileThatIsNotADatabase() throws Exception {
    Path notADatabase = dir.resolve("notes.txt");
    java.nio.file.Files.writeString(
        notADatabase, "this is not SQLite, just some words ".repeat(50));

    assertThatThrownBy(() -> SqliteTimeline.open(notADatabase))
        .isInstanceOf(TimelineException.class)
        .hasMessageContaining(notADatabase.toString());
  }

  @Test
  void runsInWriteAheadLogMode() throws Exception {
    try (Connection raw = DriverManager.getConnection("jdbc:sqlite:" + file);
        Statement statement = raw.createStatement();
        ResultSet rs = statement.executeQuery("PRAGMA journal_mode")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getString(1)).isEqualTo("wal");
    }
  }

  @Test
  void checksItsArguments() {
    TaskId id = TaskId.of("args");
    timeline.startTask(id, "sim", "goal");

    assertThatThrownBy(() -> timeline.finishTask(id, TaskStatus.RUNNING, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("status");
    assertThatThrownBy(() -> timeline.append(TestSteps.step(id, 0)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("step index");
    assertThatThrownBy(() -> timeline.tasks(0, 0)).hasMessageContaining("limit");
    assertThatThrownBy(() -> timeline.tasks(1, -1)).hasMessageContaining("offset");
    assertThatThrownBy(() -> SqliteTimeline.open(file, clock, 0))
        .hasMessageContaining("keepScreenshotsOfTasks");
  }

  @Test
  void aClosedTimelineSaysSo() {
    timeline.close();
    timeline.close();

    assertThatThrownBy(() -> timeline.tasks(1, 0))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("closed");
    assertThatThrownBy(() -> timeline.startTask(TaskId.of("x"), "sim", "goal"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("closed");
  }

  private void runOneStepTask(TaskId id) {
    timeline.startTask(id, "sim", "goal");
    timeline.append(TestSteps.step(id, 1));
    timeline.finishTask(id, TaskStatus.SUCCEEDED, null);
  }
}
