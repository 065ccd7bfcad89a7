package dev.apex.storage.postgres;

import dev.apex.storage.TimelineException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;

/**
 * The timeline's tables on the server, as versioned migrations ({@code
 * db/timeline/postgresql/V*.sql}) that Flyway applies on open, under its lock, so runners opening a
 * new database at once create it once. Its history is kept in {@value #HISTORY}. A later version
 * adds a migration file and never edits one that shipped; a database migrated by a newer apex is
 * refused in one line.
 */
final class PostgresSchema {

  static final String HISTORY = "apex_schema_history";
  static final String LOCATION = "classpath:db/timeline/postgresql";

  /**
   * The highest migration this apex ships ({@code V2__suite_runs.sql}); a new migration file raises
   * it ({@code PostgresSchemaTest} checks the two agree).
   */
  static final int LATEST_VERSION = 2;

  private PostgresSchema() {}

  /**
   * Brings the tables to {@link #LATEST_VERSION}. A database already there (every open but the
   * first) is seen from its history in one query, without Flyway, whose loading and scanning take
   * about two seconds of a command's start on a cold JVM; one a newer apex migrated is refused.
   *
   * @throws TimelineException in one line naming the timeline when it cannot be brought there
   */
  static void migrate(DataSource dataSource, PostgresLocation location) {
    int applied = appliedVersion(dataSource);
    if (applied > LATEST_VERSION) {
      throw new TimelineException(
          "the tables of timeline "
              + location
              + " are at version "
              + applied
              + ", made by a newer apex (this one knows up to "
              + LATEST_VERSION
              + "); upgrade apex");
    }
    if (applied == LATEST_VERSION) {
      return;
    }
    try {
      Flyway.configure(PostgresSchema.class.getClassLoader())
          .dataSource(dataSource)
          .locations(LOCATION)
          .table(HISTORY)
          .loggers("slf4j")
          .ignoreMigrationPatterns("*:missing")
          .validateOnMigrate(true)
          .load()
          .migrate();
    } catch (FlywayException e) {
      throw new TimelineException(
          "cannot bring the tables of timeline "
              + location
              + " to this apex's version: "
              + PostgresTimeline.firstLine(e)
              + (e.getMessage() != null && e.getMessage().contains("newer")
                  ? "; upgrade apex"
                  : ""),
          e);
    }
  }

  /**
   * The version the history says every migration up to was applied, when it holds versions 1 to N
   * each applied once and successfully (N may exceed {@link #LATEST_VERSION}); 0 when there is no
   * history yet, a failed or unnumbered entry, a gap, or the query fails: then Flyway decides.
   */
  static int appliedVersion(DataSource dataSource) {
    String sql =
        "SELECT count(*) FILTER (WHERE NOT success OR version IS NULL OR version !~ '^[0-9]+$'),"
            + " count(DISTINCT version) FILTER (WHERE success AND version ~ '^[0-9]+$'),"
            + " max(CASE WHEN success AND version ~ '^[0-9]{1,9}$' THEN version::int END)"
            + " FROM "
            + HISTORY;
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      s.setQueryTimeout((int) PostgresTimeline.CONNECT_TIMEOUT.toSeconds());
      try (ResultSet rs = s.executeQuery(sql)) {
        if (!rs.next()) {
          return 0;
        }
        long odd = rs.getLong(1);
        long distinct = rs.getLong(2);
        int max = rs.getInt(3);
        return odd == 0 && max > 0 && distinct == max ? max : 0;
      }
    } catch (SQLException e) {
      return 0;
    }
  }
}
