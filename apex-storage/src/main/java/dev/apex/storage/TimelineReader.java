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
 * The reads, as SQL on a connection the caller gives ({@link JdbcTimeline}), the same for every
 * backend but for what its {@link JdbcDialect} writes its own way. A task is read together with the
 * instant it is judged alive at ({@link Read}). Stateless.
 */
final class TimelineReader {

  /** A task row and the instant, by the store's clock, it was read at. */
  record Read(TaskRow row, Instant at) {}

  private static final String TASK_COLUMNS =
      "t.id, t.device, t.goal, t.status, t.reason, t.started_at, t.ended_at,"
          + " (SELECT count(*) FROM steps s WHERE s.task_id = t.id),"
          + " t.owner_host, t.owner_pid, t.owner_started_at, t.heartbeat_at,"
          + " CASE WHEN t.status = 'RUNNING'"
          + " THEN (SELECT max(s.started_at) FROM steps s WHERE s.task_id = t.id) END,"
          + " t.suite_id";

  /** How many hosts {@link #suites} reads for the suites of one page, at most. */
  private static final int SUITE_HOSTS_READ = 5_000;

  /** Goals per query of {@link #recordedDurations}, well under SQLite's bound on parameters. */
  private static final int GOALS_PER_QUERY = 200;

  private final JdbcDialect dialect;

  TimelineReader(JdbcDialect dialect) {
    this.dialect = dialect;
  }

  List<Read> tasks(Connection c, int limit, int offset) throws SQLException {
    return tasks(c, " ORDER BY t.seq DESC LIMIT ? OFFSET ?", List.of(limit, offset));
  }

  List<Read> suiteTasks(Connection c, String suiteId, int limit) throws SQLException {
    return tasks(c, " WHERE t.suite_id = ? ORDER BY t.seq LIMIT ?", List.of(suiteId, limit));
  }

  /** The tasks of suite {@code suiteId} still recorded running, in the order they started. */
  List<Read> runningOfSuite(Connection c, String suiteId, int limit) throws SQLException {
    return tasks(
        c,
        " WHERE t.suite_id = ? AND t.status = 'RUNNING' ORDER BY t.seq LIMIT ?",
        List.of(suiteId, limit));
  }

  /**
   * The newest {@code limit} suite runs, most recently started first, counted as recorded (a
   * running task is not judged here): one {@code GROUP BY} over {@code tasks.suite_id}, then the
   * hosts of those suites.
   */
  List<SuiteRun> suites(Connection c, int limit) throws SQLException {
    String failed =
        String.join(", ", SuiteRun.FAILED.stream().map(s -> "'" + s.name() + "'").toList());
    String lastEnd = dialect.chronological("e.ended_at");
    List<SuiteRun> runs = new ArrayList<>();
    try (PreparedStatement query =
        c.prepareStatement(
            "SELECT g.suite_id, g.n, g.passed, g.failed, g.cancelled, g.running,"
                + " (SELECT f.started_at FROM tasks f WHERE f.suite_id = g.suite_id"
                + " ORDER BY f.seq LIMIT 1),"
                + " (SELECT e.ended_at FROM tasks e WHERE e.suite_id = g.suite_id"
                + " AND e.ended_at IS NOT NULL ORDER BY "
                + lastEnd
                + " DESC LIMIT 1)"
                + " FROM (SELECT suite_id, count(*) AS n,"
                + " sum(CASE WHEN status = 'SUCCEEDED' THEN 1 ELSE 0 END) AS passed,"
                + " sum(CASE WHEN status IN ("
                + failed
                + ") THEN 1 ELSE 0 END) AS failed,"
                + " sum(CASE WHEN status = 'CANCELLED' THEN 1 ELSE 0 END) AS cancelled,"
                + " sum(CASE WHEN status = 'RUNNING' THEN 1 ELSE 0 END) AS running,"
                + " min(seq) AS first_seq"
                + " FROM tasks WHERE suite_id IS NOT NULL GROUP BY suite_id"
                + " ORDER BY first_seq DESC LIMIT ?) g ORDER BY g.first_seq DESC")) {
      query.setInt(1, limit);
      try (ResultSet rs = query.executeQuery()) {
        while (rs.next()) {
          int running = rs.getInt(6);
          runs.add(
              new SuiteRun(
                  rs.getString(1),
                  dialect.instant(rs, 7),
                  running > 0 ? null : dialect.instant(rs, 8),
                  rs.getInt(2),
                  rs.getInt(3),
                  rs.getInt(4),
                  rs.getInt(5),
                  running,
                  List.of()));
        }
      }
    }
    return withHosts(c, runs);
  }

