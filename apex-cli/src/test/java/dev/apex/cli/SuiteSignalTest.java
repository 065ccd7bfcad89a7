package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.TaskRecord;
import dev.apex.core.TaskStatus;
import dev.apex.storage.SqliteTimeline;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C during {@code apex test} (a child JVM): the running flow is recorded CANCELLED, the flows
 * not yet started are skipped, the exit is 130, and the JUnit XML and the report are still written.
 * The test waits for the child's line and for the running flow's first step in the timeline, never
 * for a time; the timeout is a safety net for a ten-minute wait.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
@Tag("e2e")
class SuiteSignalTest {

  @TempDir Path dir;

  @Test
  void ctrlCCancelsTheRunningFlowSkipsTheRestAndStillWritesTheReports() throws Exception {
    Path suite = dir.resolve("flows");
    SuiteFixture.write(suite, "a.yaml", "steps:\n  - launch_app: com.android.settings\n");
    SuiteFixture.write(
        suite,
        "b.yaml",
        "steps:\n  - launch_app: com.android.settings\n  - wait: { ms: 600000 }\n  - back\n");
    SuiteFixture.write(suite, "c.yaml", "steps:\n  - launch_app: com.android.settings\n");
    Path db = dir.resolve("t.db");
    Path junit = dir.resolve("junit.xml");
    Path report = dir.resolve("suite.html");

    try (ChildRun child =
        ChildRun.start(
            dir,
            "test",
            suite.toString(),
            "--db",
            db.toString(),
            "--junit",
            junit.toString(),
            "--report",
            report.toString(),
            "--no-ocr")) {
      child.awaitLine(l -> l.startsWith("[1/3] SUCCEEDED"));
      awaitRunningWithAStep(db, "b.yaml");
      child.signal("INT");

      assertThat(child.awaitExit()).as(child.err()).isEqualTo(130);
      assertThat(child.out())
          .anySatisfy(l -> assertThat(l).startsWith("[2/3] CANCELLED").contains("b.yaml"))
          .anySatisfy(
              l -> assertThat(l).startsWith("1 passed, 1 failed, 1 skipped (1 of them cancelled)"));
    }
    try (SqliteTimeline timeline = SqliteTimeline.open(db)) {
      List<TaskRecord> tasks = timeline.tasks(10, 0);
      assertThat(tasks).hasSize(2);
      TaskRecord b = tasks.get(0);
      assertThat(b.goal()).contains("b.yaml");
      assertThat(b.status()).isEqualTo(TaskStatus.CANCELLED);
      assertThat(b.reason()).startsWith("cancelled: SIGINT after ");
    }
    String xml = Files.readString(junit);
    dev.apex.cli.suite.JunitXmlTestSupport.assertValidAgainstJenkinsSchema(xml.getBytes());
    assertThat(xml)
        .contains("<error message=\"cancelled: SIGINT after ")
        .contains("<skipped message=\"not run: cancelled: SIGINT\"");
    assertThat(Files.readString(report)).contains("CANCELLED", "SKIPPED", "c.yaml");
  }

  /** Waits until the timeline shows the flow of {@code file} running with a step recorded. */
  private static void awaitRunningWithAStep(Path db, String file) {
    Instant deadline = Instant.now().plus(Duration.ofMinutes(2));
    while (Instant.now().isBefore(deadline)) {
      try (SqliteTimeline timeline = SqliteTimeline.open(db)) {
        Optional<TaskRecord> running =
            timeline.tasks(10, 0).stream()
                .filter(t -> t.goal().contains(file) && t.status() == TaskStatus.RUNNING)
                .filter(t -> t.steps() >= 1)
                .findFirst();
        if (running.isPresent()) {
          return;
        }
      }
      LockSupport.parkNanos(Duration.ofMillis(50).toNanos());
    }
    throw new AssertionError(file + " did not start within two minutes");
  }
}
