package dev.apex.storage;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;

/**
 * What a timeline backend's SQL does its own way; everything else ({@link JdbcTimeline}: the
 * statements, the row mapping, liveness, the label cache) is one body for every backend. Part of
 * the SPI for timeline backends (the SQLite file here, the PostgreSQL server in {@code
 * apex-timeline-postgres}), not for apps.
 *
 * <p>Two things differ. How a time is kept: ISO-8601 text in the SQLite file, {@code timestamptz}
 * on a server (and the label cache's ages in epoch milliseconds in the file). And whose clock
 * stamps what the timeline owns (a task's start and end, heartbeats, the instant liveness is judged
 * at, a cache entry's age): the local, injected clock for a file one machine writes; the server's
 * clock, the one every runner shares, on a server. A method returning an {@link SqlPart} gives the
 * SQL to splice in and the parameters it binds, so a statement reads the same for both.
 */
public interface JdbcDialect {

  /** Writes {@code instant} to a time column's parameter, null as SQL NULL. */
  void setInstant(PreparedStatement statement, int index, Instant instant) throws SQLException;

  /** Reads a time column, null for SQL NULL. */
  Instant instant(ResultSet rs, int column) throws SQLException;

  /**
   * The instant a write stamps (a task's start and end, a heartbeat), as a time column keeps it.
   */
  SqlPart now();

  /**
   * The instant, as a time column keeps it, that the tasks a query reads are judged alive at:
   * selected with them, so a server judges at its own clock.
   */
  SqlPart readClock();

  /**
   * What a {@code SELECT} of one task's row ends with to lock that row until the transaction ends
   * ({@code FOR UPDATE}), or nothing where a write transaction already holds the whole store.
   */
  String lockRow();

  /** A condition that the time in {@code column} is at or after {@code from}; it may be wider. */
  SqlPart notBefore(String column, Instant from);

  /** A condition that the time in {@code column} is before {@code before}; it may be wider. */
  SqlPart before(String column, Instant before);

  /**
   * An expression over the time in {@code column} that sorts in time order (to {@code ORDER BY}
   * it); the column itself where the stored form does.
   */
  default String chronological(String column) {
    return column;
  }

  /** The label cache's column of when an entry was stored. */
  String labelStoredAt();

  /** The value {@link #labelStoredAt()} takes for an entry stored now. */
  SqlPart labelNow();

  /** The value of {@link #labelStoredAt()} at or before which an entry is {@code ttl} old. */
  SqlPart labelExpiredAt(long ttlMillis);

  /** The column that tells rows of a table apart where it has no key of its own to order by. */
  String rowId();
}
