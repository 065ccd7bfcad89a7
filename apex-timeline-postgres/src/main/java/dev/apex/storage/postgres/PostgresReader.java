package dev.apex.storage.postgres;

import dev.apex.core.InvalidInputException;
import dev.apex.core.TaskId;
import dev.apex.core.TaskRecord;
import dev.apex.core.TaskStatus;
import dev.apex.storage.StoredObservation;
import dev.apex.storage.StoredStep;
import dev.apex.storage.TaskFilter;
import dev.apex.storage.TaskOwner;
import dev.apex.storage.TaskRow;
import dev.apex.storage.Timeline;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The reads, as SQL on a connection. A task is read together with the server's {@code now()}, the
 * instant its liveness is judged at ({@link Judged}). Stateless.
 */
final class PostgresReader {

  /** A task row and the server's clock when it was read. */
  record Judged(TaskRow row, Instant serverNow) {}

  private static final String TASK_COLUMNS =
      "t.id, t.device, t.goal, t.status, t.reason, t.started_at, t.ended_at,"
          + " (SELECT count(*) FROM steps s WHERE s.task_id = t.id),"
          + " t.owner_host, t.owner_pid, t.owner_started_at, t.heartbeat_at,"
          + " CASE WHEN t.status = 'RUNNING'"
          + " THEN (SELECT max(s.started_at) FROM steps s WHERE s.task_id = t.id) END,"
          + " clock_timestamp(), t.suite_id";

  private PostgresReader() {}

  static List<Judged> tasks(Connection c, int limit, int offset) throws SQLException {
    try (PreparedStatement query =
        c.prepareStatement(
            "SELECT " + TASK_COLUMNS + " FROM tasks t ORDER BY t.seq DESC LIMIT ? OFFSET ?")) {
      query.setInt(1, limit);
      query.setInt(2, offset);
      try (ResultSet rs = query.executeQuery()) {
        List<Judged> tasks = new ArrayList<>();
        while (rs.next()) {
          tasks.add(new Judged(row(rs), instant(rs, 14)));
        }
        return tasks;
      }
    }
  }

  static List<Judged> suiteTasks(Connection c, String suiteId, int limit) throws SQLException {
    try (PreparedStatement query =
        c.prepareStatement(
            "SELECT "
                + TASK_COLUMNS
                + " FROM tasks t WHERE t.suite_id = ? ORDER BY t.seq LIMIT ?")) {
      query.setString(1, suiteId);
      query.setInt(2, limit);
      return judged(query);
    }
  }

  /**
   * The rows that may pass {@code filter}, newest first: a superset the caller judges and checks
   * again. A {@code RUNNING} row is kept when {@code INTERRUPTED} is wanted (judging may end it),
   * and the start bounds are widened to the microsecond the server keeps.
   */
  static List<Judged> tasks(Connection c, TaskFilter filter, int limit, int offset)
      throws SQLException {
    StringBuilder where = new StringBuilder(" WHERE true");
    List<Object> args = new ArrayList<>();
    if (!filter.statuses().isEmpty()) {
      Set<TaskStatus> stored = EnumSet.copyOf(filter.statuses());
      if (stored.contains(TaskStatus.INTERRUPTED)) {
        stored.add(TaskStatus.RUNNING);
      }
      where.append(" AND t.status = ANY (?)");
      args.add(c.createArrayOf("text", stored.stream().map(Enum::name).toArray()));
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
      where.append(" AND t.started_at >= ?");
      args.add(timestamp(filter.startedFrom().truncatedTo(ChronoUnit.MICROS)));
    }
    if (filter.startedBefore() != null) {
      where.append(" AND t.started_at < ?");
      args.add(microsUp(filter.startedBefore()));
    }
    try (PreparedStatement query =
        c.prepareStatement(
            "SELECT "
                + TASK_COLUMNS
                + " FROM tasks t"
                + where
                + " ORDER BY t.seq DESC LIMIT ? OFFSET ?")) {
      int i = 1;
      for (Object arg : args) {
        query.setObject(i++, arg);
      }
      query.setInt(i++, limit);
      query.setInt(i, offset);
      return judged(query);
    }
  }

