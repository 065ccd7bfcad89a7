package dev.apex.storage;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.apex.core.Json;
import dev.apex.core.Secrets;
import dev.apex.timeline.CachedLabels;
import dev.apex.timeline.LabelKey;
import dev.apex.timeline.LabelStore;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The label cache of a {@link JdbcTimeline}, in its {@code label_cache} table (schema version 3 of
 * the file), shared by every runner of the timeline: at most {@value #MAX_ENTRIES} entries of at
 * most {@value #MAX_ENTRY_CHARS} characters each. Ages are the dialect's ({@link
 * JdbcDialect#labelNow()}: the file's clock, a server's {@code now()}); an entry stored {@code ttl}
 * or more ago is expired, deleted when a read finds it (as is an entry that no longer reads back),
 * and every write deletes all the expired ones and, past the bound, the oldest. Reads go through
 * the timeline's reads and writes through its writes tried once: a cache write is not retried
 * across a server restart (a later task labels again). Every entry is written redacted ({@link
 * Secrets#redact}), as every other text of the timeline is. Throws {@link TimelineException} only
 * when the store itself fails.
 */
final class JdbcLabelStore implements LabelStore {

  /** The most entries the table keeps; past it the oldest are evicted. */
  static final int MAX_ENTRIES = 2_000;

  /**
   * The longest entry JSON stored, in characters: a full labelling (30 widgets, 8 intents) is a few
   * KiB, so anything longer is not a labelling worth keeping.
   */
  static final int MAX_ENTRY_CHARS = 64 * 1024;

  /** The longest ttl counted: past a thousand years a server's interval overflows. */
  private static final long MAX_TTL_MILLIS = Duration.ofDays(365_000).toMillis();

  private static final String KEY = "signature = ? AND model = ? AND prompt_version = ?";

  private static final Logger log = LoggerFactory.getLogger(JdbcLabelStore.class);

  private static final ObjectReader LENIENT =
      Json.mapper()
          .readerFor(CachedLabels.class)
          .without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private final JdbcTimeline timeline;
  private final JdbcDialect dialect;
  private final int maxEntries;

  JdbcLabelStore(JdbcTimeline timeline, JdbcDialect dialect, int maxEntries) {
    this.timeline = timeline;
    this.dialect = dialect;
    this.maxEntries = maxEntries;
  }

  @Override
  public Optional<CachedLabels> get(LabelKey key, Duration ttl) {
    Objects.requireNonNull(key, "key");
    long ttlMillis = millis(ttl);
    Optional<Found> found = timeline.read("read the label cache", c -> find(c, key, ttlMillis));
    if (found.isEmpty()) {
      return Optional.empty();
    }
    CachedLabels entry = parse(found.get().json());
    if (entry != null && found.get().fresh()) {
      return Optional.of(entry);
    }
    timeline.writeOnce(
        "drop an expired label cache entry", c -> drop(c, key, found.get(), ttlMillis));
    return Optional.empty();
  }

  @Override
  public void put(LabelKey key, CachedLabels labels, Duration ttl) {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(labels, "labels");
    long ttlMillis = millis(ttl);
    String json = Secrets.redact(Json.write(labels));
    if (json.length() > MAX_ENTRY_CHARS) {
      log.debug("label cache: an entry past {} characters is not kept", MAX_ENTRY_CHARS);
      return;
    }
    timeline.writeOnce(
        "store a label cache entry",
        c -> {
          store(c, key, json);
          expire(c, ttlMillis);
          evict(c);
          return null;
        });
  }

  /** How many entries the cache holds. For tests. */
  int size() {
    return timeline.read(
        "count label cache entries",
        c -> {
          try (PreparedStatement select = c.prepareStatement("SELECT count(*) FROM label_cache");
              ResultSet rs = select.executeQuery()) {
            return rs.next() ? rs.getInt(1) : 0;
          }
        });
  }

  /** A row as read: its entry JSON, and whether it is younger than the ttl. */
  private record Found(String json, boolean fresh) {}

  private Optional<Found> find(Connection c, LabelKey key, long ttlMillis) throws SQLException {
    SqlPart expiredAt = dialect.labelExpiredAt(ttlMillis);
    try (PreparedStatement select =
        c.prepareStatement(
            "SELECT entry, "
                + dialect.labelStoredAt()
                + " > "
                + expiredAt.sql()
                + " FROM label_cache WHERE "
                + KEY)) {
      bindKey(select, key, expiredAt.bind(select, 1));
      try (ResultSet rs = select.executeQuery()) {
        return rs.next()
            ? Optional.of(new Found(rs.getString(1), rs.getBoolean(2)))
            : Optional.empty();
      }
    }
  }

  /** Deletes the row read if it is still as read: expired, or the same text that did not parse. */
  private Void drop(Connection c, LabelKey key, Found found, long ttlMillis) throws SQLException {
    SqlPart still =
        found.fresh() ? SqlPart.of("entry = ?", found.json()) : expiredCondition(ttlMillis);
    try (PreparedStatement delete =
        c.prepareStatement("DELETE FROM label_cache WHERE " + KEY + " AND " + still.sql())) {
      still.bind(delete, bindKey(delete, key, 1));
      delete.executeUpdate();
    }
    return null;
  }

  private SqlPart expiredCondition(long ttlMillis) {
    SqlPart expiredAt = dialect.labelExpiredAt(ttlMillis);
    return new SqlPart(dialect.labelStoredAt() + " <= " + expiredAt.sql(), expiredAt.args());
  }

  private void store(Connection c, LabelKey key, String json) throws SQLException {
    String storedAt = dialect.labelStoredAt();
    SqlPart now = dialect.labelNow();
    try (PreparedStatement insert =
        c.prepareStatement(
            "INSERT INTO label_cache (signature, model, prompt_version, entry, "
                + storedAt
                + ") VALUES (?, ?, ?, ?, "
                + now.sql()
                + ") ON CONFLICT (signature, model, prompt_version) DO UPDATE SET"
                + " entry = excluded.entry, "
                + storedAt
                + " = excluded."
                + storedAt)) {
      insert.setString(bindKey(insert, key, 1), json);
      now.bind(insert, 5);
      insert.executeUpdate();
    }
  }

  private void expire(Connection c, long ttlMillis) throws SQLException {
    SqlPart expired = expiredCondition(ttlMillis);
    try (PreparedStatement delete =
        c.prepareStatement("DELETE FROM label_cache WHERE " + expired.sql())) {
      expired.bind(delete, 1);
      delete.executeUpdate();
    }
  }

  private void evict(Connection c) throws SQLException {
    String row = dialect.rowId();
    try (PreparedStatement delete =
        c.prepareStatement(
            "DELETE FROM label_cache WHERE "
                + row
                + " NOT IN (SELECT "
                + row
                + " FROM label_cache ORDER BY "
                + dialect.labelStoredAt()
                + " DESC, "
                + row
                + " DESC LIMIT ?)")) {
      delete.setInt(1, maxEntries);
      delete.executeUpdate();
    }
  }

  /** Binds the key from {@code first}; returns the next parameter's index. */
  private static int bindKey(PreparedStatement statement, LabelKey key, int first)
      throws SQLException {
    statement.setString(first, key.signature());
    statement.setString(first + 1, key.model());
    statement.setString(first + 2, key.promptVersion());
    return first + 3;
  }

  /** The ttl in milliseconds, a ttl of centuries saturating rather than overflowing. */
  private static long millis(Duration ttl) {
    Objects.requireNonNull(ttl, "ttl");
    if (ttl.isNegative() || ttl.isZero()) {
      throw new IllegalArgumentException("ttl must be positive, was " + ttl);
    }
    try {
      return Math.min(ttl.toMillis(), MAX_TTL_MILLIS);
    } catch (ArithmeticException e) {
      return MAX_TTL_MILLIS;
    }
  }

  /** The entry, or null when the text is not one (written by another version, or damaged). */
  private static CachedLabels parse(String json) {
    if (json == null || json.length() > MAX_ENTRY_CHARS) {
      return null;
    }
    try {
      return LENIENT.readValue(json);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
