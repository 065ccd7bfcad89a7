package dev.apex.storage.postgres;

import com.zaxxer.hikari.HikariDataSource;
import dev.apex.core.TaskId;
import dev.apex.core.TaskRecord;
import dev.apex.core.TaskStatus;
import dev.apex.storage.Heartbeat;
import dev.apex.storage.Liveness;
import dev.apex.storage.LocalProcesses;
import dev.apex.storage.Processes;
import dev.apex.storage.StoredObservation;
import dev.apex.storage.StoredStep;
import dev.apex.storage.TaskEntry;
import dev.apex.storage.TaskFilter;
import dev.apex.storage.TaskOwner;
import dev.apex.storage.TaskRow;
import dev.apex.storage.Timeline;
import dev.apex.storage.TimelineException;
import dev.apex.timeline.FinalObservation;
import dev.apex.timeline.LabelStore;
import dev.apex.timeline.StepRecord;
import dev.apex.timeline.TimelineOptions;
import dev.apex.timeline.TimelineUnreachableException;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link Timeline} on a PostgreSQL server, for many runners on many hosts and one console. It
 * keeps what the SQLite file keeps (tasks, steps with their scenes and screenshots under the same
 * retention, final observations, the label cache, owners and heartbeats, cancel requests, the suite
 * run each task belongs to) in the tables of {@code db/timeline/postgresql}, which {@link
 * PostgresSchema} migrates on open.
 *
 * <p>Connections come from a small pool ({@value #POOL_SIZE}, so eight runners and a console stay
 * well under a server's default 100). Every write is one transaction, committed when the call
 * returns. A write that fails because the server went away (a restart cuts every session) waits and
 * retries ({@link WriteRetry}) for up to {@link TimelineOptions#writeTimeout()}; past it the write
 * throws {@link TimelineUnreachableException} naming the timeline, never a silently missing step.
 * Reads and heartbeats are tried once, each bounded by the connect and socket timeouts.
 *
 * <p>Liveness is judged as for the file ({@link Liveness}: a local owner by its process, a remote
 * one by a heartbeat younger than {@link #LEASE}), with one clock: the server's. Heartbeats and
 * task starts and ends are stamped with {@code now()} and each task is read with the server's
 * clock, so runners whose clocks are skewed neither mark a live task interrupted nor miss a dead
 * one. The runner's clock only paces the write retries.
 *
 * <p>Thread-safe. The URL's password never appears in a message: the timeline is named by {@link
 * PostgresLocation#toString()}.
 */
public final class PostgresTimeline implements Timeline {

  /** Connections per timeline: a runner's task thread, its heartbeat, a reader and a spare. */
  public static final int POOL_SIZE = 4;

  /** How often the owner of a running task refreshes its heartbeat and reads cancel requests. */
  public static final Duration HEARTBEAT_INTERVAL = Duration.ofSeconds(2);

  /** How old a remote owner's heartbeat may grow, by the server's clock, before it is gone. */
  public static final Duration LEASE = Duration.ofSeconds(60);

  /** How long opening a connection may take (the server unreachable fails in this). */
  static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

  /** How long one statement's answer may take before the connection counts as broken. */
  static final Duration SOCKET_TIMEOUT = Duration.ofSeconds(30);

  private static final Logger log = LoggerFactory.getLogger(PostgresTimeline.class);

  private final PostgresLocation location;
  private final HikariDataSource pool;
  private final PostgresWriter writer;
  private final WriteRetry retry;
  private final Processes processes;
  private final Duration lease;
  private final Heartbeat heartbeat;
  private final PostgresLabelStore labels;
  private volatile boolean closed;

  private PostgresTimeline(
      PostgresLocation location,
      HikariDataSource pool,
      TimelineOptions options,
      Clock runnerClock,
      Processes processes,
      Duration heartbeatInterval,
      Duration lease) {
    this.location = location;
    this.pool = pool;
    this.writer = new PostgresWriter(options.keepScreenshotsOfTasks());
    this.retry =
        new WriteRetry(
            location.toString(),
            options.writeTimeout(),
            runnerClock,
            d -> Thread.sleep(d.toMillis()));
    this.processes = processes;
    this.lease = lease;
    this.labels = new PostgresLabelStore(this);
    this.heartbeat =
        new Heartbeat(
            heartbeatInterval, ids -> once("refresh the heartbeat", c -> writer.heartbeat(c, ids)));
  }

  /**
   * Opens the timeline at {@code url} ({@code postgresql://USER[:PASSWORD]@HOST:PORT/DBNAME}),
   * creating or upgrading its tables.
   *
   * @throws dev.apex.core.InvalidInputException when the URL is not one
   * @throws TimelineUnreachableException in one line naming host and port when the server cannot be
   *     reached or refuses the login
   * @throws TimelineException when its tables were written by a newer apex
   */
  public static PostgresTimeline open(String url, TimelineOptions options) {
    return open(
        PostgresLocation.parse(url),
        options,
        System.getenv(),
        Clock.systemUTC(),
        LocalProcesses.INSTANCE,
        HEARTBEAT_INTERVAL,
        LEASE);
  }

  /** As {@link #open(String, TimelineOptions)}, with everything a test may change given. */
  public static PostgresTimeline open(
      PostgresLocation location,
      TimelineOptions options,
      Map<String, String> env,
      Clock runnerClock,
      Processes processes,
      Duration heartbeatInterval,
      Duration lease) {
    Objects.requireNonNull(options, "options");
    HikariDataSource pool = PostgresPool.open(location, env, POOL_SIZE);
    try {
      PostgresSchema.migrate(pool, location);
      return new PostgresTimeline(
          location, pool, options, runnerClock, processes, heartbeatInterval, lease);
    } catch (RuntimeException e) {
      pool.close();
      throw e;
    }
  }

  @Override
  public String location() {
    return location.toString();
  }

  @Override
  public void startTask(TaskId id, String device, String goal) {
    startTask(id, device, goal, null);
  }

  @Override
  public void startTask(TaskId id, String device, String goal, String suiteId) {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(device, "device");
    Objects.requireNonNull(goal, "goal");
    write(
        "record the start of task " + id,
        (c, retried) -> {
          writer.startTask(c, id, device, goal, suiteId, processes.self(), retried);
          return null;
        });
    heartbeat.track(id);
  }

  @Override
  public List<TaskRecord> suiteTasks(String suiteId, int limit) {
    Objects.requireNonNull(suiteId, "suiteId");
    if (limit < 1) {
      throw new IllegalArgumentException("limit must be at least 1, was " + limit);
    }
    List<PostgresReader.Judged> rows =
        once("list suite " + suiteId, c -> PostgresReader.suiteTasks(c, suiteId, limit));
    List<TaskRecord> tasks = new ArrayList<>(rows.size());
    for (PostgresReader.Judged row : rows) {
      tasks.add(judged(row));
    }
    return tasks;
  }

  @Override
  public Map<String, Duration> recordedDurations(Collection<String> goals, Instant endedBefore) {
    Objects.requireNonNull(goals, "goals");
    if (goals.isEmpty()) {
      return Map.of();
    }
    return once(
        "read earlier durations", c -> PostgresReader.recordedDurations(c, goals, endedBefore));
  }

  @Override
  public void append(StepRecord step) {
    Objects.requireNonNull(step, "step");
    if (step.index() < 1) {
      throw new IllegalArgumentException("step index must be at least 1, was " + step.index());
    }
    write(
        "record step " + step.index() + " of task " + step.taskId(),
        (c, retried) -> {
          writer.append(c, step, retried);
          return null;
        });
  }

  @Override
  public void recordFinal(FinalObservation observation) {
    Objects.requireNonNull(observation, "observation");
    write(
        "record the final screen of task " + observation.taskId(),
        (c, retried) -> {
          writer.recordFinal(c, observation);
          return null;
        });
  }

  @Override
  public void finishTask(TaskId id, TaskStatus status, String reason) {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(status, "status");
    if (!status.isFinal()) {
      throw new IllegalArgumentException(
          "status must be final to finish task " + id + ", was " + status);
    }
    try {
      write(
          "record the end of task " + id,
          (c, retried) -> {
            writer.finishTask(c, id, status, reason, retried);
            return null;
          });
    } finally {
      heartbeat.untrack(id);
    }
  }

  @Override
  public boolean requestCancel(TaskId id, String reason) {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(reason, "reason");
    return once("ask to cancel task " + id, c -> writer.requestCancel(c, id, reason));
  }

  @Override
  public boolean onStopRequest(TaskId id, Consumer<String> listener) {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(listener, "listener");
    return heartbeat.onStop(id, listener);
  }

  @Override
  public Optional<LabelStore> labelStore() {
    return Optional.of(labels);
  }

  /**
   * Runs a copy's inserts ({@link TimelineCopy}) as one write: retried across a restart (an attempt
   * that finds the task already there reports it as there), then screenshot retention.
   */
  boolean copyTask(String what, Work<Boolean> inserts) {
    return write(
        what,
        (c, retried) -> {
          boolean copied = inserts.run(c);
          if (copied) {
            writer.dropOldScreenshots(c);
          }
          return copied;
        });
  }

  /** One heartbeat now, as the heartbeat thread does every interval. For tests. */
  void beatNow() {
    heartbeat.beatOnce();
  }

  @Override
  public List<TaskRecord> tasks(int limit, int offset) {
    if (limit < 1) {
      throw new IllegalArgumentException("limit must be at least 1, was " + limit);
    }
    if (offset < 0) {
      throw new IllegalArgumentException("offset must not be negative, was " + offset);
    }
    List<PostgresReader.Judged> rows =
        once("list tasks", c -> PostgresReader.tasks(c, limit, offset));
    List<TaskRecord> tasks = new ArrayList<>(rows.size());
    for (PostgresReader.Judged row : rows) {
      tasks.add(judged(row));
    }
    return tasks;
  }

  @Override
  public Optional<TaskRecord> task(TaskId id) {
    Objects.requireNonNull(id, "id");
    return once("read task " + id, c -> PostgresReader.task(c, id)).map(this::judged);
  }

  /**
   * Filtered in the query; each row judged at the server's clock, then checked again (a running
   * task judged ended is {@code INTERRUPTED} now).
   */
  @Override
  public List<TaskEntry> tasks(TaskFilter filter, int limit, int offset) {
    Objects.requireNonNull(filter, "filter");
    if (limit < 1) {
      throw new IllegalArgumentException("limit must be at least 1, was " + limit);
    }
    if (offset < 0) {
      throw new IllegalArgumentException("offset must not be negative, was " + offset);
    }
    List<PostgresReader.Judged> rows =
        once("list tasks", c -> PostgresReader.tasks(c, filter, limit, offset));
    List<TaskEntry> entries = new ArrayList<>(rows.size());
    for (PostgresReader.Judged row : rows) {
      TaskEntry entry = entry(row.row(), judged(row));
      if (filter.matches(entry)) {
        entries.add(entry);
      }
    }
    return entries;
  }

  @Override
  public Optional<TaskEntry> entry(TaskId id) {
    Objects.requireNonNull(id, "id");
    return once("read task " + id, c -> PostgresReader.task(c, id))
        .map(row -> entry(row.row(), judged(row)));
  }

  private static TaskEntry entry(TaskRow row, TaskRecord judged) {
    TaskOwner owner = row.owner();
    return owner == null
        ? new TaskEntry(judged, null, null, row.heartbeat())
        : new TaskEntry(judged, owner.host(), owner.pid(), row.heartbeat());
  }

  @Override
  public int taskCount() {
    return once("count tasks", PostgresReader::taskCount);
  }

  @Override
  public List<TaskId> idsStartingWith(String prefix, int limit) {
    Objects.requireNonNull(prefix, "prefix");
    if (prefix.isEmpty() || limit < 1) {
      throw new IllegalArgumentException("prefix must not be empty and limit at least 1");
    }
    return once("find tasks by id prefix", c -> PostgresReader.idsStartingWith(c, prefix, limit));
  }

  @Override
  public List<StoredStep> steps(TaskId id) {
    return stepsAfter(id, 0);
  }

  @Override
  public List<StoredStep> stepsAfter(TaskId id, int index) {
    Objects.requireNonNull(id, "id");
    return once("read the steps of task " + id, c -> PostgresReader.stepsAfter(c, id, index));
  }

  @Override
  public Optional<byte[]> screenshot(TaskId id, int index) {
    Objects.requireNonNull(id, "id");
    return once(
        "read the screenshot of step " + index + " of task " + id,
        c -> PostgresReader.screenshot(c, id, index));
  }

  @Override
  public Optional<StoredObservation> finalObservation(TaskId id) {
    Objects.requireNonNull(id, "id");
    return once("read the final screen of task " + id, c -> PostgresReader.finalObservation(c, id));
  }

  @Override
  public Optional<byte[]> finalScreenshot(TaskId id) {
    Objects.requireNonNull(id, "id");
    return once(
        "read the final screenshot of task " + id, c -> PostgresReader.finalScreenshot(c, id));
  }

  /**
   * The task as it stands, judged at the server's clock when it was read: a running one whose owner
   * is gone is recorded {@link TaskStatus#INTERRUPTED} first (as {@code SqliteTimeline} does).
   */
  private TaskRecord judged(PostgresReader.Judged judged) {
    TaskRow row = judged.row();
    Liveness liveness =
        new Liveness(processes, Clock.fixed(judged.serverNow(), ZoneOffset.UTC), lease);
    Optional<String> gone = liveness.gone(row);
    TaskRecord task = row.record();
    if (gone.isEmpty()) {
      return task;
    }
    TaskRecord interrupted =
        new TaskRecord(
            task.id(),
            task.device(),
            task.goal(),
            TaskStatus.INTERRUPTED,
            gone.get(),
            task.startedAt(),
            Liveness.endOf(row),
            task.steps(),
            task.suiteId());
    try {
      if (once(
          "record task " + task.id() + " interrupted", c -> writer.interrupt(c, row, gone.get()))) {
        log.info("task {}: {}", task.id(), gone.get());
        return interrupted;
      }
      return once("read task " + task.id(), c -> PostgresReader.task(c, task.id()))
          .map(j -> j.row().record())
          .orElse(interrupted);
    } catch (TimelineException e) {
      log.warn("cannot record task {} interrupted yet; the next read retries", task.id(), e);
      return interrupted;
    }
  }

  /** Closes the pool and stops the heartbeat. Idempotent; does not throw. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    heartbeat.close();
    pool.close();
  }

  /** SQL run in one transaction on a pooled connection. */
  interface Work<T> {
    T run(Connection connection) throws SQLException;
  }

  /** SQL of a write, told whether an earlier attempt may have committed. */
  private interface RetriedWork<T> {
    T run(Connection connection, boolean retried) throws SQLException;
  }

  private <T> T write(String what, RetriedWork<T> work) {
    requireOpen();
    try {
      return retry.run(what, retried -> transaction(c -> work.run(c, retried)));
    } catch (SQLException e) {
      throw failure(what, e);
    }
  }

  /** Runs {@code work} in one transaction, once: a read, a heartbeat, a cache write. */
  <T> T once(String what, Work<T> work) {
    requireOpen();
    try {
      return transaction(work);
    } catch (SQLException e) {
      throw failure(what, e);
    }
  }

  private <T> T transaction(Work<T> work) throws SQLException {
    try (Connection c = pool.getConnection()) {
      c.setAutoCommit(false);
      try {
        T out = work.run(c);
        c.commit();
        return out;
      } catch (SQLException | RuntimeException e) {
        try {
          c.rollback();
        } catch (SQLException rollback) {
          e.addSuppressed(rollback);
        }
        throw e;
      }
    }
  }

  private TimelineException failure(String what, SQLException e) {
    String where = location.toString();
    if (ServerGone.is(e)) {
      return new TimelineException(
          "cannot " + what + ": the timeline " + where + " is unreachable (" + firstLine(e) + ")",
          e);
    }
    return new TimelineException("cannot " + what + " in " + where + ": " + firstLine(e), e);
  }

  static String firstLine(Throwable e) {
    String message = String.valueOf(e.getMessage());
    int newline = message.indexOf('\n');
    return dev.apex.core.Secrets.redact(newline < 0 ? message : message.substring(0, newline));
  }

  private void requireOpen() {
    if (closed) {
      throw new IllegalStateException("timeline " + location + " is closed");
    }
  }
}