  /**
   * See {@link dev.apex.storage.Timeline#recordedDurations}; the cutoff is applied by the server.
   */
  static Map<String, Duration> recordedDurations(
      Connection c, Collection<String> goals, Instant endedBefore) throws SQLException {
    Map<String, List<Duration>> runs = new HashMap<>();
    try (PreparedStatement query =
        c.prepareStatement(
            "SELECT goal, started_at, ended_at FROM (SELECT goal, started_at, ended_at,"
                + " row_number() OVER (PARTITION BY goal ORDER BY seq DESC) AS n FROM tasks"
                + " WHERE goal = ANY (?) AND status IN ('SUCCEEDED', 'FAILED')"
                + " AND ended_at IS NOT NULL"
                + (endedBefore == null ? "" : " AND ended_at < ?")
                + ") r WHERE n <= ? ORDER BY goal, n")) {
      int i = 1;
      query.setArray(i++, c.createArrayOf("text", new LinkedHashSet<>(goals).toArray()));
      if (endedBefore != null) {
        query.setObject(i++, microsUp(endedBefore));
      }
      query.setInt(i, Timeline.DURATION_SCAN);
      try (ResultSet rs = query.executeQuery()) {
        // Newest first: the first DURATION_RUNS of each goal count.
        while (rs.next()) {
          Duration took = Duration.between(instant(rs, 2), instant(rs, 3));
          List<Duration> kept = runs.computeIfAbsent(rs.getString(1), g -> new ArrayList<>());
          if (!took.isNegative() && kept.size() < Timeline.DURATION_RUNS) {
            kept.add(took);
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

  private static List<Judged> judged(PreparedStatement query) throws SQLException {
    try (ResultSet rs = query.executeQuery()) {
      List<Judged> tasks = new ArrayList<>();
      while (rs.next()) {
        tasks.add(new Judged(row(rs), instant(rs, 14)));
      }
      return tasks;
    }
  }

  private static OffsetDateTime timestamp(Instant instant) {
    return OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
  }

  /**
   * An exclusive upper bound at the microsecond the server keeps, rounded up: what falls before
   * {@code instant} stays before it (the driver would round a finer fraction either way).
   */
  private static OffsetDateTime microsUp(Instant instant) {
    Instant micros = instant.truncatedTo(ChronoUnit.MICROS);
    return timestamp(micros.equals(instant) ? micros : micros.plus(1, ChronoUnit.MICROS));
  }

  static Optional<Judged> task(Connection c, TaskId id) throws SQLException {
    try (PreparedStatement query =
        c.prepareStatement("SELECT " + TASK_COLUMNS + " FROM tasks t WHERE t.id = ?")) {
      query.setString(1, id.value());
      try (ResultSet rs = query.executeQuery()) {
        return rs.next() ? Optional.of(new Judged(row(rs), instant(rs, 14))) : Optional.empty();
      }
    }
  }

  static int taskCount(Connection c) throws SQLException {
    try (PreparedStatement query = c.prepareStatement("SELECT count(*) FROM tasks");
        ResultSet rs = query.executeQuery()) {
      return rs.next() ? rs.getInt(1) : 0;
    }
  }

  static List<TaskId> idsStartingWith(Connection c, String prefix, int limit) throws SQLException {
    try (PreparedStatement query =
        c.prepareStatement(
            "SELECT id FROM tasks WHERE left(id, ?) = ? ORDER BY seq DESC LIMIT ?")) {
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

  static List<StoredStep> stepsAfter(Connection c, TaskId id, int index) throws SQLException {
    requireTask(c, id);
    try (PreparedStatement query =
        c.prepareStatement(
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
          steps.add(
              new StoredStep(
                  id,
                  rs.getInt(1),
                  instant(rs, 2),
                  rs.getString(3),
                  rs.getBoolean(4),
                  rs.getString(5),
                  rs.getString(6),
                  rs.getString(7),
                  rs.getString(8),
                  rs.getString(9),
                  Duration.ofNanos(rs.getLong(10)),
                  Duration.ofNanos(rs.getLong(11)),
                  Duration.ofNanos(rs.getLong(12)),
                  rs.getBoolean(13)));
        }
        return steps;
      }
    }
  }

  static Optional<byte[]> screenshot(Connection c, TaskId id, int index) throws SQLException {
    try (PreparedStatement query =
        c.prepareStatement("SELECT png FROM screenshots WHERE task_id = ? AND idx = ?")) {
      query.setString(1, id.value());
      query.setInt(2, index);
      try (ResultSet rs = query.executeQuery()) {
        return rs.next() ? Optional.of(rs.getBytes(1)) : Optional.empty();
      }
    }
  }

  static Optional<StoredObservation> finalObservation(Connection c, TaskId id) throws SQLException {
    try (PreparedStatement query =
        c.prepareStatement(
            "SELECT after_step, observed_at, scene, png IS NOT NULL FROM final_observations"
                + " WHERE task_id = ?")) {
      query.setString(1, id.value());
      try (ResultSet rs = query.executeQuery()) {
        return rs.next()
            ? Optional.of(
                new StoredObservation(
                    id, rs.getInt(1), instant(rs, 2), rs.getString(3), rs.getBoolean(4)))
            : Optional.empty();
      }
    }
  }

  static Optional<byte[]> finalScreenshot(Connection c, TaskId id) throws SQLException {
    try (PreparedStatement query =
        c.prepareStatement(
            "SELECT png FROM final_observations WHERE task_id = ? AND png IS NOT NULL")) {
      query.setString(1, id.value());
      try (ResultSet rs = query.executeQuery()) {
        return rs.next() ? Optional.of(rs.getBytes(1)) : Optional.empty();
      }
    }
  }

  private static void requireTask(Connection c, TaskId id) throws SQLException {
    try (PreparedStatement query = c.prepareStatement("SELECT 1 FROM tasks WHERE id = ?")) {
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
        host == null || rs.wasNull() ? null : new TaskOwner(host, pid, instant(rs, 11));
    TaskRecord record =
        new TaskRecord(
            TaskId.of(rs.getString(1)),
            rs.getString(2),
            rs.getString(3),
            TaskStatus.valueOf(rs.getString(4)),
            rs.getString(5),
            instant(rs, 6),
            instant(rs, 7),
            rs.getInt(8),
            rs.getString(15));
    return new TaskRow(record, owner, instant(rs, 12), instant(rs, 13));
  }

  static Instant instant(ResultSet rs, int column) throws SQLException {
    OffsetDateTime value = rs.getObject(column, OffsetDateTime.class);
    return value == null ? null : value.toInstant();
  }
}
