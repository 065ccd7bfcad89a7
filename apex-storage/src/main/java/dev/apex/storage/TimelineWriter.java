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
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The writes, as SQL on a connection inside one transaction the caller opens and commits ({@link
 * JdbcTimeline}), the same for every backend but for what its {@link JdbcDialect} writes its own
 * way: the times the timeline owns (a task's start and end, the heartbeat) are stamped with the
 * dialect's {@link JdbcDialect#now()}. A write told it is {@code retried} (an earlier attempt may
 * have committed before the server went away) takes finding its own row already there as done.
 *
 * <p>Every text written passes through {@link Secrets#redact} ({@link #row} and here; the device
 * without a URL's user info), so no secret reaches the store, its journal or its log, whatever the
 * caller put in a goal, an error, a scene or the model's words. Stateless but for the retention.
 */
final class TimelineWriter {

  private final JdbcDialect dialect;
  private final int keepScreenshotsOfTasks;

  TimelineWriter(JdbcDialect dialect, int keepScreenshotsOfTasks) {
    this.dialect = dialect;
    this.keepScreenshotsOfTasks = keepScreenshotsOfTasks;
  }

  /**
   * The step as its row, its JSON written and redacted: work that needs no transaction, so a value
   * Jackson cannot write fails before one starts.
   */
  static StoredStep row(StepRecord step) {
    return new StoredStep(
        step.taskId(),
        step.index(),
        step.startedAt(),
        step.step().action(),
        step.result().success(),
        Secrets.redact(step.result().error()),
        step.scene() == null ? null : Secrets.redact(Json.write(step.scene())),
        Secrets.redact(Json.write(step.step())),
        Secrets.redact(Json.write(step.result())),
        Secrets.redact(Json.write(StepExtrasJson.write(step.extras()))),
        step.observeTime(),
        step.planTime(),
        step.actTime(),
        step.screenshot() != null);
  }

  /** The final observation as its row, its scene written and redacted (see {@link #row}). */
  static StoredObservation row(FinalObservation observation) {
    return new StoredObservation(
        observation.taskId(),
        observation.afterStep(),
        observation.observedAt(),
        Secrets.redact(Json.write(observation.scene())),
        observation.screenshot() != null);
  }

  void startTask(
      Connection c,
      TaskId id,
      String device,
      String goal,
      String suiteId,
      TaskOwner owner,
      boolean retried)
      throws SQLException {
    SqlPart now = dialect.now();
    try (PreparedStatement insert =
        c.prepareStatement(
            "INSERT INTO tasks (id, device, goal, status, owner_host, owner_pid, owner_started_at,"
                + " suite_id, started_at, heartbeat_at) VALUES (?, ?, ?, 'RUNNING', ?, ?, ?, ?, "
                + now.sql()
                + ", "
                + now.sql()
                + ") ON CONFLICT (id) DO NOTHING")) {
      insert.setString(1, id.value());
      insert.setString(2, Secrets.redact(Secrets.withoutUserInfo(device)));
      insert.setString(3, Secrets.redact(goal));
      insert.setString(4, owner.host());
      insert.setLong(5, owner.pid());
      dialect.setInstant(insert, 6, owner.processStart());
      setText(insert, 7, suiteId == null ? null : Secrets.redact(suiteId));
      now.bind(insert, now.bind(insert, 8));
      if (insert.executeUpdate() == 0 && !(retried && ownedBy(c, id, owner))) {
        throw new InvalidInputException("task " + id + " already exists: use a new task id");
      }
    }
  }

  /** Appends a step made by {@link #row(StepRecord)}, with its screenshot when it has one. */
  void append(Connection c, StoredStep step, byte[] screenshot, boolean retried)
      throws SQLException {
    requireRunning(c, step.taskId(), "append step " + step.index() + " to");
    if (!insertStep(c, step, screenshot) && !retried) {
      throw new InvalidInputException(
          "task "
              + step.taskId()
              + " already has step "
              + step.index()
              + ": number steps 1, 2, 3... once each");
    }
  }

  /** Records the screen after the last step, once: a second one for the task is ignored. */
  void recordFinal(Connection c, StoredObservation observation, byte[] screenshot)
      throws SQLException {
    requireRunning(c, observation.taskId(), "record the final screen of");
    insertFinal(c, observation, screenshot);
  }

  void finishTask(Connection c, TaskId id, TaskStatus status, String reason, boolean retried)
      throws SQLException {
    Optional<TaskStatus> found = status(c, id);
    if (retried && found.isPresent() && found.get() == status) {
      return;
    }
    requireRunning(id, found, "finish");
    SqlPart now = dialect.now();
    try (PreparedStatement update =
        c.prepareStatement(
            "UPDATE tasks SET status = ?, reason = ?, ended_at = " + now.sql() + " WHERE id = ?")) {
      update.setString(1, status.name());
      setText(update, 2, Secrets.redact(reason));
      update.setString(now.bind(update, 3), id.value());
      update.executeUpdate();
    }
    dropOldScreenshots(c);
  }

  /**
   * Refreshes the heartbeat of the given tasks and returns, for each that must stop, why: a cancel
   * asked for it, or a status that is no longer {@link TaskStatus#RUNNING} (a reader judged its
   * owner gone, or a task not in the timeline at all).
   */
  Map<TaskId, Heartbeat.Stop> heartbeat(Connection c, Set<TaskId> ids) throws SQLException {
    Map<TaskId, Heartbeat.Stop> stops = new HashMap<>();
    SqlPart now = dialect.now();
    try (PreparedStatement update =
            c.prepareStatement(
                "UPDATE tasks SET heartbeat_at = "
                    + now.sql()
                    + " WHERE id = ? AND status = 'RUNNING'");
        PreparedStatement query =
            c.prepareStatement("SELECT status, cancel_requested FROM tasks WHERE id = ?")) {
      for (TaskId id : ids) {
        update.setString(now.bind(update, 1), id.value());
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

  /**
   * Records a running task {@link TaskStatus#INTERRUPTED} if it is still exactly as read: running,
   * with the same heartbeat, so that a task which finished or beat meanwhile is left alone.
   *
   * @return whether this call recorded it
   */
  boolean interrupt(Connection c, TaskRow row, String reason) throws SQLException {
    try (PreparedStatement update =
        c.prepareStatement(
            "UPDATE tasks SET status = 'INTERRUPTED', reason = ?, ended_at = ?"
                + " WHERE id = ? AND status = 'RUNNING' AND heartbeat_at IS NOT DISTINCT FROM ?")) {
      update.setString(1, reason);
      dialect.setInstant(update, 2, Liveness.endOf(row));
      update.setString(3, row.record().id().value());
      dialect.setInstant(update, 4, row.heartbeat());
      return update.executeUpdate() == 1;
    }
  }

  /**
   * Asks the owner of a running task to stop it: its heartbeat thread reads the reason. A second
   * request keeps the first reason.
   *
   * @return false when the task already finished
   * @throws InvalidInputException when there is no such task
   */
  boolean requestCancel(Connection c, TaskId id, String reason) throws SQLException {
    TaskStatus status =
        status(c, id)
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

  /**
   * Copies a finished task from another timeline as it was stored there (its texts redacted when
   * they were recorded), with its steps, the screenshots given and its final screen.
   *
   * @return false, changing nothing, when this timeline holds a task with its id already
   */
  boolean copy(Connection c, TaskCopy copy) throws SQLException {
    if (!insertTask(c, copy)) {
      return false;
    }
    for (int i = 0; i < copy.steps().size(); i++) {
      insertStep(c, copy.steps().get(i), copy.screenshots().get(i));
    }
    if (copy.last() != null) {
      insertFinal(c, copy.last(), copy.lastScreenshot());
    }
    dropOldScreenshots(c);
    return true;
  }

  private boolean insertTask(Connection c, TaskCopy copy) throws SQLException {
    var task = copy.task();
    try (PreparedStatement insert =
        c.prepareStatement(
            "INSERT INTO tasks (id, device, goal, status, reason, started_at, ended_at, suite_id)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING")) {
      insert.setString(1, task.id().value());
      setText(insert, 2, task.device());
      setText(insert, 3, task.goal());
      insert.setString(4, task.status().name());
      setText(insert, 5, task.reason());
      dialect.setInstant(insert, 6, task.startedAt());
      dialect.setInstant(insert, 7, task.endedAt());
      setText(insert, 8, task.suiteId());
      return insert.executeUpdate() == 1;
    }
  }

  /**
   * @return false when the task has a step of this index already
   */
  private boolean insertStep(Connection c, StoredStep s, byte[] screenshot) throws SQLException {
    try (PreparedStatement insert =
        c.prepareStatement(
            "INSERT INTO steps (task_id, idx, started_at, action, success, error, scene, step,"
                + " result, annotations, observe_nanos, plan_nanos, act_nanos)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                + " ON CONFLICT (task_id, idx) DO NOTHING")) {
      insert.setString(1, s.taskId().value());
      insert.setInt(2, s.index());
      dialect.setInstant(insert, 3, s.startedAt());
      insert.setString(4, s.action());
      insert.setBoolean(5, s.success());
      setText(insert, 6, s.error());
      setText(insert, 7, s.sceneJson());
      insert.setString(8, s.stepJson());
      insert.setString(9, s.resultJson());
      insert.setString(10, s.annotationsJson());
      insert.setLong(11, s.observeTime().toNanos());
      insert.setLong(12, s.planTime().toNanos());
      insert.setLong(13, s.actTime().toNanos());
      if (insert.executeUpdate() == 0) {
        return false;
      }
    }
    if (screenshot != null) {
      try (PreparedStatement insert =
          c.prepareStatement("INSERT INTO screenshots (task_id, idx, png) VALUES (?, ?, ?)")) {
        insert.setString(1, s.taskId().value());
        insert.setInt(2, s.index());
        insert.setBytes(3, screenshot);
        insert.executeUpdate();
      }
    }
    return true;
  }

  private void insertFinal(Connection c, StoredObservation o, byte[] screenshot)
      throws SQLException {
    try (PreparedStatement insert =
        c.prepareStatement(
            "INSERT INTO final_observations (task_id, after_step, observed_at, scene, png)"
                + " VALUES (?, ?, ?, ?, ?) ON CONFLICT (task_id) DO NOTHING")) {
      insert.setString(1, o.taskId().value());
      insert.setInt(2, o.afterStep());
      dialect.setInstant(insert, 3, o.observedAt());
      insert.setString(4, o.sceneJson());
      insert.setBytes(5, screenshot);
      insert.executeUpdate();
    }
  }

  // Step rows stay: only the bulky PNGs of all but the newest tasks go. Freed pages are reused by
  // later screenshots, so the store stops growing once it holds that many tasks' worth.
  private void dropOldScreenshots(Connection c) throws SQLException {
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

  private void requireRunning(Connection c, TaskId id, String action) throws SQLException {
    requireRunning(id, status(c, id), action);
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

  /** The task's status, its row locked until the transaction ends where the dialect locks rows. */
  private Optional<TaskStatus> status(Connection c, TaskId id) throws SQLException {
    try (PreparedStatement query =
        c.prepareStatement("SELECT status FROM tasks WHERE id = ?" + dialect.lockRow())) {
      query.setString(1, id.value());
      try (ResultSet rs = query.executeQuery()) {
        return rs.next() ? Optional.of(TaskStatus.valueOf(rs.getString(1))) : Optional.empty();
      }
    }
  }

  private static void setText(PreparedStatement statement, int index, String value)
      throws SQLException {
    if (value == null) {
      statement.setNull(index, Types.VARCHAR);
    } else {
      statement.setString(index, value);
    }
  }
}
