package dev.apex.storage;

import dev.apex.core.TaskId;
import dev.apex.core.TaskRecord;
import dev.apex.core.TaskStatus;
import dev.apex.timeline.FinalObservation;
import dev.apex.timeline.LabelStore;
import dev.apex.timeline.StepRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link Timeline} in an embedded SQLite file, the default task-memory.
 *
 * <p>The file runs in write-ahead-log mode with {@code synchronous=FULL}: each write is one
 * transaction, on disk when the call returns, so killing the process loses no step already
 * recorded, and another connection (a console in another process, say) sees it at once without
 * blocking this writer. Screenshots are kept only for the newest {@code keepScreenshotsOfTasks}
 * tasks; when a task finishes, older tasks lose their screenshots but keep their steps.
 *
 * <p>Thread-safe: writes are serialized on one connection and reads on another, so a reader never
 * waits for a write in progress. More processes may open the same file; writers among them take
 * turns, waiting up to {@value SqliteConnections#BUSY_TIMEOUT_MILLIS} ms for the lock. Nothing here
 * logs or puts a row's contents (goals, scenes, results) in an exception message.
 *
 * <p>Liveness: a task records its owner (this host, this process's pid and start instant) and a
 * heartbeat that a thread of this timeline refreshes every {@link #HEARTBEAT_INTERVAL} until the
 * task finishes, apart from the task's own thread. Every read of tasks ({@link #tasks}, {@link
 * #task}) judges the running ones by the rules of {@link Liveness} (on this host: is the owning
 * process still there; from another host: is the heartbeat younger than {@link #LEASE}) and records
 * a task whose owner is gone as {@link TaskStatus#INTERRUPTED}, its steps kept, with its last sign
 * of life as its end. The same thread reads cancels asked from other processes ({@link
 * #requestCancel}) and hands them to the task's {@link #onStopRequest} listener.
 */
public final class SqliteTimeline implements Timeline, AutoCloseable {

  /** How many tasks, newest first, keep their screenshots unless told otherwise. */
  public static final int DEFAULT_KEEP_SCREENSHOTS_OF_TASKS = 50;

  /** How often the owner of a running task refreshes its heartbeat and reads cancel requests. */
  public static final Duration HEARTBEAT_INTERVAL = Duration.ofSeconds(2);

  /**
   * How old the heartbeat of a task owned on another host may grow before readers record it {@link
   * TaskStatus#INTERRUPTED}: many heartbeats, more than a write waiting for the lock, and room for
   * clock skew between hosts.
   */
  public static final Duration LEASE = Duration.ofSeconds(60);

  private static final Logger log = LoggerFactory.getLogger(SqliteTimeline.class);

  private final Path file;
  private final Connection writeConnection;
  private final Connection readConnection;
  private final TimelineWriter writer;
  private final TimelineReader reader;
  private final Liveness liveness;
  private final Heartbeat heartbeat;
  private final SqliteLabelStore labels;
  private final Object writeLock = new Object();
  private final Object readLock = new Object();
  private volatile boolean closed;

  private SqliteTimeline(
      Path file,
      Connection writeConnection,
      Connection readConnection,
      Clock clock,
      int keep,
      Processes processes,
      Duration heartbeatInterval,
      Duration lease) {
    this.file = file;
    this.writeConnection = writeConnection;
    this.readConnection = readConnection;
    this.writer = new TimelineWriter(writeConnection, clock, keep);
    this.reader = new TimelineReader(readConnection);
    this.liveness = new Liveness(processes, clock, lease);
    this.labels = new SqliteLabelStore(this, clock);
    this.heartbeat =
        new Heartbeat(
            heartbeatInterval,
            ids -> {
              synchronized (writeLock) {
                requireOpen();
                try {
                  return writer.heartbeat(ids);
                } catch (SQLException e) {
                  throw new TimelineException(
                      "cannot refresh the heartbeat in " + file + ": " + e.getMessage(), e);
                }
              }
            });
  }

  /**
   * Opens the timeline in {@code file} with the system clock and the default screenshot retention,
   * creating the file, its parent folders and its tables when missing.
   *
   * @throws TimelineException if the file cannot be created or opened, is not a timeline, or was
   *     written by a newer apex
   */
  public static SqliteTimeline open(Path file) {
    return open(file, Clock.systemUTC(), DEFAULT_KEEP_SCREENSHOTS_OF_TASKS);
  }

  /**
   * Opens the timeline in {@code file}, creating it when missing.
   *
   * @param clock stamps task start and end times
   * @param keepScreenshotsOfTasks how many of the newest tasks keep their screenshots, at least 1
   */
  public static SqliteTimeline open(Path file, Clock clock, int keepScreenshotsOfTasks) {
    return open(
        file, clock, keepScreenshotsOfTasks, LocalProcesses.INSTANCE, HEARTBEAT_INTERVAL, LEASE);
  }

  /** As {@link #open(Path, Clock, int)}, with the process table and liveness timings given. */
  static SqliteTimeline open(
      Path file,
      Clock clock,
      int keepScreenshotsOfTasks,
      Processes processes,
      Duration heartbeatInterval,
      Duration lease) {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(clock, "clock");
    if (keepScreenshotsOfTasks < 1) {
      throw new IllegalArgumentException(
          "keepScreenshotsOfTasks must be at least 1, was " + keepScreenshotsOfTasks);
    }
    Path absolute = file.toAbsolutePath();
    try {
      Path parent = absolute.getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
    } catch (IOException e) {
      throw new TimelineException(
          "cannot create the folder for timeline " + absolute + ": " + e.getMessage(), e);
    }
    Connection writeConnection = null;
    try {
      writeConnection = SqliteConnections.openWriter(absolute);
      Schema.migrate(writeConnection, absolute);
      Connection readConnection = SqliteConnections.openReader(absolute);
      return new SqliteTimeline(
          absolute,
          writeConnection,
          readConnection,
          clock,
          keepScreenshotsOfTasks,
          processes,
          heartbeatInterval,
          lease);
    } catch (SQLException | RuntimeException e) {
      closeQuietly(writeConnection, e);
      if (e instanceof TimelineException timelineException) {
        throw timelineException;
      }
      throw new TimelineException("cannot open timeline " + absolute + ": " + e.getMessage(), e);
    }
  }

  /** The file, as an absolute path. */
  public Path file() {
    return file;
  }

  @Override
  public String location() {
    return file.toString();
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
    write("start task " + id, () -> writer.startTask(id, device, goal, suiteId, liveness.self()));
    heartbeat.track(id);
  }

  @Override
  public List<TaskRecord> suiteTasks(String suiteId, int limit) {
    Objects.requireNonNull(suiteId, "suiteId");
    if (limit < 1) {
      throw new IllegalArgumentException("limit must be at least 1, was " + limit);
    }
    List<TaskRow> rows = read("list suite " + suiteId, () -> reader.suiteTasks(suiteId, limit));
    List<TaskRecord> tasks = new ArrayList<>(rows.size());
    for (TaskRow row : rows) {
      tasks.add(judged(row));
    }
    return tasks;
  }

  @Override
  public Map<String, Duration> recordedDurations(
      Collection<String> goals, java.time.Instant endedBefore) {
    Objects.requireNonNull(goals, "goals");
    return read("read earlier durations", () -> reader.recordedDurations(goals, endedBefore));
  }

  @Override
  public void append(StepRecord step) {
    Objects.requireNonNull(step, "step");
    if (step.index() < 1) {
      throw new IllegalArgumentException("step index must be at least 1, was " + step.index());
    }
    write("append step " + step.index() + " of task " + step.taskId(), () -> writer.append(step));
  }

  @Override
  public void recordFinal(FinalObservation observation) {
    Objects.requireNonNull(observation, "observation");
    write(
        "record the final screen of task " + observation.taskId(),
        () -> writer.recordFinal(observation));
  }

  @Override
  public Optional<StoredObservation> finalObservation(TaskId id) {
    Objects.requireNonNull(id, "id");
    return onReader("read the final screen of task " + id, c -> FinalObservations.read(c, id));
  }

  @Override
  public Optional<byte[]> finalScreenshot(TaskId id) {
    Objects.requireNonNull(id, "id");
    return onReader(
        "read the final screenshot of task " + id, c -> FinalObservations.screenshot(c, id));
  }

  @Override
  public void finishTask(TaskId id, TaskStatus status, String reason) {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(status, "status");
    if (!status.isFinal()) {
      throw new IllegalArgumentException(
          "status must be final to finish task " + id + ", was " + status);
    }
    write("finish task " + id, () -> writer.finishTask(id, status, reason));
    heartbeat.untrack(id);
  }

  @Override
  public boolean requestCancel(TaskId id, String reason) {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(reason, "reason");
    boolean[] requested = {false};
    write("ask to cancel task " + id, () -> requested[0] = writer.requestCancel(id, reason));
    return requested[0];
  }

  @Override
  public boolean onStopRequest(TaskId id, Consumer<String> listener) {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(listener, "listener");
    return heartbeat.onStop(id, listener);
  }

  /** The cross-task label cache in this file: see {@link SqliteLabelStore}. */
  @Override
  public Optional<LabelStore> labelStore() {
    return Optional.of(labels);
  }

  /** {@link #labelStore()}, which this timeline always has. */
  public LabelStore labels() {
    return labels;
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
    List<TaskRow> rows = read("list tasks", () -> reader.tasks(limit, offset));
    List<TaskRecord> tasks = new ArrayList<>(rows.size());
    for (TaskRow row : rows) {
      tasks.add(judged(row));
    }
    return tasks;
  }

  @Override
  public int taskCount() {
    return read("count tasks", reader::taskCount);
  }

  @Override
  public List<TaskId> idsStartingWith(String prefix, int limit) {
    Objects.requireNonNull(prefix, "prefix");
    if (prefix.isEmpty() || limit < 1) {
      throw new IllegalArgumentException("prefix must not be empty and limit at least 1");
    }
    return read("find tasks by id prefix", () -> reader.idsStartingWith(prefix, limit));
  }

  @Override
  public Optional<TaskRecord> task(TaskId id) {
    Objects.requireNonNull(id, "id");
    return read("read task " + id, () -> reader.task(id)).map(this::judged);
  }

  /** Filtered in the query; each row judged, then checked again (its status may have changed). */
  @Override
  public List<TaskEntry> tasks(TaskFilter filter, int limit, int offset) {
    Objects.requireNonNull(filter, "filter");
    if (limit < 1) {
      throw new IllegalArgumentException("limit must be at least 1, was " + limit);
    }
    if (offset < 0) {
      throw new IllegalArgumentException("offset must be at least 0, was " + offset);
    }
    List<TaskRow> rows = read("list tasks", () -> reader.tasks(filter, limit, offset));
    List<TaskEntry> entries = new ArrayList<>(rows.size());
    for (TaskRow row : rows) {
      TaskEntry entry = entry(row, judged(row));
      if (filter.matches(entry)) {
        entries.add(entry);
      }
    }
    return entries;
  }

  @Override
  public Optional<TaskEntry> entry(TaskId id) {
    Objects.requireNonNull(id, "id");
    return read("read task " + id, () -> reader.task(id)).map(row -> entry(row, judged(row)));
  }

  private static TaskEntry entry(TaskRow row, TaskRecord judged) {
    TaskOwner owner = row.owner();
    return owner == null
        ? new TaskEntry(judged, null, null, row.heartbeat())
        : new TaskEntry(judged, owner.host(), owner.pid(), row.heartbeat());
  }

  /**
   * The task as it stands: a running one whose owner is gone is recorded {@link
   * TaskStatus#INTERRUPTED} first. If another reader or the owner changed the row meanwhile, the
   * row as it is now; if the file cannot be written now (locked past the busy timeout), the
   * interrupted view, which the next reader records.
   */
  private TaskRecord judged(TaskRow row) {
    Optional<String> gone = liveness.gone(row);
    if (gone.isEmpty()) {
      return row.record();
    }
    TaskRecord task = row.record();
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
      boolean[] changed = {false};
      write(
          "record task " + task.id() + " interrupted",
          () -> changed[0] = writer.interrupt(row, gone.get()));
      if (changed[0]) {
        log.info("task {}: {}", task.id(), gone.get());
        return interrupted;
      }
      return read("read task " + task.id(), () -> reader.task(task.id()))
          .map(TaskRow::record)
          .orElse(interrupted);
    } catch (TimelineException e) {
      log.warn("cannot record task {} interrupted yet; the next read retries", task.id(), e);
      return interrupted;
    }
  }

  @Override
  public List<StoredStep> steps(TaskId id) {
    return stepsAfter(id, 0);
  }

  @Override
  public List<StoredStep> stepsAfter(TaskId id, int index) {
    Objects.requireNonNull(id, "id");
    return read("read the steps of task " + id, () -> reader.stepsAfter(id, index));
  }

  @Override
  public Optional<byte[]> screenshot(TaskId id, int index) {
    Objects.requireNonNull(id, "id");
    return read(
        "read the screenshot of step " + index + " of task " + id,
        () -> reader.screenshot(id, index));
  }

  /** Closes both connections; later calls throw {@link IllegalStateException}. Idempotent. */
  @Override
  public void close() {
    heartbeat.close();
    synchronized (writeLock) {
      synchronized (readLock) {
        if (closed) {
          return;
        }
        closed = true;
        SQLException failure = null;
        for (Connection connection : List.of(readConnection, writeConnection)) {
          try {
            connection.close();
          } catch (SQLException e) {
            failure = failure == null ? e : failure;
          }
        }
        if (failure != null) {
          throw new TimelineException(
              "cannot close timeline " + file + ": " + failure.getMessage(), failure);
        }
      }
    }
  }

  /** Work on one of the timeline's connections. */
  interface OnConnection<T> {
    T run(Connection connection) throws SQLException;
  }

  /** Runs {@code work} on the write connection, serialized with every other write. */
  <T> T onWriter(String what, OnConnection<T> work) {
    AtomicReference<T> out = new AtomicReference<>();
    write(what, () -> out.set(work.run(writeConnection)));
    return out.get();
  }

  /** Runs {@code work} on the read connection, serialized with every other read. */
  <T> T onReader(String what, OnConnection<T> work) {
    return read(what, () -> work.run(readConnection));
  }

  private interface SqlWrite {
    void run() throws SQLException;
  }

  private interface SqlRead<T> {
    T run() throws SQLException;
  }

  private void write(String what, SqlWrite work) {
    synchronized (writeLock) {
      requireOpen();
      try {
        work.run();
      } catch (SQLException e) {
        throw new TimelineException("cannot " + what + " in " + file + ": " + e.getMessage(), e);
      }
    }
  }

  private <T> T read(String what, SqlRead<T> work) {
    synchronized (readLock) {
      requireOpen();
      try {
        return work.run();
      } catch (SQLException e) {
        throw new TimelineException("cannot " + what + " from " + file + ": " + e.getMessage(), e);
      }
    }
  }

  private void requireOpen() {
    if (closed) {
      throw new IllegalStateException("timeline " + file + " is closed");
    }
  }

  private static void closeQuietly(Connection connection, Exception cause) {
    if (connection != null) {
      try {
        connection.close();
      } catch (SQLException e) {
        cause.addSuppressed(e);
      }
    }
  }
}
