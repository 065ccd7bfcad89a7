package dev.apex.storage;

import dev.apex.core.InvalidInputException;
import dev.apex.core.TaskId;
import dev.apex.core.TaskRecord;
import dev.apex.core.TaskStatus;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The reads. Each query runs in its own implicit transaction, so it sees every commit made before
 * it started, by any connection in any process. Not thread-safe: {@link SqliteTimeline} serializes
 * the calls.
 */
final class TimelineReader {

  private static final String TASK_COLUMNS =
      "t.id, t.device, t.goal, t.status, t.reason, t.started_at, t.ended_at,"
          + " (SELECT count(*) FROM steps s WHERE s.task_id = t.id),"
          + " t.owner_host, t.owner_pid, t.owner_started_at, t.heartbeat_at,"
          + " CASE WHEN t.status = 'RUNNING'"
          + " THEN (SELECT max(s.started_at) FROM steps s WHERE s.task_id = t.id) END,"
          + " t.suite_id";

  /** Goals per query of {@link #recordedDurations}, well under SQLite's bound on parameters. */
  private static final int GOALS_PER_QUERY = 200;

  private final Connection connection;

  TimelineReader(Connection connection) {
    this.connection = connection;
  }

  List<TaskRow> tasks(int limit, int offset) throws SQLException {
    try (PreparedStatement query =
        connection.prepareStatement(
            "SELECT " + TASK_COLUMNS + " FROM tasks t ORDER BY t.seq DESC LIMIT ? OFFSET ?")) {
      query.setInt(1, limit);
      query.setInt(2, offset);
      try (ResultSet rs = query.executeQuery()) {
        List<TaskRow> tasks = new ArrayList<>();
        while (rs.next()) {
          tasks.add(row(rs));
        }
        return tasks;
      }
    }
  }

  List<TaskRow> suiteTasks(String suiteId, int limit) throws SQLException {
    try (PreparedStatement query =
        connection.prepareStatement(
            "SELECT "
                + TASK_COLUMNS
                + " FROM tasks t WHERE t.suite_id = ? ORDER BY t.seq LIMIT ?")) {
      query.setString(1, suiteId);
      query.setInt(2, limit);
      try (ResultSet rs = query.executeQuery()) {
        List<TaskRow> tasks = new ArrayList<>();
        while (rs.next()) {
          tasks.add(row(rs));
        }
        return tasks;
      }
    }
  }

  /**
   * The rows that may pass {@code filter}: a superset the caller judges and checks again. A {@code
   * RUNNING} row is kept when {@code INTERRUPTED} is wanted (judging may end it), and start
   * instants are compared to the second here (their text form varies in its fraction).
   */
  List<TaskRow> tasks(TaskFilter filter, int limit, int offset) throws SQLException {
    StringBuilder where = new StringBuilder(" WHERE 1 = 1");
    List<String> args = new ArrayList<>();
    if (!filter.statuses().isEmpty()) {
      Set<TaskStatus> stored = EnumSet.copyOf(filter.statuses());
      if (stored.contains(TaskStatus.INTERRUPTED)) {
        stored.add(TaskStatus.RUNNING);
      }
      where
          .append(" AND t.status IN (")
          .append(String.join(", ", Collections.nCopies(stored.size(), "?")))
          .append(")");
      stored.forEach(status -> args.add(status.name()));
    }
    if (filter.device() != null) {
      where.append(" AND t.device = ?");
      args.add(filter.device());
    }
    if (filter.host() != null) {
      where.append(" AND t.owner_host = ?");
      args.add(filter.host());
    }
    if (filter.startedFrom() != null) {
      where.append(" AND substr(t.started_at, 1, 19) >= ?");
      args.add(filter.startedFrom().toString().substring(0, 19));
    }
    if (filter.startedBefore() != null) {
      where.append(" AND substr(t.started_at, 1, 19) <= ?");
      args.add(filter.startedBefore().toString().substring(0, 19));
    }
    try (PreparedStatement query =
        connection.prepareStatement(
            "SELECT "
                + TASK_COLUMNS
                + " FROM tasks t"
                + where
                + " ORDER BY t.seq DESC LIMIT ? OFFSET ?")) {
      int i = 1;
      for (String arg : args) {
        query.setString(i++, arg);
      }
      query.setInt(i++, limit);
      query.setInt(i, offset);
      try (ResultSet rs = query.executeQuery()) {
        List<TaskRow> tasks = new ArrayList<>();
        while (rs.next()) {
          tasks.add(row(rs));
        }
        return tasks;
      }
    }
  }

  /** See {@link Timeline#recordedDurations}. */
  Map<String, Duration> recordedDurations(Collection<String> goals, Instant endedBefore)
      throws SQLException {
    List<String> all = List.copyOf(new LinkedHashSet<>(goals));
    Map<String, List<Duration>> runs = new HashMap<>();
    for (int from = 0; from < all.size(); from += GOALS_PER_QUERY) {
      List<String> part = all.subList(from, Math.min(all.size(), from + GOALS_PER_QUERY));
      String marks = String.join(", ", java.util.Collections.nCopies(part.size(), "?"));
      // Each goal's newest ended runs, newest first; the window keeps the read bounded.
      try (PreparedStatement query =
          connection.prepareStatement(
              "SELECT goal, started_at, ended_at FROM (SELECT goal, started_at, ended_at,"
                  + " row_number() OVER (PARTITION BY goal ORDER BY seq DESC) AS n FROM tasks"
                  + " WHERE goal IN ("
                  + marks
                  + ") AND status IN ('SUCCEEDED', 'FAILED') AND ended_at IS NOT NULL)"
                  + " WHERE n <= ? ORDER BY goal, n")) {
        for (int i = 0; i < part.size(); i++) {
          query.setString(i + 1, part.get(i));
        }
        query.setInt(part.size() + 1, Timeline.DURATION_SCAN);
        try (ResultSet rs = query.executeQuery()) {
          // Newest first; the cutoff is applied here, as ISO text with varying fraction digits
          // does not sort as time does.
          while (rs.next()) {
            Instant ended = instant(rs.getString(3));
            Duration took = Duration.between(instant(rs.getString(2)), ended);
            List<Duration> kept = runs.computeIfAbsent(rs.getString(1), g -> new ArrayList<>());
            boolean counts = endedBefore == null || ended.isBefore(endedBefore);
            if (counts && !took.isNegative() && kept.size() < Timeline.DURATION_RUNS) {
              kept.add(took);
            }
          }
        }
      }
    }
    Map<String, Duration> medians = new HashMap<>();
    runs.forEach(
        (goal, took) -> {
          if (!took.isEmpty()) {
            took.sort(null);
            medians.put(goal, took.get(took.size() / 2));
          }
        });
    return medians;
  }

