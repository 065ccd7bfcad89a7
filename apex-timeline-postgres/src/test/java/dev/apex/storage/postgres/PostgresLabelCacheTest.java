package dev.apex.storage.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.llm.LlmUsage;
import dev.apex.llm.SemanticScene;
import dev.apex.storage.FakeProcesses;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.PostgresServer;
import dev.apex.timeline.CachedLabels;
import dev.apex.timeline.LabelKey;
import dev.apex.timeline.LabelStore;
import dev.apex.timeline.TimelineOptions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The label cache on a server, through the body the SQLite file shares: entries age by the server's
 * clock (a runner whose clock is days ahead expires nothing), an expired or unreadable entry is a
 * miss that the read deletes, and past the bound a write evicts the oldest.
 */
@Tag("e2e")
class PostgresLabelCacheTest {

  private static final Duration TTL = Duration.ofDays(1);
  private static final LabelKey KEY = new LabelKey("00ff00ff00ff00ff", "model-a", "1-a");
  private static final CachedLabels LABELS =
      new CachedLabels(
          new SemanticScene(
              "settings",
              List.of("turn wifi on"),
              List.of(new SemanticScene.Widget("n3", "wi-fi"))),
          Map.of("n3", "5f1c0e7a9b2d4c68"),
          new LlmUsage(410, 35, 1200, 0));

  private TestDatabase database;
  private PostgresTimeline timeline;
  private LabelStore labels;

  @BeforeEach
  void open() {
    database = TestDatabase.create(PostgresServer.fromEnvironment());
    timeline =
        PostgresTimeline.open(
            database.location(),
            TimelineOptions.DEFAULTS,
            Map.of(),
            new FakeClock(Instant.now().plus(Duration.ofDays(3))),
            new FakeProcesses("host-a", 1),
            PostgresTimeline.HEARTBEAT_INTERVAL,
            PostgresTimeline.LEASE);
    labels = timeline.labelStore().orElseThrow();
  }

  @AfterEach
  void close() {
    if (timeline != null) {
      timeline.close();
    }
    if (database != null) {
      database.close();
    }
  }

  @Test
  void anEntryExpiresByTheServersClockAndTheReadThatFindsItExpiredDeletesIt() {
    labels.put(KEY, LABELS, TTL);
    assertThat(labels.get(KEY, TTL)).as("the runner's clock is days ahead").contains(LABELS);

    database.execute("UPDATE label_cache SET stored_at = now() - interval '25 hours'");
    assertThat(labels.get(KEY, Duration.ofDays(2))).contains(LABELS);
    assertThat(labels.get(KEY, TTL)).isEmpty();
    assertThat(count("SELECT count(*) FROM label_cache")).as("deleted by the read").isZero();
  }

  @Test
  void anEntryThatNoLongerReadsBackIsAMissAndIsDropped() {
    labels.put(KEY, LABELS, TTL);
    database.execute("UPDATE label_cache SET entry = '{\"labels\":7}'");

    assertThat(labels.get(KEY, TTL)).isEmpty();
    assertThat(count("SELECT count(*) FROM label_cache")).isZero();
  }

  @Test
  void pastTheBoundAWriteEvictsTheOldest() {
    database.execute(
        "INSERT INTO label_cache (signature, model, prompt_version, entry, stored_at)"
            + " SELECT 'old' || g, 'model-a', '1-a', '{}', now() - g * interval '1 second'"
            + " FROM generate_series(1, 2000) g");

    labels.put(KEY, LABELS, TTL);

    assertThat(count("SELECT count(*) FROM label_cache")).isEqualTo(2_000);
    assertThat(count("SELECT count(*) FROM label_cache WHERE signature = 'old2000'"))
        .as("the oldest")
        .isZero();
    assertThat(count("SELECT count(*) FROM label_cache WHERE signature = 'old1999'")).isOne();
    assertThat(labels.get(KEY, TTL)).contains(LABELS);
  }

  private int count(String sql) {
    try (Connection c = TestDatabase.connect(database.location());
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getInt(1);
    } catch (SQLException e) {
      throw new AssertionError("cannot run " + sql + ": " + e.getMessage(), e);
    }
  }
}
