package dev.apex.storage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.TaskId;
import dev.apex.core.TaskRecord;
import dev.apex.core.TaskStatus;
import dev.apex.llm.LlmUsage;
import dev.apex.llm.SemanticScene;
import dev.apex.testkit.FakeClock;
import dev.apex.timeline.CachedLabels;
import dev.apex.timeline.LabelKey;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A timeline written before owners and heartbeats were kept (schema 1), or before the label cache
 * (schema 2), still opens and reads.
 */
class SchemaMigrationTest {

  private static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");

  /** The tables exactly as schema version 1 created them, and rows as that apex wrote them. */
  private static final String[] VERSION_1 = {
    "CREATE TABLE schema_version (version INTEGER NOT NULL)",
    "INSERT INTO schema_version (version) VALUES (1)",
    """
    CREATE TABLE tasks (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      id TEXT NOT NULL UNIQUE,
      device TEXT,
      goal TEXT,
      status TEXT NOT NULL,
      reason TEXT,
      started_at TEXT NOT NULL,
      ended_at TEXT)
    """,
    """
    CREATE TABLE steps (
      task_id TEXT NOT NULL REFERENCES tasks (id),
      idx INTEGER NOT NULL,
      started_at TEXT,
      action TEXT NOT NULL,
      success INTEGER NOT NULL,
      error TEXT,
      scene TEXT,
      step TEXT NOT NULL,
      result TEXT NOT NULL,
      annotations TEXT NOT NULL,
      observe_nanos INTEGER NOT NULL,
      plan_nanos INTEGER NOT NULL,
      act_nanos INTEGER NOT NULL,
      PRIMARY KEY (task_id, idx))
    """,
    """
    CREATE TABLE screenshots (
      task_id TEXT NOT NULL,
      idx INTEGER NOT NULL,
      png BLOB NOT NULL,
      PRIMARY KEY (task_id, idx),
      FOREIGN KEY (task_id, idx) REFERENCES steps (task_id, idx))
    """,
    "INSERT INTO tasks (id, device, goal, status, reason, started_at, ended_at) VALUES"
        + " ('done', 'sim', 'a flow', 'SUCCEEDED', 'goal reached after 1 step(s)',"
        + " '2026-02-01T10:00:00Z', '2026-02-01T10:00:05Z')",
    "INSERT INTO steps VALUES ('done', 1, '2026-02-01T10:00:01Z', 'tap', 1, NULL, NULL,"
        + " '{\"action\":\"tap\",\"args\":{}}', '{}', '{}', 1, 2, 3)",
    // Left RUNNING by a Ctrl-C a month ago: before this version, forever.
    "INSERT INTO tasks (id, device, goal, status, started_at) VALUES"
        + " ('stuck', 'sim', 'a goal', 'RUNNING', '2026-02-01T11:00:00Z')",
    "INSERT INTO steps VALUES ('stuck', 1, '2026-02-01T11:00:01Z', 'tap', 1, NULL, NULL,"
        + " '{\"action\":\"tap\",\"args\":{}}', '{}', '{}', 1, 2, 3)",
    // Started seconds ago by an apex of that version that may still be running it.
    "INSERT INTO tasks (id, device, goal, status, started_at) VALUES"
        + " ('recent', 'sim', 'a goal', 'RUNNING', '2026-03-01T09:59:30Z')",
  };

  @TempDir Path dir;

  @Test
  void aVersion1FileOpensKeepsItsRowsAndEndsItsAbandonedTasks() throws Exception {
    Path file = dir.resolve("old.db");
    try (Connection raw = DriverManager.getConnection("jdbc:sqlite:" + file);
        Statement statement = raw.createStatement()) {
      for (String sql : VERSION_1) {
        statement.execute(sql);
      }
    }

    try (SqliteTimeline timeline = SqliteTimeline.open(file, new FakeClock(NOW), 5)) {
      TaskRecord done = timeline.task(TaskId.of("done")).orElseThrow();
      assertThat(done.status()).isEqualTo(TaskStatus.SUCCEEDED);
      assertThat(timeline.steps(done.id())).hasSize(1);

      TaskRecord stuck = timeline.task(TaskId.of("stuck")).orElseThrow();
      assertThat(stuck.status()).isEqualTo(TaskStatus.INTERRUPTED);
      assertThat(stuck.reason()).contains("kept no owner").contains("1 step(s) kept");
      assertThat(stuck.endedAt()).isEqualTo(Instant.parse("2026-02-01T11:00:01Z"));
      assertThat(timeline.steps(stuck.id())).hasSize(1);

      assertThat(timeline.task(TaskId.of("recent")).orElseThrow().status())
          .as("30 s old, inside the lease")
          .isEqualTo(TaskStatus.RUNNING);

      // And the file takes new tasks with owners.
      TaskId fresh = TaskId.of("fresh");
      timeline.startTask(fresh, "sim", "new");
      timeline.append(TestSteps.step(fresh, 1));
      timeline.finishTask(fresh, TaskStatus.SUCCEEDED, "ok");
      assertThat(timeline.tasks(10, 0)).hasSize(4);
    }
    try (Connection raw = DriverManager.getConnection("jdbc:sqlite:" + file);
        Statement statement = raw.createStatement();
        ResultSet rs = statement.executeQuery("SELECT version FROM schema_version")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getInt(1)).isEqualTo(Schema.CURRENT_VERSION).isEqualTo(5);
    }
    try (SqliteTimeline again =
        SqliteTimeline.open(file, new FakeClock(NOW.plus(Duration.ofMinutes(5))), 5)) {
      assertThat(again.task(TaskId.of("recent")).orElseThrow().status())
          .isEqualTo(TaskStatus.INTERRUPTED);
    }
  }

  @Test
  void aVersion2FileGainsTheLabelCacheAndKeepsItsTasks() throws Exception {
    Path file = dir.resolve("v2.db");
    try (Connection raw = DriverManager.getConnection("jdbc:sqlite:" + file);
        Statement statement = raw.createStatement()) {
      for (String sql : VERSION_1) {
        statement.execute(sql);
      }
      // Version 2 exactly as it was migrated: the owner and heartbeat columns, then the version.
      for (String column :
          List.of(
              "owner_host TEXT",
              "owner_pid INTEGER",
              "owner_started_at TEXT",
              "heartbeat_at TEXT",
              "cancel_requested TEXT")) {
        statement.execute("ALTER TABLE tasks ADD COLUMN " + column);
      }
      statement.execute("UPDATE schema_version SET version = 2");
    }

    LabelKey key = new LabelKey("0123456789abcdef", "claude-haiku-4-5", "1-abcdefabcdef");
    CachedLabels labels =
        new CachedLabels(
            new SemanticScene("home", List.of("open an app"), List.of()),
            Map.of(),
            new LlmUsage(100, 20, 0, 0));
    try (SqliteTimeline timeline = SqliteTimeline.open(file, new FakeClock(NOW), 5)) {
      assertThat(timeline.task(TaskId.of("done")).orElseThrow().status())
          .isEqualTo(TaskStatus.SUCCEEDED);
      assertThat(timeline.labels().get(key, Duration.ofHours(1))).isEmpty();
      timeline.labels().put(key, labels, Duration.ofHours(1));
      assertThat(timeline.labels().get(key, Duration.ofHours(1))).contains(labels);
    }
    try (Connection raw = DriverManager.getConnection("jdbc:sqlite:" + file);
        Statement statement = raw.createStatement();
        ResultSet rs = statement.executeQuery("SELECT version FROM schema_version")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getInt(1)).isEqualTo(Schema.CURRENT_VERSION);
    }
  }
}
