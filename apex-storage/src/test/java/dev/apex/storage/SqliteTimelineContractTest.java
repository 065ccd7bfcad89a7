package dev.apex.storage;

import dev.apex.core.TaskId;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.io.TempDir;

/** The timeline contract on the SQLite file. */
class SqliteTimelineContractTest extends TimelineContract {

  @TempDir Path dir;

  @Override
  protected Timeline openAs(Processes processes, int keep) {
    return SqliteTimeline.open(
        dir.resolve("timeline.db"), Clock.systemUTC(), keep, processes, BEAT, LEASE);
  }

  @Override
  protected void ageHeartbeat(TaskId id, Duration age) {
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("timeline.db"));
        PreparedStatement update =
            c.prepareStatement("UPDATE tasks SET heartbeat_at = ? WHERE id = ?")) {
      update.setString(1, Clock.systemUTC().instant().minus(age).toString());
      update.setString(2, id.value());
      update.executeUpdate();
    } catch (SQLException e) {
      throw new AssertionError(e);
    }
  }

  @Override
  protected void setTimes(TaskId id, Instant startedAt, Instant endedAt) {
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("timeline.db"));
        PreparedStatement update =
            c.prepareStatement(
                "UPDATE tasks SET started_at = ?, ended_at = coalesce(?, ended_at) WHERE id = ?")) {
      update.setString(1, startedAt.toString());
      update.setString(2, endedAt == null ? null : endedAt.toString());
      update.setString(3, id.value());
      update.executeUpdate();
    } catch (SQLException e) {
      throw new AssertionError(e);
    }
  }
}
