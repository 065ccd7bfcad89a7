package dev.apex.storage;

import dev.apex.core.InvalidInputException;
import dev.apex.core.Json;
import dev.apex.core.Secrets;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.timeline.FinalObservation;
import dev.apex.timeline.StepRecord;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The writes, each one transaction committed before it returns. Not thread-safe: {@link
 * SqliteTimeline} serializes the calls.
 *
 * <p>Every text written passes through {@link Secrets#redact} here (the device without a URL's user
 * info), so no secret reaches the database file, its journal or its WAL, whatever the caller put in
 * a goal, an error, a scene or the model's words.
 */
final class TimelineWriter {

  private final Connection connection;
  private final Clock clock;
  private final int keepScreenshotsOfTasks;

  TimelineWriter(Connection connection, Clock clock, int keepScreenshotsOfTasks) {
    this.connection = connection;
    this.clock = clock;
    this.keepScreenshotsOfTasks = keepScreenshotsOfTasks;
  }

  void startTask(TaskId id, String device, String goal, String suiteId, TaskOwner owner)
      throws SQLException {
    inTransaction(
        () -> {
          if (status(id).isPresent()) {
            throw new InvalidInputException("task " + id + " already exists: use a new task id");
          }
          try (PreparedStatement insert =
              connection.prepareStatement(
                  "INSERT INTO tasks (id, device, goal, status, started_at, owner_host, owner_pid,"
                      + " owner_started_at, heartbeat_at, suite_id)"
                      + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            String now = clock.instant().toString();
            insert.setString(1, id.value());
            insert.setString(2, Secrets.redact(Secrets.withoutUserInfo(device)));
            insert.setString(3, Secrets.redact(goal));
            insert.setString(4, TaskStatus.RUNNING.name());
            insert.setString(5, now);
            insert.setString(6, owner.host());
            insert.setLong(7, owner.pid());
            setNullable(
                insert, 8, owner.processStart() == null ? null : owner.processStart().toString());
            insert.setString(9, now);
            setNullable(insert, 10, suiteId == null ? null : Secrets.redact(suiteId));
            insert.executeUpdate();
          }
        });
  }

  void append(StepRecord step) throws SQLException {
    // Serialize before BEGIN IMMEDIATE: JSON work needs no database lock, and a value Jackson
    // cannot write then fails without starting a transaction.
    String scene = step.scene() == null ? null : Secrets.redact(Json.write(step.scene()));
    String planned = Secrets.redact(Json.write(step.step()));
    String result = Secrets.redact(Json.write(step.result()));
    String annotations = Secrets.redact(Json.write(StepExtrasJson.write(step.extras())));
    inTransaction(
        () -> {
          requireRunning(step.taskId(), "append step " + step.index() + " to");
          try (PreparedStatement insert =
              connection.prepareStatement(
                  "INSERT INTO steps (task_id, idx, started_at, action, success, error, scene,"
                      + " step, result, annotations, observe_nanos, plan_nanos, act_nanos)"
                      + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                      + " ON CONFLICT (task_id, idx) DO NOTHING")) {
            insert.setString(1, step.taskId().value());
            insert.setInt(2, step.index());
            setNullable(insert, 3, step.startedAt() == null ? null : step.startedAt().toString());
            insert.setString(4, step.step().action());
            insert.setInt(5, step.result().success() ? 1 : 0);
            setNullable(insert, 6, Secrets.redact(step.result().error()));
            setNullable(insert, 7, scene);
            insert.setString(8, planned);
            insert.setString(9, result);
            insert.setString(10, annotations);
            insert.setLong(11, step.observeTime().toNanos());
            insert.setLong(12, step.planTime().toNanos());
            insert.setLong(13, step.actTime().toNanos());
            if (insert.executeUpdate() == 0) {
              throw new InvalidInputException(
                  "task "
                      + step.taskId()
                      + " already has step "
                      + step.index()
                      + ": number steps 1, 2, 3... once each");
            }
          }
          if (step.screenshot() != null) {
            try (PreparedStatement insert =
                connection.prepareStatement(
                    "INSERT INTO screenshots (task_id, idx, png) VALUES (?, ?, ?)")) {
              insert.setString(1, step.taskId().value());
              insert.setInt(2, step.index());
              insert.setBytes(3, step.screenshot());
              insert.executeUpdate();
            }
          }
        });
  }

  /** Records the screen after the last step, once: a second one for the task is ignored. */
  void recordFinal(FinalObservation observation) throws SQLException {
    String scene = Secrets.redact(Json.write(observation.scene()));
    inTransaction(
        () -> {
          requireRunning(observation.taskId(), "record the final screen of");
          try (PreparedStatement insert =
              connection.prepareStatement(
                  "INSERT INTO final_observations (task_id, after_step, observed_at, scene, png)"
                      + " VALUES (?, ?, ?, ?, ?) ON CONFLICT (task_id) DO NOTHING")) {
            insert.setString(1, observation.taskId().value());
            insert.setInt(2, observation.afterStep());
            setNullable(
                insert,
                3,
                observation.observedAt() == null ? null : observation.observedAt().toString());
            insert.setString(4, scene);
            insert.setBytes(5, observation.screenshot());
            insert.executeUpdate();
          }
        });
  }

  void finishTask(TaskId id, TaskStatus status, String reason) throws SQLException {
    inTransaction(
        () -> {
          requireRunning(id, "finish");
          try (PreparedStatement update =
              connection.prepareStatement(
                  "UPDATE tasks SET status = ?, reason = ?, ended_at = ? WHERE id = ?")) {
            update.setString(1, status.name());
            setNullable(update, 2, Secrets.redact(reason));
            update.setString(3, clock.instant().toString());
            update.setString(4, id.value());
            update.executeUpdate();
          }
          dropOldScreenshots();
        });
  }

  /**
   * Refreshes the heartbeat of the given tasks and returns, for each that must stop, why: a cancel
   * asked for it, or a status that is no longer {@link TaskStatus#RUNNING} (a reader judged its
   * owner gone, or a task not in the file at all).
   */
  Map<TaskId, Heartbeat.Stop> heartbeat(Set<TaskId> ids) throws SQLException {
    Map<TaskId, Heartbeat.Stop> stops = new HashMap<>();
    String now = clock.instant().toString();
    inTransaction(
        () -> {
          try (PreparedStatement update =
                  connection.prepareStatement(
                      "UPDATE tasks SET heartbeat_at = ? WHERE id = ? AND status = 'RUNNING'");
              PreparedStatement query =
                  connection.prepareStatement(
                      "SELECT status, cancel_requested FROM tasks WHERE id = ?")) {
            for (TaskId id : ids) {
              update.setString(1, now);
              update.setString(2, id.value());
              update.executeUpdate();
              query.setString(1, id.value());
              try (ResultSet rs = query.executeQuery()) {
                if (!rs.next()) {
                  stops.put(id, new Heartbeat.Stop("the task is no longer in the timeline", true));
                } else if (!TaskStatus.RUNNING.name().equals(rs.getString(1))) {
                  stops.put(
                      id,
                      new Heartbeat.Stop("the timeline recorded it as " + rs.getString(1), true));
                } else if (rs.getString(2) != null) {
                  stops.put(id, new Heartbeat.Stop(rs.getString(2), false));
                }
              }
            }
          }
        });
    return stops;
  }

  /**
   * Records a running task {@link TaskStatus#INTERRUPTED} if it is still exactly as read: running,
   * with the same heartbeat, so that a task which finished or beat meanwhile is left alone.
   *
   * @return whether this call recorded it
   */
  boolean interrupt(TaskRow row, String reason) throws SQLException {
    boolean[] changed = {false};
    inTransaction(
        () -> {
          try (PreparedStatement update =
              connection.prepareStatement(
                  "UPDATE tasks SET status = ?, reason = ?, ended_at = ?"
                      + " WHERE id = ? AND status = 'RUNNING' AND heartbeat_at IS ?")) {
            update.setString(1, TaskStatus.INTERRUPTED.name());
            update.setString(2, reason);
            update.setString(3, String.valueOf(Liveness.endOf(row)));
            update.setString(4, row.record().id().value());
            setNullable(update, 5, row.heartbeat() == null ? null : row.heartbeat().toString());
            changed[0] = update.executeUpdate() == 1;
          }
        });
    return changed[0];
  }

  /**
   * Asks the owner of a running task to stop it: its heartbeat thread reads the reason. A second
   * request keeps the first reason.
   *
   * @return false when the task already finished
   * @throws InvalidInputException when there is no such task
   */
  boolean requestCancel(TaskId id, String reason) throws SQLException {
    boolean[] requested = {false};
    inTransaction(
        () -> {
          TaskStatus status =
              status(id)
                  .orElseThrow(
                      () ->
                          new InvalidInputException(
                              "cannot cancel task " + id + ": no such task in the timeline"));
          if (status.isFinal()) {
            return;
          }
          try (PreparedStatement update =
              connection.prepareStatement(
                  "UPDATE tasks SET cancel_requested = coalesce(cancel_requested, ?)"
                      + " WHERE id = ? AND status = 'RUNNING'")) {
            update.setString(1, reason);
            update.setString(2, id.value());
            requested[0] = update.executeUpdate() == 1;
          }
        });
    return requested[0];
  }

  // Step rows stay: only the bulky PNGs of all but the newest tasks go. Freed pages are reused by
  // later screenshots, so the file stops growing once it holds that many tasks' worth.
  private void dropOldScreenshots() throws SQLException {
    try (PreparedStatement delete =
        connection.prepareStatement(
            "DELETE FROM screenshots WHERE task_id NOT IN"
                + " (SELECT id FROM tasks ORDER BY seq DESC LIMIT ?)")) {
      delete.setInt(1, keepScreenshotsOfTasks);
      delete.executeUpdate();
    }
    try (PreparedStatement drop =
        connection.prepareStatement(
            "UPDATE final_observations SET png = NULL WHERE png IS NOT NULL AND task_id NOT IN"
                + " (SELECT id FROM tasks ORDER BY seq DESC LIMIT ?)")) {
      drop.setInt(1, keepScreenshotsOfTasks);
      drop.executeUpdate();
    }
  }

  private void requireRunning(TaskId id, String action) throws SQLException {
    TaskStatus status =
        status(id)
            .orElseThrow(
                () ->
                    new InvalidInputException(
                        "cannot " + action + " task " + id + ": no such task; start it first"));
    if (status.isFinal()) {
      throw new InvalidInputException(
          "cannot " + action + " task " + id + ": it already finished as " + status);
    }
  }

  private Optional<TaskStatus> status(TaskId id) throws SQLException {
    try (PreparedStatement query =
        connection.prepareStatement("SELECT status FROM tasks WHERE id = ?")) {
      query.setString(1, id.value());
      try (ResultSet rs = query.executeQuery()) {
        return rs.next() ? Optional.of(TaskStatus.valueOf(rs.getString(1))) : Optional.empty();
      }
    }
  }

  private static void setNullable(PreparedStatement statement, int column, String value)
      throws SQLException {
    if (value == null) {
      statement.setNull(column, Types.VARCHAR);
    } else {
      statement.setString(column, value);
    }
  }

  private void inTransaction(Transactions.Work work) throws SQLException {
    Transactions.run(connection, work);
  }
}
