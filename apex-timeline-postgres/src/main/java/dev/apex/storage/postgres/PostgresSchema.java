package dev.apex.storage.postgres;

import dev.apex.storage.TimelineException;
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

  private PostgresSchema() {}

  static void migrate(DataSource dataSource, PostgresLocation location) {
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
}
