package dev.apex.storage.postgres;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.Set;

/**
 * Tells a failure of the server's connection (down, restarting, refusing connections for now) from
 * a failure of the SQL itself: only the first is worth waiting for and retrying. By SQLSTATE: class
 * {@code 08} (connection exception), {@code 57P01}..{@code 57P03} (the server shut down or is
 * starting), {@code 53300} (too many connections); and the pool's own timeout for a connection.
 */
final class ServerGone {

  private static final Set<String> STATES = Set.of("57P01", "57P02", "57P03", "53300");

  private ServerGone() {}

  static boolean is(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof SQLTransientConnectionException) {
        return true;
      }
      if (t instanceof SQLException sql) {
        String state = sql.getSQLState();
        if (state != null && (state.startsWith("08") || STATES.contains(state))) {
          return true;
        }
      }
      if (t instanceof java.io.IOException) {
        return true;
      }
    }
    return false;
  }
}