  int taskCount() throws SQLException {
    try (PreparedStatement query = connection.prepareStatement("SELECT COUNT(*) FROM tasks");
        ResultSet rs = query.executeQuery()) {
      return rs.next() ? rs.getInt(1) : 0;
    }
  }

  List<TaskId> idsStartingWith(String prefix, int limit) throws SQLException {
    try (PreparedStatement query =
        connection.prepareStatement(
            "SELECT t.id FROM tasks t WHERE substr(t.id, 1, ?) = ? ORDER BY t.seq DESC LIMIT ?")) {
      query.setInt(1, prefix.length());
      query.setString(2, prefix);
      query.setInt(3, limit);
      try (ResultSet rs = query.executeQuery()) {
        List<TaskId> ids = new ArrayList<>();
        while (rs.next()) {
          ids.add(TaskId.of(rs.getString(1)));
        }
        return ids;
      }
    }
  }

  Optional<TaskRow> task(TaskId id) throws SQLException {
    try (PreparedStatement query =
        connection.prepareStatement("SELECT " + TASK_COLUMNS + " FROM tasks t WHERE t.id = ?")) {
      query.setString(1, id.value());
      try (ResultSet rs = query.executeQuery()) {
        return rs.next() ? Optional.of(row(rs)) : Optional.empty();
      }
    }
  }

  List<StoredStep> stepsAfter(TaskId id, int index) throws SQLException {
    requireTask(id);
    try (PreparedStatement query =
        connection.prepareStatement(
            "SELECT s.idx, s.started_at, s.action, s.success, s.error, s.scene, s.step, s.result,"
                + " s.annotations, s.observe_nanos, s.plan_nanos, s.act_nanos,"
                + " EXISTS (SELECT 1 FROM screenshots p WHERE p.task_id = s.task_id"
                + " AND p.idx = s.idx)"
                + " FROM steps s WHERE s.task_id = ? AND s.idx > ? ORDER BY s.idx")) {
      query.setString(1, id.value());
      query.setInt(2, index);
      try (ResultSet rs = query.executeQuery()) {
        List<StoredStep> steps = new ArrayList<>();
        while (rs.next()) {
          steps.add(step(id, rs));
        }
        return steps;
      }
    }
  }

  Optional<byte[]> screenshot(TaskId id, int index) throws SQLException {
    try (PreparedStatement query =
        connection.prepareStatement("SELECT png FROM screenshots WHERE task_id = ? AND idx = ?")) {
      query.setString(1, id.value());
      query.setInt(2, index);
      try (ResultSet rs = query.executeQuery()) {
        return rs.next() ? Optional.of(rs.getBytes(1)) : Optional.empty();
      }
    }
  }

  private void requireTask(TaskId id) throws SQLException {
    try (PreparedStatement query =
        connection.prepareStatement("SELECT 1 FROM tasks WHERE id = ?")) {
      query.setString(1, id.value());
      try (ResultSet rs = query.executeQuery()) {
        if (!rs.next()) {
          throw new InvalidInputException(
              "no task " + id + " in the timeline: list the tasks to find its id");
        }
      }
    }
  }

  private static TaskRow row(ResultSet rs) throws SQLException {
    String host = rs.getString(9);
    long pid = rs.getLong(10);
    TaskOwner owner =
        host == null || rs.wasNull() ? null : new TaskOwner(host, pid, instant(rs.getString(11)));
    return new TaskRow(task(rs), owner, instant(rs.getString(12)), instant(rs.getString(13)));
  }

  private static TaskRecord task(ResultSet rs) throws SQLException {
    return new TaskRecord(
        TaskId.of(rs.getString(1)),
        rs.getString(2),
        rs.getString(3),
        TaskStatus.valueOf(rs.getString(4)),
        rs.getString(5),
        instant(rs.getString(6)),
        instant(rs.getString(7)),
        rs.getInt(8),
        rs.getString(14));
  }

  private static StoredStep step(TaskId id, ResultSet rs) throws SQLException {
    return new StoredStep(
        id,
        rs.getInt(1),
        instant(rs.getString(2)),
        rs.getString(3),
        rs.getInt(4) != 0,
        rs.getString(5),
        rs.getString(6),
        rs.getString(7),
        rs.getString(8),
        rs.getString(9),
        Duration.ofNanos(rs.getLong(10)),
        Duration.ofNanos(rs.getLong(11)),
        Duration.ofNanos(rs.getLong(12)),
        rs.getInt(13) != 0);
  }

  private static Instant instant(String text) {
    return text == null ? null : Instant.parse(text);
  }
}
