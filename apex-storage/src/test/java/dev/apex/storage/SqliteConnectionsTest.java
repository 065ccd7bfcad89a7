package dev.apex.storage;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The settings every timeline connection runs with, read back from SQLite itself: a commit is on
 * disk when it returns ({@code synchronous=FULL}, as DESIGN requires: {@code NORMAL} in WAL mode
 * may lose the last commits on power loss), the file is in WAL mode, and a busy writer is waited
 * for.
 */
class SqliteConnectionsTest {

  /** SQLite's code for {@code synchronous=FULL} ({@code NORMAL} is 1). */
  private static final int FULL = 2;

  @TempDir Path dir;

  @Test
  void theWriterAndTheReaderCommitWithSynchronousFull() throws SQLException {
    Path file = dir.resolve("timeline.db");
    SqliteTimeline.open(file).close();

    try (Connection writer = SqliteConnections.openWriter(file);
        Connection reader = SqliteConnections.openReader(file)) {
      assertThat(pragma(writer, "synchronous")).isEqualTo(String.valueOf(FULL));
      assertThat(pragma(reader, "synchronous")).isEqualTo(String.valueOf(FULL));
      assertThat(pragma(writer, "journal_mode")).isEqualToIgnoringCase("wal");
      assertThat(pragma(writer, "busy_timeout"))
          .isEqualTo(String.valueOf(SqliteConnections.BUSY_TIMEOUT_MILLIS));
    }
  }

  private static String pragma(Connection connection, String name) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery("PRAGMA " + name)) {
      assertThat(rs.next()).as("PRAGMA %s answers", name).isTrue();
      return rs.getString(1);
    }
  }
}
