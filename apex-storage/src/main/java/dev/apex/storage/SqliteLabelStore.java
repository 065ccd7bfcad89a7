package dev.apex.storage;

import dev.apex.timeline.CachedLabels;
import dev.apex.timeline.LabelKey;
import dev.apex.timeline.LabelStore;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The label cache of a {@link SqliteTimeline}, in its {@code label_cache} table: at most {@value
 * LabelCacheTable#MAX_ENTRIES} entries of at most {@value LabelCacheTable#MAX_ENTRY_CHARS}
 * characters each. Reads go through the timeline's read connection and writes through its write
 * connection, each under its lock, so the cache never blocks a reader of steps. An entry is expired
 * when it was stored {@code ttl} or more ago by the timeline's clock; a read that finds one deletes
 * it, as it does an entry that no longer reads back, and every write deletes all the expired ones.
 * Throws {@link TimelineException} only when the file itself fails.
 */
final class SqliteLabelStore implements LabelStore {

  private static final Logger log = LoggerFactory.getLogger(SqliteLabelStore.class);

  private final SqliteTimeline timeline;
  private final Clock clock;

  SqliteLabelStore(SqliteTimeline timeline, Clock clock) {
    this.timeline = timeline;
    this.clock = clock;
  }

  @Override
  public Optional<CachedLabels> get(LabelKey key, Duration ttl) {
    Objects.requireNonNull(key, "key");
    requirePositive(ttl);
    Optional<LabelCacheTable.Row> found =
        timeline.onReader("read the label cache", c -> LabelCacheTable.find(c, key));
    if (found.isEmpty()) {
      return Optional.empty();
    }
    LabelCacheTable.Row row = found.get();
    if (row.entry() != null && !expired(row.storedAtMs(), ttl)) {
      return Optional.of(row.entry());
    }
    timeline.onWriter(
        "drop an expired label cache entry",
        c -> {
          LabelCacheTable.delete(c, key, row.storedAtMs());
          return null;
        });
    return Optional.empty();
  }

  @Override
  public void put(LabelKey key, CachedLabels labels, Duration ttl) {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(labels, "labels");
    requirePositive(ttl);
    Optional<String> json = LabelCacheTable.entryJson(labels);
    if (json.isEmpty()) {
      log.debug(
          "label cache: an entry past {} characters is not kept", LabelCacheTable.MAX_ENTRY_CHARS);
      return;
    }
    long now = clock.millis();
    timeline.onWriter(
        "store a label cache entry",
        c -> {
          Transactions.run(
              c,
              () ->
                  LabelCacheTable.put(
                      c, key, json.get(), now, now - millis(ttl), LabelCacheTable.MAX_ENTRIES));
          return null;
        });
  }

  /** How many entries the cache holds. For tests. */
  int size() {
    return timeline.onReader("count label cache entries", LabelCacheTable::count);
  }

  private boolean expired(long storedAtMs, Duration ttl) {
    return clock.millis() - storedAtMs >= millis(ttl);
  }

  /** The ttl in milliseconds, a ttl of centuries saturating rather than overflowing. */
  private static long millis(Duration ttl) {
    try {
      return Math.min(ttl.toMillis(), Long.MAX_VALUE / 2);
    } catch (ArithmeticException e) {
      return Long.MAX_VALUE / 2;
    }
  }

  private static void requirePositive(Duration ttl) {
    Objects.requireNonNull(ttl, "ttl");
    if (ttl.isNegative() || ttl.isZero()) {
      throw new IllegalArgumentException("ttl must be positive, was " + ttl);
    }
  }
}