  private static List<SuiteRun> withHosts(Connection c, List<SuiteRun> runs) throws SQLException {
    if (runs.isEmpty()) {
      return runs;
    }
    SqlPart ofThese = in("suite_id", runs.stream().map(SuiteRun::id).toList());
    Map<String, List<String>> hosts = new HashMap<>();
    try (PreparedStatement query =
        c.prepareStatement(
            "SELECT DISTINCT suite_id, owner_host FROM tasks WHERE "
                + ofThese.sql()
                + " AND owner_host IS NOT NULL ORDER BY suite_id, owner_host LIMIT ?")) {
      query.setInt(ofThese.bind(query, 1), SUITE_HOSTS_READ);
      try (ResultSet rs = query.executeQuery()) {
        while (rs.next()) {
          hosts.computeIfAbsent(rs.getString(1), s -> new ArrayList<>()).add(rs.getString(2));
        }
      }
    }
    return runs.stream()
        .map(
            r ->
                new SuiteRun(
                    r.id(),
                    r.startedAt(),
                    r.endedAt(),
                    r.tasks(),
                    r.passed(),
                    r.failed(),
                    r.cancelled(),
                    r.running(),
                    hosts.getOrDefault(r.id(), List.of())))
        .toList();
  }

  Optional<Read> task(Connection c, TaskId id) throws SQLException {
    return tasks(c, " WHERE t.id = ?", List.of(id.value())).stream().findFirst();
  }

  /**
   * The rows that may pass {@code filter}, newest first: a superset the caller judges and checks
   * again. A {@code RUNNING} row is kept when {@code INTERRUPTED} is wanted (judging may end it),
   * and the start bounds are as wide as the dialect compares times.
   */
  List<Read> tasks(Connection c, TaskFilter filter, int limit, int offset) throws SQLException {
    List<SqlPart> where = new ArrayList<>();
    if (!filter.statuses().isEmpty()) {
      Set<TaskStatus> stored = EnumSet.copyOf(filter.statuses());
      if (stored.contains(TaskStatus.INTERRUPTED)) {
        stored.add(TaskStatus.RUNNING);
      }
      where.add(in("t.status", stored.stream().map(Enum::name).toList()));
    }
    if (filter.device() != null) {
      where.add(SqlPart.of("t.device = ?", filter.device()));
    }
    if (filter.host() != null) {
      where.add(SqlPart.of("t.owner_host = ?", filter.host()));
    }
    if (filter.suite() != null) {
      where.add(SqlPart.of("t.suite_id = ?", filter.suite()));
    }
    if (filter.startedFrom() != null) {
      where.add(dialect.notBefore("t.started_at", filter.startedFrom()));
    }
    if (filter.startedBefore() != null) {
      where.add(dialect.before("t.started_at", filter.startedBefore()));
    }
    StringBuilder sql = new StringBuilder(" WHERE 1 = 1");
    List<Object> args = new ArrayList<>();
    for (SqlPart part : where) {
      sql.append(" AND ").append(part.sql());
      args.addAll(part.args());
    }
    args.addAll(List.of(limit, offset));
    return tasks(c, sql + " ORDER BY t.seq DESC LIMIT ? OFFSET ?", args);
  }

