package dev.apex.storage.postgres;

import dev.apex.core.TaskId;
import dev.apex.storage.Processes;
import dev.apex.storage.Timeline;
import dev.apex.storage.TimelineContract;
import dev.apex.testkit.PostgresServer;
import dev.apex.timeline.TimelineOptions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;

/** The timeline contract on a real PostgreSQL server ({@link PostgresServer#fromEnvironment()}). */
@Tag("e2e")
class PostgresTimelineContractTest extends TimelineContract {

  private TestDatabase database;

  @BeforeEach
  void createDatabase() {
    database = TestDatabase.create(PostgresServer.fromEnvironment());
  }

  @AfterEach
  void dropDatabase() {
    closeOpened();
    if (database != null) {
      database.close();
    }
  }

  @Override
  protected Timeline openAs(Processes processes, int keep) {
    return PostgresTimeline.open(
        database.location(),
        TimelineOptions.DEFAULTS.withKeepScreenshotsOfTasks(keep),
        Map.of(),
        Clock.systemUTC(),
        processes,
        BEAT,
        LEASE);
  }

  @Override
  protected void ageHeartbeat(TaskId id, Duration age) {
    database.execute(
        "UPDATE tasks SET heartbeat_at = now() - interval '"
            + age.toSeconds()
            + " seconds' WHERE id = '"
            + id.value()
            + "'");
  }

  @Override
  protected void setTimes(TaskId id, Instant startedAt, Instant endedAt) {
    database.execute(
        "UPDATE tasks SET started_at = timestamptz '"
            + startedAt
            + "'"
            + (endedAt == null ? "" : ", ended_at = timestamptz '" + endedAt + "'")
            + " WHERE id = '"
            + id.value()
            + "'");
  }
}
