package dev.apex.storage;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/** Runs work in one write transaction on a SQLite connection in auto-commit mode. */
final class Transactions {

  /** Work that runs inside one write transaction. */
  interface Work<T> {
    T run() throws SQLException;
  }

  private Transactions() {}

  /**
   * Commits the work, or rolls it back and rethrows what it threw. {@code BEGIN IMMEDIATE} takes
   * the write lock up front, so a writer in another process waits (busy timeout) at the start
   * rather than failing later when its read lock cannot be upgraded.
   */
  static <T> T run(Connection connection, Work<T> work) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute("BEGIN IMMEDIATE");
      try {
        T out = work.run();
        statement.execute("COMMIT");
        return out;
      } catch (SQLException | RuntimeException e) {
        try {
          statement.execute("ROLLBACK");
        } catch (SQLException rollbackFailure) {
          e.addSuppressed(rollbackFailure);
        }
        throw e;
      }
    }
  }
}
