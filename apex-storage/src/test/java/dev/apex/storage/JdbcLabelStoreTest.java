package dev.apex.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.llm.LlmUsage;
import dev.apex.llm.SemanticScene;
import dev.apex.testkit.FakeClock;
import dev.apex.timeline.CachedLabels;
import dev.apex.timeline.LabelKey;
import dev.apex.timeline.LabelStore;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cross-task label cache, here in a timeline file: kept across restarts, expired, bounded. */
class JdbcLabelStoreTest {

  private static final Duration TTL = Duration.ofHours(168);
  private static final LabelKey KEY = new LabelKey("00ff00ff00ff00ff", "claude-haiku-4-5", "1-a");
  private static final CachedLabels LABELS =
      new CachedLabels(
          new SemanticScene(
              "settings",
              List.of("turn wifi on"),
              List.of(new SemanticScene.Widget("n3", "open wi-fi settings"))),
          Map.of("n3", "5f1c0e7a9b2d4c68"),
          new LlmUsage(410, 35, 1200, 0));

  @TempDir Path dir;

  private final FakeClock clock = new FakeClock(Instant.parse("2026-12-01T10:00:00Z"));

  private SqliteTimeline open() {
    return SqliteTimeline.open(dir.resolve("t.db"), clock, 5);
  }

  @Test
  void anEntrySurvivesARestartAndOnlyItsOwnKeyFindsIt() {
    try (SqliteTimeline timeline = open()) {
      assertThat(timeline.labelStore()).containsSame(timeline.labels());
      timeline.labels().put(KEY, LABELS, TTL);
    }
    try (SqliteTimeline reopened = open()) {
      LabelStore store = reopened.labels();
      assertThat(store.get(KEY, TTL)).contains(LABELS);
      assertThat(store.get(new LabelKey(KEY.signature(), "claude-sonnet-4-5", "1-a"), TTL))
          .isEmpty();
      assertThat(store.get(new LabelKey(KEY.signature(), KEY.model(), "2-b"), TTL)).isEmpty();
      assertThat(store.get(new LabelKey("ffffffffffffffff", KEY.model(), "1-a"), TTL)).isEmpty();
    }
  }

  @Test
  void anEntryExpiresAfterTheTtlAndIsDeletedWhenReadThen() {
    try (SqliteTimeline timeline = open()) {
      timeline.labels().put(KEY, LABELS, TTL);
      clock.advance(TTL.minusMillis(1));
      assertThat(timeline.labels().get(KEY, TTL)).contains(LABELS);

      clock.advance(Duration.ofMillis(1));
      assertThat(timeline.labels().get(KEY, TTL)).isEmpty();
      assertThat(((JdbcLabelStore) timeline.labels()).size()).as("not kept").isZero();
    }
  }

  @Test
  void aShorterTtlAppliesToEntriesAlreadyStored() {
    try (SqliteTimeline timeline = open()) {
      timeline.labels().put(KEY, LABELS, TTL);
      clock.advance(Duration.ofHours(2));
      assertThat(timeline.labels().get(KEY, Duration.ofHours(1))).isEmpty();
    }
  }

  @Test
  void aWriteDeletesEveryExpiredEntry() {
    try (SqliteTimeline timeline = open()) {
      JdbcLabelStore store = (JdbcLabelStore) timeline.labels();
      store.put(KEY, LABELS, TTL);
      store.put(new LabelKey("1111111111111111", KEY.model(), "1-a"), LABELS, TTL);
      clock.advance(TTL);
      store.put(new LabelKey("2222222222222222", KEY.model(), "1-a"), LABELS, TTL);
      assertThat(store.size()).isEqualTo(1);
    }
  }

  @Test
  void pastTheBoundTheOldestEntriesAreEvicted() {
    try (SqliteTimeline timeline = open()) {
      JdbcLabelStore store = timeline.labelStore(3);
      List<LabelKey> keys = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        LabelKey key = new LabelKey("sig" + i, KEY.model(), "1-a");
        keys.add(key);
        store.put(key, LABELS, TTL);
        clock.advance(Duration.ofMillis(1));
      }
      assertThat(store.size()).isEqualTo(3);
      assertThat(store.get(keys.get(1), TTL)).as("among the oldest").isEmpty();
      assertThat(store.get(keys.get(2), TTL)).contains(LABELS);
      assertThat(store.get(keys.get(4), TTL)).contains(LABELS);
    }
  }

  @Test
  void anEntryTooLargeIsNotStored() {
    List<SemanticScene.Widget> widgets = new ArrayList<>();
    for (int i = 0; i < 2_000; i++) {
      widgets.add(new SemanticScene.Widget("n" + i, "x".repeat(40)));
    }
    CachedLabels huge =
        new CachedLabels(new SemanticScene("huge", List.of(), widgets), Map.of(), LlmUsage.NONE);
    try (SqliteTimeline timeline = open()) {
      timeline.labels().put(KEY, huge, TTL);
      assertThat(timeline.labels().get(KEY, TTL)).isEmpty();
    }
  }

  @Test
  void anEntryThatNoLongerReadsBackIsAMissAndIsDropped() throws Exception {
    try (SqliteTimeline timeline = open()) {
      timeline.labels().put(KEY, LABELS, TTL);
    }
    try (Connection raw = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("t.db"));
        Statement statement = raw.createStatement()) {
      statement.execute("UPDATE label_cache SET entry = '{\"labels\":7}'");
    }
    try (SqliteTimeline timeline = open()) {
      assertThat(timeline.labels().get(KEY, TTL)).isEmpty();
      assertThat(((JdbcLabelStore) timeline.labels()).size()).isZero();
    }
  }

  @Test
  void aTtlThatIsNotPositiveIsRefusedNamingIt() {
    try (SqliteTimeline timeline = open()) {
      assertThatThrownBy(() -> timeline.labels().get(KEY, Duration.ZERO))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("ttl must be positive");
    }
  }
}
