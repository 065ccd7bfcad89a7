package dev.apex.storage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.TaskId;
import dev.apex.core.TaskRecord;
import dev.apex.core.TaskStatus;
import dev.apex.testkit.FakeClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tasks of a suite run, and the durations earlier runs of a flow recorded. */
class SuiteTimelineTest {

  @TempDir Path dir;

  private final FakeClock clock = new FakeClock(Instant.parse("2026-03-01T10:00:00Z"));
  private SqliteTimeline timeline;

  @BeforeEach
  void open() {
    timeline = SqliteTimeline.open(dir.resolve("t.db"), clock, 5);
  }

  @AfterEach
  void close() {
    timeline.close();
  }

  private void run(String id, String goal, String suite, Duration took, TaskStatus status) {
    timeline.startTask(TaskId.of(id), "sim", goal, suite);
    clock.advance(took);
    timeline.finishTask(TaskId.of(id), status, "done");
    clock.advance(Duration.ofSeconds(1));
  }

  @Test
  void aSuiteTaskCarriesItsSuiteIdAndASuiteReadsItsTasksInOrder() {
    run("a", "flow a (a.yaml)", "s1", Duration.ofSeconds(2), TaskStatus.SUCCEEDED);
    run("alone", "flow a (a.yaml)", null, Duration.ofSeconds(2), TaskStatus.SUCCEEDED);
    run("b", "flow b (b.yaml)", "s1", Duration.ofSeconds(2), TaskStatus.FAILED);
    run("c", "flow c (c.yaml)", "s2", Duration.ofSeconds(2), TaskStatus.SUCCEEDED);

    assertThat(timeline.suiteTasks("s1", 10))
        .extracting(t -> t.id().value() + ":" + t.status() + ":" + t.suiteId())
        .containsExactly("a:SUCCEEDED:s1", "b:FAILED:s1");
    assertThat(timeline.suiteTasks("s1", 1)).hasSize(1);
    assertThat(timeline.task(TaskId.of("alone")).map(TaskRecord::suiteId)).isEmpty();
    assertThat(timeline.tasks(10, 0))
        .extracting(TaskRecord::suiteId)
        .containsExactly("s2", "s1", null, "s1");
    assertThat(timeline.suiteTasks("none", 10)).isEmpty();
  }

  @Test
  void aFlowsDurationIsTheMedianOfItsLastFiveRunsThatEndedOfThemselves() {
    // Oldest first: 100 s falls out of the last five; the cancelled run says nothing.
    for (int s : List.of(100, 4, 9, 5, 6, 7)) {
      run("x" + s, "flow x (x.yaml)", "s", Duration.ofSeconds(s), TaskStatus.SUCCEEDED);
    }
    run("xc", "flow x (x.yaml)", "s", Duration.ofSeconds(500), TaskStatus.CANCELLED);
    run("y1", "flow y (y.yaml)", null, Duration.ofSeconds(3), TaskStatus.FAILED);
    timeline.startTask(TaskId.of("z1"), "sim", "flow z (z.yaml)", "s"); // still running

    Map<String, Duration> took =
        timeline.recordedDurations(
            List.of("flow x (x.yaml)", "flow y (y.yaml)", "flow z (z.yaml)", "flow w (w.yaml)"),
            null);

    assertThat(took)
        .containsOnly(
            Map.entry("flow x (x.yaml)", Duration.ofSeconds(6)),
            Map.entry("flow y (y.yaml)", Duration.ofSeconds(3)));
  }

  @Test
  void onlyRunsThatEndedBeforeTheCutoffCountSoJobsReadingLaterSeeTheSameHistory() {
    run("x1", "flow x (x.yaml)", "s", Duration.ofSeconds(4), TaskStatus.SUCCEEDED);
    Instant cutoff = clock.instant();
    run("x2", "flow x (x.yaml)", "t", Duration.ofSeconds(90), TaskStatus.SUCCEEDED);
    run("y1", "flow y (y.yaml)", "t", Duration.ofSeconds(7), TaskStatus.SUCCEEDED);

    assertThat(timeline.recordedDurations(List.of("flow x (x.yaml)", "flow y (y.yaml)"), cutoff))
        .containsOnly(Map.entry("flow x (x.yaml)", Duration.ofSeconds(4)));
    assertThat(timeline.recordedDurations(List.of("flow x (x.yaml)"), null))
        .containsOnly(Map.entry("flow x (x.yaml)", Duration.ofSeconds(90)));
  }
}
