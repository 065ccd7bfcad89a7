package dev.apex.storage.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.TaskId;
import dev.apex.core.TaskRecord;
import dev.apex.core.TaskStatus;
import dev.apex.storage.LocalProcesses;
import dev.apex.storage.SqliteTimeline;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.PostgresServer;
import dev.apex.timeline.TimelineOptions;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A machine's suite runs copied into the server keep their suite id, so the shards of a team's
 * first {@code apex test --shard} on the server balance by what that machine recorded.
 */
@Tag("e2e")
class TimelineCopySuiteTest {

  @TempDir Path dir;

  private TestDatabase database;

  @BeforeEach
  void createDatabase() {
    database = TestDatabase.create(PostgresServer.fromEnvironment());
  }

  @AfterEach
  void dropDatabase() {
    if (database != null) {
      database.close();
    }
  }

  @Test
  void copiedTasksKeepTheirSuiteAndTheirDurationsCount() {
    FakeClock clock = new FakeClock(Instant.parse("2026-01-01T00:00:00Z"));
    try (SqliteTimeline file = SqliteTimeline.open(dir.resolve("mine.db"), clock, 5)) {
      for (int i = 0; i < 3; i++) {
        TaskId id = TaskId.of("s" + i);
        file.startTask(id, "sim", "flow f (f.yaml)", "suite-1");
        clock.advance(Duration.ofSeconds(10 + i));
        file.finishTask(id, TaskStatus.SUCCEEDED, "ok");
      }
      file.startTask(TaskId.of("alone"), "sim", "goal", null);
      file.finishTask(TaskId.of("alone"), TaskStatus.FAILED, "no");

      try (PostgresTimeline server =
          PostgresTimeline.open(
              database.location(),
              TimelineOptions.DEFAULTS,
              Map.of(),
              Clock.system(ZoneOffset.UTC),
              LocalProcesses.INSTANCE,
              PostgresTimeline.HEARTBEAT_INTERVAL,
              PostgresTimeline.LEASE)) {
        assertThat(TimelineCopy.copy(file, server).copied()).isEqualTo(4);

        assertThat(server.suiteTasks("suite-1", 10))
            .extracting(t -> t.id().value() + ":" + t.suiteId())
            .containsExactly("s0:suite-1", "s1:suite-1", "s2:suite-1");
        assertThat(server.task(TaskId.of("alone")).map(TaskRecord::suiteId)).isEmpty();
        assertThat(server.recordedDurations(List.of("flow f (f.yaml)"), null))
            .isEqualTo(file.recordedDurations(List.of("flow f (f.yaml)"), null))
            .containsOnly(Map.entry("flow f (f.yaml)", Duration.ofSeconds(11)));
      }
    }
  }
}
