package dev.apex.storage;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.apex.core.Json;
import dev.apex.core.Secrets;
import dev.apex.timeline.CachedLabels;
import dev.apex.timeline.LabelKey;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/**
 * The SQL of the {@code label_cache} table (schema version 3). Stateless; the caller serializes
 * calls on a connection and supplies the time. Every entry is written redacted ({@link
 * Secrets#redact}), as every other text of the file is.
 */
final class LabelCacheTable {

  /** The most entries the table keeps; past it the oldest are evicted. */
  static final int MAX_ENTRIES = 2_000;

  /**
   * The longest entry JSON stored, in characters: a full labelling (30 widgets, 8 intents) is a few
   * KiB, so anything longer is not a labelling worth keeping.
   */
  static final int MAX_ENTRY_CHARS = 64 * 1024;

  private static final ObjectReader LENIENT =
      Json.mapper()
          .readerFor(CachedLabels.class)
          .without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  /** A stored row: its entry, or null when it does not read back, and when it was stored. */
  record Row(CachedLabels entry, long storedAtMs) {}

  private LabelCacheTable() {}

  /** The entry JSON for {@code labels}, redacted, or empty when longer than the bound. */
  static Optional<String> entryJson(CachedLabels labels) {
    String json = Secrets.redact(Json.write(labels));
    return json.length() > MAX_ENTRY_CHARS ? Optional.empty() : Optional.of(json);
  }

  static Optional<Row> find(Connection connection, LabelKey key) throws SQLException {
    try (PreparedStatement select =
        connection.prepareStatement(
            "SELECT entry, stored_at_ms FROM label_cache"
                + " WHERE signature = ? AND model = ? AND prompt_version = ?")) {
      bindKey(select, key);
      try (ResultSet rs = select.executeQuery()) {
        if (!rs.next()) {
          return Optional.empty();
        }
        return Optional.of(new Row(parse(rs.getString(1)), rs.getLong(2)));
      }
    }
  }

  /** Deletes the row of {@code key} if it is still the one stored at {@code storedAtMs}. */
  static void delete(Connection connection, LabelKey key, long storedAtMs) throws SQLException {
    try (PreparedStatement delete =
        connection.prepareStatement(
            "DELETE FROM label_cache WHERE signature = ? AND model = ? AND prompt_version = ?"
                + " AND stored_at_ms = ?")) {
      bindKey(delete, key);
      delete.setLong(4, storedAtMs);
      delete.executeUpdate();
    }
  }

  /**
   * Stores {@code json} under {@code key} at {@code nowMs}, then deletes the entries stored at or
   * before {@code expiredAtOrBeforeMs} and, past {@code maxEntries} ({@link #MAX_ENTRIES} but in
   * tests), the oldest.
   */
  static void put(
      Connection connection,
      LabelKey key,
      String json,
      long nowMs,
      long expiredAtOrBeforeMs,
      int maxEntries)
      throws SQLException {
    try (PreparedStatement insert =
        connection.prepareStatement(
            "INSERT OR REPLACE INTO label_cache"
                + " (signature, model, prompt_version, entry, stored_at_ms) VALUES (?, ?, ?, ?, ?)")) {
      bindKey(insert, key);
      insert.setString(4, json);
      insert.setLong(5, nowMs);
      insert.executeUpdate();
    }
    try (PreparedStatement expire =
        connection.prepareStatement("DELETE FROM label_cache WHERE stored_at_ms <= ?")) {
      expire.setLong(1, expiredAtOrBeforeMs);
      expire.executeUpdate();
    }
    try (PreparedStatement evict =
        connection.prepareStatement(
            "DELETE FROM label_cache WHERE rowid IN (SELECT rowid FROM label_cache"
                + " ORDER BY stored_at_ms DESC, rowid DESC LIMIT -1 OFFSET ?)")) {
      evict.setInt(1, maxEntries);
      evict.executeUpdate();
    }
  }

  /** How many entries the table holds. */
  static int count(Connection connection) throws SQLException {
    try (PreparedStatement select =
            connection.prepareStatement("SELECT count(*) FROM label_cache");
        ResultSet rs = select.executeQuery()) {
      return rs.next() ? rs.getInt(1) : 0;
    }
  }

  private static void bindKey(PreparedStatement statement, LabelKey key) throws SQLException {
    statement.setString(1, key.signature());
    statement.setString(2, key.model());
    statement.setString(3, key.promptVersion());
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
