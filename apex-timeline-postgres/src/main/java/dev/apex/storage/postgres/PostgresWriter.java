package dev.apex.storage.postgres;

import dev.apex.core.InvalidInputException;
import dev.apex.core.Json;
import dev.apex.core.Secrets;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.storage.Heartbeat;
import dev.apex.storage.Liveness;
import dev.apex.storage.StepExtrasJson;
import dev.apex.storage.TaskOwner;
import dev.apex.storage.TaskRow;
import dev.apex.timeline.FinalObservation;
import dev.apex.timeline.StepRecord;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The writes, as SQL on a connection inside one transaction that {@link PostgresTimeline} opens and
 * commits. The server stamps the times it owns ({@code now()}: a task's start and end, the
 * heartbeat), so the runners' clocks never decide liveness. A write told it is a {@code retry} (an
 * earlier attempt may have committed before the server went away) takes finding its own row already
 * there as done. Every text written passes through {@link Secrets#redact}, as in the SQLite file.
 * Stateless.
 */
final class PostgresWriter {

  private final int keepScreenshotsOfTasks;

  PostgresWriter(int keepScreenshotsOfTasks) {
    this.keepScreenshotsOfTasks = keepScreenshotsOfTasks;
  }

  void startTask(
      Connection c,
      TaskId id,
      String device,
      String goal,
      String suiteId,
      TaskOwner owner,
      boolean retry)
      throws SQLException {
    try (PreparedStatement insert =
        c.prepareStatement(
            "INSERT INTO tasks (id, device, goal, status, started_at, owner_host, owner_pid,"
                + " owner_started_at, heartbeat_at, suite_id) VALUES (?, ?, ?, 'RUNNING', now(),"
                + " ?, ?, ?, now(), ?) ON CONFLICT (id) DO NOTHING")) {
      insert.setString(1, id.value());
      insert.setString(2, Secrets.redact(Secrets.withoutUserInfo(device)));
      insert.setString(3, Secrets.redact(goal));
      insert.setString(4, owner.host());
      insert.setLong(5, owner.pid());
      setInstant(insert, 6, owner.processStart());
      setText(insert, 7, suiteId == null ? null : Secrets.redact(suiteId));
      if (insert.executeUpdate() == 0 && !(retry && ownedBy(c, id, owner))) {
        throw new InvalidInputException("task " + id + " already exists: use a new task id");
      }
    }
  }

  void append(Connection c, StepRecord step, boolean retry) throws SQLException {
    String scene = step.scene() == null ? null : Secrets.redact(Json.write(step.scene()));
    String planned = Secrets.redact(Json.write(step.step()));
    String result = Secrets.redact(Json.write(step.result()));
    String annotations = Secrets.redact(Json.write(StepExtrasJson.write(step.extras())));
    requireRunning(c, step.taskId(), "append step " + step.index() + " to");
    try (PreparedStatement insert =
        c.prepareStatement(
            "INSERT INTO steps (task_id, idx, started_at, action, success, error, scene, step,"
                + " result, annotations, observe_nanos, plan_nanos, act_nanos)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                + " ON CONFLICT (task_id, idx) DO NOTHING")) {
      insert.setString(1, step.taskId().value());
      insert.setInt(2, step.index());
      setInstant(insert, 3, step.startedAt());
      insert.setString(4, step.step().action());
      insert.setBoolean(5, step.result().success());
      setText(insert, 6, Secrets.redact(step.result().error()));
      setText(insert, 7, scene);
      insert.setString(8, planned);
      insert.setString(9, result);
      insert.setString(10, annotations);
      insert.setLong(11, step.observeTime().toNanos());
      insert.setLong(12, step.planTime().toNanos());
      insert.setLong(13, step.actTime().toNanos());
      if (insert.executeUpdate() == 0) {
        if (retry) {
          return;
        }
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
          c.prepareStatement("INSERT INTO screenshots (task_id, idx, png) VALUES (?, ?, ?)")) {
        insert.setString(1, step.taskId().value());
        insert.setInt(2, step.index());
        insert.setBytes(3, step.screenshot());
        insert.executeUpdate();
      }
    }
  }

  void recordFinal(Connection c, FinalObservation observation) throws SQLException {
    String scene = Secrets.redact(Json.write(observation.scene()));
    requireRunning(c, observation.taskId(), "record the final screen of");
    try (PreparedStatement insert =
        c.prepareStatement(
            "INSERT INTO final_observations (task_id, after_step, observed_at, scene, png)"
                + " VALUES (?, ?, ?, ?, ?) ON CONFLICT (task_id) DO NOTHING")) {
      insert.setString(1, observation.taskId().value());
      insert.setInt(2, observation.afterStep());
      setInstant(insert, 3, observation.observedAt());
      insert.setString(4, scene);
      insert.setBytes(5, observation.screenshot());
      insert.executeUpdate();
    }
  }

  void finishTask(Connection c, TaskId id, TaskStatus status, String reason, boolean retry)
      throws SQLException {
    Optional<TaskStatus> now = status(c, id, true);
    if (retry && now.isPresent() && now.get() == status) {
      return;
    }
    requireRunning(id, now, "finish");
    try (PreparedStatement update =
        c.prepareStatement(
            "UPDATE tasks SET status = ?, reason = ?, ended_at = now() WHERE id = ?")) {
      update.setString(1, status.name());
      setText(update, 2, Secrets.redact(reason));
      update.setString(3, id.value());
      update.executeUpdate();
    }
    dropOldScreenshots(c);
  }

  /** As the SQLite writer's heartbeat, stamped with the server's clock. */
  Map<TaskId, Heartbeat.Stop> heartbeat(Connection c, Set<TaskId> ids) throws SQLException {
    Map<TaskId, Heartbeat.Stop> stops = new HashMap<>();
    try (PreparedStatement update =
            c.prepareStatement(
                "UPDATE tasks SET heartbeat_at = now() WHERE id = ? AND status = 'RUNNING'");
        PreparedStatement query =
            c.prepareStatement("SELECT status, cancel_requested FROM tasks WHERE id = ?")) {
      for (TaskId id : ids) {
        update.setString(1, id.value());
        update.executeUpdate();
        query.setString(1, id.value());
        try (ResultSet rs = query.executeQuery()) {
          if (!rs.next()) {
            stops.put(id, new Heartbeat.Stop("the task is no longer in the timeline", true));
          } else if (!TaskStatus.RUNNING.name().equals(rs.getString(1))) {
            stops.put(
                id, new Heartbeat.Stop("the timeline recorded it as " + rs.getString(1), true));
          } else if (rs.getString(2) != null) {
            stops.put(id, new Heartbeat.Stop(rs.getString(2), false));
          }
        }
      }
    }
    return stops;
  }

  /** Records the task interrupted if it is still exactly as read (running, same heartbeat). */
  boolean interrupt(Connection c, TaskRow row, String reason) throws SQLException {
    try (PreparedStatement update =
        c.prepareStatement(
            "UPDATE tasks SET status = 'INTERRUPTED', reason = ?, ended_at = ?"
                + " WHERE id = ? AND status = 'RUNNING' AND heartbeat_at IS NOT DISTINCT FROM ?")) {
      update.setString(1, reason);
      setInstant(update, 2, Liveness.endOf(row));
      update.setString(3, row.record().id().value());
      setInstant(update, 4, row.heartbeat());
      return update.executeUpdate() == 1;
    }
  }

  boolean requestCancel(Connection c, TaskId id, String reason) throws SQLException {
    TaskStatus status =
        status(c, id, true)
            .orElseThrow(
                () ->
                    new InvalidInputException(
                        "cannot cancel task " + id + ": no such task in the timeline"));
    if (status.isFinal()) {
      return false;
    }
    try (PreparedStatement update =
        c.prepareStatement(
            "UPDATE tasks SET cancel_requested = coalesce(cancel_requested, ?)"
                + " WHERE id = ? AND status = 'RUNNING'")) {
      update.setString(1, Secrets.redact(reason));
      update.setString(2, id.value());
      return update.executeUpdate() == 1;
    }
  }

  void dropOldScreenshots(Connection c) throws SQLException {
    String newest = "(SELECT id FROM tasks ORDER BY seq DESC LIMIT ?)";
    try (PreparedStatement delete =
        c.prepareStatement("DELETE FROM screenshots WHERE task_id NOT IN " + newest)) {
      delete.setInt(1, keepScreenshotsOfTasks);
      delete.executeUpdate();
    }
    try (PreparedStatement drop =
        c.prepareStatement(
            "UPDATE final_observations SET png = NULL WHERE png IS NOT NULL AND task_id NOT IN "
                + newest)) {
      drop.setInt(1, keepScreenshotsOfTasks);
      drop.executeUpdate();
    }
  }

  private static boolean ownedBy(Connection c, TaskId id, TaskOwner owner) throws SQLException {
    try (PreparedStatement query =
        c.prepareStatement("SELECT owner_host, owner_pid FROM tasks WHERE id = ?")) {
      query.setString(1, id.value());
      try (ResultSet rs = query.executeQuery()) {
        return rs.next() && owner.host().equals(rs.getString(1)) && owner.pid() == rs.getLong(2);
      }
    }
  }

  private static void requireRunning(Connection c, TaskId id, String action) throws SQLException {
    requireRunning(id, status(c, id, true), action);
  }

  private static void requireRunning(TaskId id, Optional<TaskStatus> status, String action) {
    TaskStatus found =
        status.orElseThrow(
            () ->
                new InvalidInputException(
                    "cannot " + action + " task " + id + ": no such task; start it first"));
    if (found.isFinal()) {
      throw new InvalidInputException(
          "cannot " + action + " task " + id + ": it already finished as " + found);
    }
  }

  /** The task's status, its row locked until the transaction ends when {@code lock}. */
  static Optional<TaskStatus> status(Connection c, TaskId id, boolean lock) throws SQLException {
    try (PreparedStatement query =
        c.prepareStatement("SELECT status FROM tasks WHERE id = ?" + (lock ? " FOR UPDATE" : ""))) {
      query.setString(1, id.value());
      try (ResultSet rs = query.executeQuery()) {
        return rs.next() ? Optional.of(TaskStatus.valueOf(rs.getString(1))) : Optional.empty();
      }
    }
  }

  static void setInstant(PreparedStatement s, int column, Instant instant) throws SQLException {
    if (instant == null) {
      s.setNull(column, Types.TIMESTAMP_WITH_TIMEZONE);
    } else {
      s.setObject(column, OffsetDateTime.ofInstant(instant, ZoneOffset.UTC));
    }
  }

  static void setText(PreparedStatement s, int column, String value) throws SQLException {
    if (value == null) {
      s.setNull(column, Types.VARCHAR);
    } else {
      s.setString(column, value);
    }
  }
}
