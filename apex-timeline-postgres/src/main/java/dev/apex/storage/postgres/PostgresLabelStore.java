package dev.apex.storage.postgres;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.apex.core.Json;
import dev.apex.core.Secrets;
import dev.apex.timeline.CachedLabels;
import dev.apex.timeline.LabelKey;
import dev.apex.timeline.LabelStore;
import java.io.IOException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * The label cache of a {@link PostgresTimeline}, in its {@code label_cache} table, shared by every
 * runner of the timeline: at most {@value #MAX_ENTRIES} entries of at most {@value
 * #MAX_ENTRY_CHARS} characters, the same bounds as the SQLite file's. Ages are the server's ({@code
 * now()}); an entry stored {@code ttl} or more ago is expired, deleted when a read finds it, and
 * every write deletes all the expired ones and, past the bound, the oldest. A write is a cache
 * write: it is not retried across a server restart (a later task labels again).
 */
final class PostgresLabelStore implements LabelStore {

  static final int MAX_ENTRIES = 2_000;
  static final int MAX_ENTRY_CHARS = 64 * 1024;

  private static final ObjectReader LENIENT =
      Json.mapper()
          .readerFor(CachedLabels.class)
          .without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private static final String KEY = "signature = ? AND model = ? AND prompt_version = ?";

  private final PostgresTimeline timeline;

  PostgresLabelStore(PostgresTimeline timeline) {
    this.timeline = timeline;
  }

  @Override
  public Optional<CachedLabels> get(LabelKey key, Duration ttl) {
    Objects.requireNonNull(key, "key");
    long ttlMillis = millis(ttl);
    return timeline.once(
        "read the label cache",
        c -> {
          try (PreparedStatement select =
              c.prepareStatement(
                  "SELECT entry, stored_at > now() - ? * interval '1 millisecond'"
                      + " FROM label_cache WHERE "
                      + KEY)) {
            select.setLong(1, ttlMillis);
            bind(select, key, 2);
            try (ResultSet rs = select.executeQuery()) {
              if (!rs.next()) {
                return Optional.empty();
              }
              CachedLabels entry = parse(rs.getString(1));
              if (entry != null && rs.getBoolean(2)) {
                return Optional.of(entry);
              }
            }
          }
          try (PreparedStatement delete =
              c.prepareStatement("DELETE FROM label_cache WHERE " + KEY)) {
            bind(delete, key, 1);
            delete.executeUpdate();
          }
          return Optional.empty();
        });
  }

  @Override
  public void put(LabelKey key, CachedLabels labels, Duration ttl) {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(labels, "labels");
    long ttlMillis = millis(ttl);
    String json = Secrets.redact(Json.write(labels));
    if (json.length() > MAX_ENTRY_CHARS) {
      return;
    }
    timeline.once(
        "store a label cache entry",
        c -> {
          try (PreparedStatement insert =
              c.prepareStatement(
                  "INSERT INTO label_cache (signature, model, prompt_version, entry, stored_at)"
                      + " VALUES (?, ?, ?, ?, clock_timestamp())"
                      + " ON CONFLICT (signature, model, prompt_version)"
                      + " DO UPDATE SET entry = excluded.entry, stored_at = excluded.stored_at")) {
            bind(insert, key, 1);
            insert.setString(4, json);
            insert.executeUpdate();
          }
          try (PreparedStatement expire =
              c.prepareStatement(
                  "DELETE FROM label_cache WHERE stored_at <= now() - ? * interval '1 millisecond'")) {
            expire.setLong(1, ttlMillis);
            expire.executeUpdate();
          }
          try (PreparedStatement evict =
              c.prepareStatement(
                  "DELETE FROM label_cache WHERE ctid IN (SELECT ctid FROM label_cache"
                      + " ORDER BY stored_at DESC OFFSET ?)")) {
            evict.setInt(1, MAX_ENTRIES);
            evict.executeUpdate();
          }
          return null;
        });
  }

  private static void bind(PreparedStatement s, LabelKey key, int first)
      throws java.sql.SQLException {
    s.setString(first, key.signature());
    s.setString(first + 1, key.model());
    s.setString(first + 2, key.promptVersion());
  }

  private static long millis(Duration ttl) {
    Objects.requireNonNull(ttl, "ttl");
    if (ttl.isNegative() || ttl.isZero()) {
      throw new IllegalArgumentException("ttl must be positive, was " + ttl);
    }
    try {
      // Past a thousand years an interval overflows; no cache entry lives that long anyway.
      return Math.min(ttl.toMillis(), Duration.ofDays(365_000).toMillis());
    } catch (ArithmeticException e) {
      return Duration.ofDays(365_000).toMillis();
    }
  }

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
