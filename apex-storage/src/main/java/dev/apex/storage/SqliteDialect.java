package dev.apex.storage;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Clock;
import java.time.Instant;

/**
 * The SQLite file's ways ({@link Schema}): times are ISO-8601 text ({@link Instant#toString()}),
 * stamped by the timeline's injected clock, and compared to the second where a bound is asked (the
 * text's fraction varies in length, so it does not sort as time does; callers check again); the
 * label cache's ages are epoch milliseconds. A write transaction ({@code BEGIN IMMEDIATE}) holds
 * the whole file, so no row lock is needed.
 */
final class SqliteDialect implements JdbcDialect {

  /** {@code yyyy-MM-ddTHH:mm:ss}: the part of an instant's text that sorts as time does. */
  private static final int SECONDS = 19;

  private final Clock clock;

  SqliteDialect(Clock clock) {
    this.clock = clock;
  }

  @Override
  public void setInstant(PreparedStatement statement, int index, Instant instant)
      throws SQLException {
    if (instant == null) {
      statement.setNull(index, Types.VARCHAR);
    } else {
      statement.setString(index, instant.toString());
    }
  }

  @Override
  public Instant instant(ResultSet rs, int column) throws SQLException {
    String text = rs.getString(column);
    return text == null ? null : Instant.parse(text);
  }

  @Override
  public SqlPart now() {
    return SqlPart.of("?", clock.instant().toString());
  }

  @Override
  public SqlPart readClock() {
    return now();
  }

  @Override
  public String lockRow() {
    return "";
  }

  @Override
  public SqlPart notBefore(String column, Instant from) {
    return SqlPart.of(seconds(column) + " >= ?", from.toString().substring(0, SECONDS));
  }

  @Override
  public SqlPart before(String column, Instant before) {
    return SqlPart.of(seconds(column) + " <= ?", before.toString().substring(0, SECONDS));
  }

  /**
   * {@link Instant#toString()} writes no fraction, or 3, 6 or 9 digits, so the text does not sort
   * in time order within a second; {@code julianday} reads it to the millisecond.
   */
  @Override
  public String chronological(String column) {
    return "julianday(" + column + ")";
  }

  @Override
  public String labelStoredAt() {
    return "stored_at_ms";
  }

  @Override
  public SqlPart labelNow() {
    return SqlPart.of("?", clock.millis());
  }

  @Override
  public SqlPart labelExpiredAt(long ttlMillis) {
    return SqlPart.of("?", clock.millis() - ttlMillis);
  }

  @Override
  public String rowId() {
    return "rowid";
  }

  private static String seconds(String column) {
    return "substr(" + column + ", 1, " + SECONDS + ")";
  }
}
