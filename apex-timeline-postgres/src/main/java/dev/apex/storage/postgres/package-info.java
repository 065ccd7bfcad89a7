/**
 * The task timeline on a PostgreSQL server ({@link dev.apex.storage.postgres.PostgresTimeline}):
 * many runners on many hosts record into one timeline, and one console reads it. It implements the
 * {@link dev.apex.timeline.TaskTimeline} port and the storage's {@link dev.apex.storage.Timeline}
 * reads, is found through the {@link dev.apex.timeline.TimelineProvider} SPI for {@code
 * postgresql://} URLs ({@link dev.apex.storage.postgres.PostgresLocation}), pools its connections
 * with HikariCP, migrates its tables with Flyway, judges liveness on the server's clock, and waits
 * (bounded) through a server restart. Its SQL is apex-storage's shared body ({@link
 * dev.apex.storage.JdbcTimeline}) in PostgreSQL's dialect. Depends on core, apex-timeline-api,
 * apex-storage (that body, the read types and the liveness rules), the PostgreSQL driver, HikariCP
 * and Flyway.
 */
package dev.apex.storage.postgres;
