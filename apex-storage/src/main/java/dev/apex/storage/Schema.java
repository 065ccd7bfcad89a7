package dev.apex.storage;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The timeline's tables and their migrations. The file records its version in {@code
 * schema_version}; opening a file runs the migrations it lacks, in one transaction, so two
 * processes opening the same new file at once cannot both create it. A later version adds a
 * migration to the end of {@link #MIGRATIONS} and never edits an earlier one.
 *
 * <p>Times are ISO-8601 text ({@link java.time.Instant#toString()}), durations whole nanoseconds,
 * JSON is text written by {@link dev.apex.core.Json}. Screenshots live in their own table so that
 * listing steps never reads them.
 *
 * <p>Version 2 records each task's owner (host, pid, process start instant), the owner's heartbeat
 * and a cancel another process asked for (the reason, null when none): see {@link Liveness}.
 *
 * <p>Version 4 adds {@code final_observations}: per task, the scene (and PNG, dropped with the
 * screenshots by retention) observed after its last step.
 *
 * <p>Version 5 adds {@code tasks.suite_id}: the suite run ({@code apex test}) a task was one flow
 * of, null for a task run alone; and indexes for a suite's tasks and for a goal's earlier runs.
 *
 * <p>Version 3 adds the cross-task label cache ({@link JdbcLabelStore}): one row per screen
 * signature, labelling model and prompt version, its entry JSON and when it was stored, in epoch
 * milliseconds because expiry and eviction compare and order them (ISO text with a varying number
 * of fraction digits does not sort as time does).
 */
final class Schema {

  /** Migration {@code i} takes the file from version {@code i} to {@code i + 1}. */
  private static final List<List<String>> MIGRATIONS =
      List.of(
          List.of(
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
              """),
          // 2: who runs each task (host, pid, process start), its heartbeat, and a cancel asked by
          // another process. Rows from version 1 keep nulls there: readers judge them by age.
          List.of(
              "ALTER TABLE tasks ADD COLUMN owner_host TEXT",
              "ALTER TABLE tasks ADD COLUMN owner_pid INTEGER",
              "ALTER TABLE tasks ADD COLUMN owner_started_at TEXT",
              "ALTER TABLE tasks ADD COLUMN heartbeat_at TEXT",
              "ALTER TABLE tasks ADD COLUMN cancel_requested TEXT"),
          // 3: labellings kept across tasks (semantic.cache timeline), expired by stored_at_ms.
          List.of(
              """
              CREATE TABLE label_cache (
                signature TEXT NOT NULL,
                model TEXT NOT NULL,
                prompt_version TEXT NOT NULL,
                entry TEXT NOT NULL,
                stored_at_ms INTEGER NOT NULL,
                PRIMARY KEY (signature, model, prompt_version))
              """,
              "CREATE INDEX label_cache_by_age ON label_cache (stored_at_ms)"),
          // 4: the screen each task left after its last step, so every step has an "after".
          List.of(
              """
              CREATE TABLE final_observations (
                task_id TEXT PRIMARY KEY REFERENCES tasks (id),
                after_step INTEGER NOT NULL,
                observed_at TEXT,
                scene TEXT NOT NULL,
                png BLOB)
              """),
          // 5: the suite run (apex test) a task was one flow of, and the lookups a suite makes:
          // its own tasks, and earlier runs of the same flows (by goal) to balance shards.
          List.of(
              "ALTER TABLE tasks ADD COLUMN suite_id TEXT",
              "CREATE INDEX tasks_by_suite ON tasks (suite_id)",
              "CREATE INDEX tasks_by_goal ON tasks (goal, seq)"));

  /** The version this code writes. */
  static final int CURRENT_VERSION = MIGRATIONS.size();

  private Schema() {}

  /** Brings the file to {@link #CURRENT_VERSION}; the connection must be in auto-commit mode. */
  static void migrate(Connection connection, Path file) throws SQLException {
    Transactions.run(
        connection,
        () -> {
          try (Statement statement = connection.createStatement()) {
            statement.execute(
                "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)");
            int version = version(statement);
            if (version > CURRENT_VERSION) {
              throw new TimelineException(
                  "timeline "
                      + file
                      + " has schema version "
                      + version
                      + " but this apex reads up to "
                      + CURRENT_VERSION
                      + ": upgrade apex or use another file");
            }
            for (int v = version; v < CURRENT_VERSION; v++) {
              for (String sql : MIGRATIONS.get(v)) {
                statement.execute(sql);
              }
            }
            if (version < CURRENT_VERSION) {
              setVersion(connection, version);
            }
          }
          return null;
        });
  }

  private static int version(Statement statement) throws SQLException {
    try (ResultSet rs = statement.executeQuery("SELECT max(version) FROM schema_version")) {
      return rs.next() ? rs.getInt(1) : 0;
    }
  }

  private static void setVersion(Connection connection, int from) throws SQLException {
    String sql =
        from == 0
            ? "INSERT INTO schema_version (version) VALUES (?)"
            : "UPDATE schema_version SET version = ?";
    try (PreparedStatement update = connection.prepareStatement(sql)) {
      update.setInt(1, CURRENT_VERSION);
      update.executeUpdate();
    }
  }
}