  /**
   * See {@link Timeline#recordedDurations}: the cutoff is applied in the query, as wide as the
   * dialect compares times, and exactly here.
   */
  Map<String, Duration> recordedDurations(
      Connection c, Collection<String> goals, Instant endedBefore) throws SQLException {
    List<String> all = List.copyOf(new LinkedHashSet<>(goals));
    Map<String, List<Duration>> runs = new HashMap<>();
    for (int from = 0; from < all.size(); from += GOALS_PER_QUERY) {
      List<String> part = all.subList(from, Math.min(all.size(), from + GOALS_PER_QUERY));
      SqlPart ended = endedBefore == null ? null : dialect.before("ended_at", endedBefore);
      // Each goal's newest ended runs, newest first; the window keeps the read bounded.
      try (PreparedStatement query =
          c.prepareStatement(
              "SELECT goal, started_at, ended_at FROM (SELECT goal, started_at, ended_at,"
                  + " row_number() OVER (PARTITION BY goal ORDER BY seq DESC) AS n FROM tasks"
                  + " WHERE "
                  + in("goal", part).sql()
                  + " AND status IN ('SUCCEEDED', 'FAILED') AND ended_at IS NOT NULL"
                  + (ended == null ? "" : " AND " + ended.sql())
                  + ") r WHERE n <= ? ORDER BY goal, n")) {
        int i = in("goal", part).bind(query, 1);
        i = ended == null ? i : ended.bind(query, i);
        query.setInt(i, Timeline.DURATION_SCAN);
        try (ResultSet rs = query.executeQuery()) {
          while (rs.next()) {
            Instant end = dialect.instant(rs, 3);
            Duration took = Duration.between(dialect.instant(rs, 2), end);
            List<Duration> kept = runs.computeIfAbsent(rs.getString(1), g -> new ArrayList<>());
            boolean counts = endedBefore == null || end.isBefore(endedBefore);
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

  int taskCount(Connection c) throws SQLException {
    try (PreparedStatement query = c.prepareStatement("SELECT count(*) FROM tasks");
        ResultSet rs = query.executeQuery()) {
      return rs.next() ? rs.getInt(1) : 0;
    }
  }

  List<TaskId> idsStartingWith(Connection c, String prefix, int limit) throws SQLException {
    try (PreparedStatement query =
        c.prepareStatement(
            "SELECT id FROM tasks WHERE substr(id, 1, ?) = ? ORDER BY seq DESC LIMIT ?")) {
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

  List<StoredStep> stepsAfter(Connection c, TaskId id, int index) throws SQLException {
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
          steps.add(step(id, rs));
        }
        return steps;
      }
    }
  }

  Optional<byte[]> screenshot(Connection c, TaskId id, int index) throws SQLException {
    return bytes(c, "SELECT png FROM screenshots WHERE task_id = ? AND idx = ?", id, index);
  }

  /** The screen the task left after its last step (schema version 4 of the file). */
  Optional<StoredObservation> finalObservation(Connection c, TaskId id) throws SQLException {
    try (PreparedStatement query =
        c.prepareStatement(
            "SELECT after_step, observed_at, scene, png IS NOT NULL FROM final_observations"
                + " WHERE task_id = ?")) {
      query.setString(1, id.value());
      try (ResultSet rs = query.executeQuery()) {
        return rs.next()
            ? Optional.of(
                new StoredObservation(
                    id, rs.getInt(1), dialect.instant(rs, 2), rs.getString(3), rs.getBoolean(4)))
            : Optional.empty();
      }
    }
  }

  Optional<byte[]> finalScreenshot(Connection c, TaskId id) throws SQLException {
    return bytes(
        c, "SELECT png FROM final_observations WHERE task_id = ? AND png IS NOT NULL", id, null);
  }

  private List<Read> tasks(Connection c, String tail, List<Object> args) throws SQLException {
    SqlPart clock = dialect.readClock();
    try (PreparedStatement query =
        c.prepareStatement(
            "SELECT " + TASK_COLUMNS + ", " + clock.sql() + " FROM tasks t" + tail)) {
      new SqlPart("", args).bind(query, clock.bind(query, 1));
      try (ResultSet rs = query.executeQuery()) {
        List<Read> tasks = new ArrayList<>();
        while (rs.next()) {
          tasks.add(new Read(row(rs), dialect.instant(rs, 15)));
        }
        return tasks;
      }
    }
  }

  private Optional<byte[]> bytes(Connection c, String sql, TaskId id, Integer index)
      throws SQLException {
    try (PreparedStatement query = c.prepareStatement(sql)) {
      query.setString(1, id.value());
      if (index != null) {
        query.setInt(2, index);
      }
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

  private TaskRow row(ResultSet rs) throws SQLException {
    String host = rs.getString(9);
    long pid = rs.getLong(10);
    TaskOwner owner =
        host == null || rs.wasNull() ? null : new TaskOwner(host, pid, dialect.instant(rs, 11));
    TaskRecord record =
        new TaskRecord(
            TaskId.of(rs.getString(1)),
            rs.getString(2),
            rs.getString(3),
            TaskStatus.valueOf(rs.getString(4)),
            rs.getString(5),
            dialect.instant(rs, 6),
            dialect.instant(rs, 7),
            rs.getInt(8),
            rs.getString(14));
    return new TaskRow(record, owner, dialect.instant(rs, 12), dialect.instant(rs, 13));
  }

  private StoredStep step(TaskId id, ResultSet rs) throws SQLException {
    return new StoredStep(
        id,
        rs.getInt(1),
        dialect.instant(rs, 2),
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
        rs.getBoolean(13));
  }

  /** {@code column IN (?, ...)} over {@code values}, one or more. */
  private static SqlPart in(String column, List<String> values) {
    return new SqlPart(
        column + " IN (" + String.join(", ", Collections.nCopies(values.size(), "?")) + ")",
        List.copyOf(values));
  }
}
