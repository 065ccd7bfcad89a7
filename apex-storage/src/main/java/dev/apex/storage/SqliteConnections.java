package dev.apex.storage;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.sqlite.SQLiteConfig;

/**
 * Opens connections to a timeline file with the settings every connection needs: WAL, so readers in
 * any process never block the writer and see each commit at once; {@code synchronous=FULL}, so a
 * commit is on disk when it returns; a busy timeout, so a writer waits for another instead of
 * failing at once.
 */
final class SqliteConnections {

  /** How long a connection waits for a lock held by another connection before failing. */
  static final int BUSY_TIMEOUT_MILLIS = 10_000;

  private SqliteConnections() {}

  /** A read-write connection in auto-commit mode; the file must already have been created. */
  static Connection openWriter(Path file) throws SQLException {
    SQLiteConfig config = common();
    config.setJournalMode(SQLiteConfig.JournalMode.WAL);
    config.enforceForeignKeys(true);
    Connection connection = config.createConnection(url(file));
    try {
      requireWal(connection, file);
      return connection;
    } catch (SQLException | RuntimeException e) {
      connection.close();
      throw e;
    }
  }

  /** A read-only connection; it cannot change the file even by mistake. */
  static Connection openReader(Path file) throws SQLException {
    SQLiteConfig config = common();
    config.setReadOnly(true);
    return config.createConnection(url(file));
  }

  private static SQLiteConfig common() {
    SQLiteConfig config = new SQLiteConfig();
    config.setSynchronous(SQLiteConfig.SynchronousMode.FULL);
    config.setBusyTimeout(BUSY_TIMEOUT_MILLIS);
    return config;
  }

  private static String url(Path file) {
    return "jdbc:sqlite:" + file.toAbsolutePath();
  }

  // SQLite silently keeps the old journal mode where WAL is impossible (some network file systems);
  // without WAL a reader would block the writer, so refuse instead of degrading.
  private static void requireWal(Connection connection, Path file) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery("PRAGMA journal_mode")) {
      String mode = rs.next() ? rs.getString(1) : "unknown";
      if (!"wal".equalsIgnoreCase(mode)) {
        throw new TimelineException(
            "timeline "
                + file
                + " cannot use write-ahead logging (journal mode is "
                + mode
                + "): put it on a local disk");
      }
    }
  }
}
