package dev.apex.storage.postgres;

import dev.apex.storage.JdbcDialect;
import dev.apex.storage.SqlPart;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/**
 * PostgreSQL's ways (the tables of {@code db/timeline/postgresql}): times are {@code timestamptz},
 * kept to the microsecond, and the server's clock is the one clock: writes are stamped {@code
 * now()}, tasks are judged alive at {@code clock_timestamp()} read with them, and the label cache
 * ages by the server's time. Many runners write at once, so a write locks the task's row it checks
 * ({@code FOR UPDATE}).
 */
enum PostgresDialect implements JdbcDialect {
  INSTANCE;

  @Override
  public void setInstant(PreparedStatement statement, int index, Instant instant)
      throws SQLException {
    if (instant == null) {
      statement.setNull(index, Types.TIMESTAMP_WITH_TIMEZONE);
    } else {
      statement.setObject(index, timestamp(instant));
    }
  }

  @Override
  public Instant instant(ResultSet rs, int column) throws SQLException {
    OffsetDateTime value = rs.getObject(column, OffsetDateTime.class);
    return value == null ? null : value.toInstant();
  }

  @Override
  public SqlPart now() {
    return SqlPart.of("now()");
  }

  @Override
  public SqlPart readClock() {
    return SqlPart.of("clock_timestamp()");
  }

  @Override
  public String lockRow() {
    return " FOR UPDATE";
  }

  /** Exact: {@code from} to the microsecond the server keeps. */
  @Override
  public SqlPart notBefore(String column, Instant from) {
    return SqlPart.of(column + " >= ?", timestamp(from.truncatedTo(ChronoUnit.MICROS)));
  }

  /**
   * Exact: an exclusive bound at the microsecond the server keeps, rounded up, so what falls before
   * {@code before} stays before it (the driver would round a finer fraction either way).
   */
  @Override
  public SqlPart before(String column, Instant before) {
    Instant micros = before.truncatedTo(ChronoUnit.MICROS);
    Instant bound = micros.equals(before) ? micros : micros.plus(1, ChronoUnit.MICROS);
    return SqlPart.of(column + " < ?", timestamp(bound));
  }

  @Override
  public String labelStoredAt() {
    return "stored_at";
  }

  @Override
  public SqlPart labelNow() {
    return SqlPart.of("clock_timestamp()");
  }

  @Override
  public SqlPart labelExpiredAt(long ttlMillis) {
    return SqlPart.of("now() - ? * interval '1 millisecond'", ttlMillis);
  }

  @Override
  public String rowId() {
    return "ctid";
  }

  private static OffsetDateTime timestamp(Instant instant) {
    return OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
  }
}
