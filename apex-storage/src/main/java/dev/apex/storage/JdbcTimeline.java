package dev.apex.storage;

import dev.apex.core.TaskId;
import dev.apex.core.TaskRecord;
import dev.apex.core.TaskStatus;
import dev.apex.timeline.FinalObservation;
import dev.apex.timeline.LabelStore;
import dev.apex.timeline.StepRecord;
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
 * The body every SQL timeline shares: the statements, the row mapping, liveness and the label
 * cache, written once over a {@link JdbcDialect}. A backend ({@link SqliteTimeline}, the PostgreSQL
 * timeline) says how a piece of work reaches its store: {@link #write} (one transaction that must
 * land, retried where the store can come back), {@link #writeOnce} and {@link #read}, each turning
 * a {@link SQLException} into a {@link TimelineException} naming the timeline; and how it closes.
 * Part of the SPI for timeline backends, not for apps: apps use {@link Timeline}.
 *
 * <p>Liveness: a task records its owner ({@link Processes#self()}) and a heartbeat that a thread of
 * this timeline refreshes every interval until the task finishes, apart from the task's own thread.
 * Every read of tasks judges the running ones by the rules of {@link Liveness}, at the instant the
 * dialect read them at ({@link JdbcDialect#readClock()}), and records a task whose owner is gone as
 * {@link TaskStatus#INTERRUPTED}, its steps kept, with its last sign of life as its end. The same
 * thread reads cancels asked from other processes ({@link #requestCancel}) and hands them to the
 * task's {@link #onStopRequest} listener. Nothing here logs or puts a row's contents (goals,
 * scenes, results) in an exception message. Thread-safe when the backend's hooks are.
 */
public abstract class JdbcTimeline implements Timeline {

  private static final Logger log = LoggerFactory.getLogger(JdbcTimeline.class);

  /** SQL run in one transaction. */
  public interface Work<T> {
    T run(Connection connection) throws SQLException;
  }

  /** SQL of a write, told whether an earlier attempt of it may have committed. */
  public interface Attempt<T> {
    T run(Connection connection, boolean retried) throws SQLException;
  }

  private final JdbcDialect dialect;
  private final TimelineReader reader;
  private final TimelineWriter writer;
  private final Processes processes;
  private final Duration lease;
  private final Heartbeat heartbeat;
  private final JdbcLabelStore labels;
  private volatile boolean closed;

  /**
   * @param keepScreenshotsOfTasks how many of the newest tasks keep their screenshots, at least 1
   * @param processes this process and the host's process table, for {@link Liveness}
   * @param heartbeatInterval how often the owner of a running task refreshes its heartbeat
   * @param lease how old a remote owner's heartbeat may grow before its task is interrupted
   */
  protected JdbcTimeline(
      JdbcDialect dialect,
      int keepScreenshotsOfTasks,
      Processes processes,
      Duration heartbeatInterval,
      Duration lease) {
    this.dialect = Objects.requireNonNull(dialect, "dialect");
    if (keepScreenshotsOfTasks < 1) {
      throw new IllegalArgumentException(
          "keepScreenshotsOfTasks must be at least 1, was " + keepScreenshotsOfTasks);
    }
    this.reader = new TimelineReader(dialect);
    this.writer = new TimelineWriter(dialect, keepScreenshotsOfTasks);
    this.processes = Objects.requireNonNull(processes, "processes");
    this.lease = Objects.requireNonNull(lease, "lease");
    this.labels = new JdbcLabelStore(this, dialect, JdbcLabelStore.MAX_ENTRIES);
    this.heartbeat =
        new Heartbeat(
            heartbeatInterval,
            ids -> writeOnce("refresh the heartbeat", c -> writer.heartbeat(c, ids)));
  }

  /**
   * Runs a write that must land, in one transaction, committed when this returns; {@code retried}
   * tells an attempt that an earlier one may have committed.
   */
  protected abstract <T> T write(String what, Attempt<T> work);

  /**
   * Runs a write in one transaction, tried once: a heartbeat, an interrupt, a cancel, the cache.
   */
  protected abstract <T> T writeOnce(String what, Work<T> work);

  /** Runs a read; its statements see every write committed before each began. */
  protected abstract <T> T read(String what, Work<T> work);

  /** Closes the store's connections; called once, after the heartbeat stopped. */
  protected abstract void closeStore();

  @Override
  public void startTask(TaskId id, String device, String goal) {
    startTask(id, device, goal, null);
  }

  @Override
  public void startTask(TaskId id, String device, String goal, String suiteId) {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(device, "device");
    Objects.requireNonNull(goal, "goal");
    TaskOwner self = processes.self();
    write(
        "record the start of task " + id,
        (c, retried) -> {
          writer.startTask(c, id, device, goal, suiteId, self, retried);
          return null;
        });
    heartbeat.track(id);
  }

  @Override
  public void append(StepRecord step) {
    Objects.requireNonNull(step, "step");
    if (step.index() < 1) {
      throw new IllegalArgumentException("step index must be at least 1, was " + step.index());
    }
    StoredStep row = TimelineWriter.row(step);
    write(
        "record step " + step.index() + " of task " + step.taskId(),
        (c, retried) -> {
          writer.append(c, row, step.screenshot(), retried);
          return null;
        });
  }

  @Override
  public void recordFinal(FinalObservation observation) {
    Objects.requireNonNull(observation, "observation");
    StoredObservation row = TimelineWriter.row(observation);
    write(
        "record the final screen of task " + observation.taskId(),
        (c, retried) -> {
          writer.recordFinal(c, row, observation.screenshot());
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
    return writeOnce("ask to cancel task " + id, c -> writer.requestCancel(c, id, reason));
  }

  @Override
  public boolean onStopRequest(TaskId id, Consumer<String> listener) {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(listener, "listener");
    return heartbeat.onStop(id, listener);
  }

  /** The cross-task label cache in this timeline's {@code label_cache} table. */
  @Override
  public Optional<LabelStore> labelStore() {
    return Optional.of(labels);
  }

  /**
   * Copies a finished task from another timeline as one write, then applies screenshot retention.
   *
   * @return false, changing nothing, when this timeline holds a task with its id already
   */
  protected final boolean copyTask(TaskCopy copy) {
    Objects.requireNonNull(copy, "copy");
    return write("copy task " + copy.task().id(), (c, retried) -> writer.copy(c, copy));
  }

  /** One heartbeat now, as the heartbeat thread does every interval. For tests. */
  protected final void beatNow() {
    heartbeat.beatOnce();
  }

  /** A label store over this timeline that keeps at most {@code maxEntries}. For tests. */
  final JdbcLabelStore labelStore(int maxEntries) {
    return new JdbcLabelStore(this, dialect, maxEntries);
  }

  @Override
  public List<TaskRecord> tasks(int limit, int offset) {
    requirePage(limit, offset);
    return records(read("list tasks", c -> reader.tasks(c, limit, offset)));
  }

  @Override
  public List<TaskRecord> suiteTasks(String suiteId, int limit) {
    Objects.requireNonNull(suiteId, "suiteId");
    requirePage(limit, 0);
    return records(read("list suite " + suiteId, c -> reader.suiteTasks(c, suiteId, limit)));
  }

  /**
   * Counted in one query; when a suite has tasks recorded running, those are judged first (one
   * whose runner is gone is recorded interrupted) and the suites read again.
   */
  @Override
  public List<SuiteRun> suites(int limit) {
    if (limit < 1 || limit > MAX_SUITES) {
      throw new IllegalArgumentException("limit must be 1 to " + MAX_SUITES + ", was " + limit);
    }
    List<SuiteRun> runs = read("list suite runs", c -> reader.suites(c, limit));
    boolean judgedEnded = false;
    for (SuiteRun run : runs) {
      if (run.running() > 0) {
        for (TimelineReader.Read row :
            read(
                "read the running tasks of suite " + run.id(),
                c -> reader.runningOfSuite(c, run.id(), MAX_SUITES))) {
          judgedEnded |= judged(row).status() != TaskStatus.RUNNING;
        }
      }
    }
    return judgedEnded ? read("list suite runs", c -> reader.suites(c, limit)) : runs;
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
    return read("find tasks by id prefix", c -> reader.idsStartingWith(c, prefix, limit));
  }

  @Override
  public Optional<TaskRecord> task(TaskId id) {
    Objects.requireNonNull(id, "id");
    return read("read task " + id, c -> reader.task(c, id)).map(this::judged);
  }

  /** Filtered in the query; each row judged, then checked again (its status may have changed). */
  @Override
  public List<TaskEntry> tasks(TaskFilter filter, int limit, int offset) {
    Objects.requireNonNull(filter, "filter");
    requirePage(limit, offset);
    List<TimelineReader.Read> rows =
        read("list tasks", c -> reader.tasks(c, filter, limit, offset));
    List<TaskEntry> entries = new ArrayList<>(rows.size());
    for (TimelineReader.Read row : rows) {
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
    return read("read task " + id, c -> reader.task(c, id))
        .map(row -> entry(row.row(), judged(row)));
  }

  @Override
  public Map<String, Duration> recordedDurations(Collection<String> goals, Instant endedBefore) {
    Objects.requireNonNull(goals, "goals");
    if (goals.isEmpty()) {
      return Map.of();
    }
    return read("read earlier durations", c -> reader.recordedDurations(c, goals, endedBefore));
  }

  @Override
  public List<StoredStep> steps(TaskId id) {
    return stepsAfter(id, 0);
  }

  @Override
  public List<StoredStep> stepsAfter(TaskId id, int index) {
    Objects.requireNonNull(id, "id");
    return read("read the steps of task " + id, c -> reader.stepsAfter(c, id, index));
  }

  @Override
  public Optional<byte[]> screenshot(TaskId id, int index) {
    Objects.requireNonNull(id, "id");
    return read(
        "read the screenshot of step " + index + " of task " + id,
        c -> reader.screenshot(c, id, index));
  }

  @Override
  public Optional<StoredObservation> finalObservation(TaskId id) {
    Objects.requireNonNull(id, "id");
    return read("read the final screen of task " + id, c -> reader.finalObservation(c, id));
  }

  @Override
  public Optional<byte[]> finalScreenshot(TaskId id) {
    Objects.requireNonNull(id, "id");
    return read("read the final screenshot of task " + id, c -> reader.finalScreenshot(c, id));
  }

  /** Stops the heartbeat and closes the store; later calls throw. Idempotent. */
  @Override
  public final void close() {
    if (closed) {
      return;
    }
    closed = true;
    heartbeat.close();
    closeStore();
  }

  /** Throws {@link IllegalStateException} once the timeline is closed; the hooks call it first. */
  protected final void requireOpen() {
    if (closed) {
      throw new IllegalStateException("timeline " + location() + " is closed");
    }
  }

  private List<TaskRecord> records(List<TimelineReader.Read> rows) {
    List<TaskRecord> tasks = new ArrayList<>(rows.size());
    for (TimelineReader.Read row : rows) {
      tasks.add(judged(row));
    }
    return tasks;
  }

  private static TaskEntry entry(TaskRow row, TaskRecord judged) {
    TaskOwner owner = row.owner();
    return owner == null
        ? new TaskEntry(judged, null, null, row.heartbeat())
        : new TaskEntry(judged, owner.host(), owner.pid(), row.heartbeat());
  }

  /**
   * The task as it stands, judged at the instant it was read: a running one whose owner is gone is
   * recorded {@link TaskStatus#INTERRUPTED} first. If another reader or the owner changed the row
   * meanwhile, the row as it is now; if the store cannot be written now, the interrupted view,
   * which the next reader records.
   */
  private TaskRecord judged(TimelineReader.Read read) {
    TaskRow row = read.row();
    Liveness liveness = new Liveness(processes, Clock.fixed(read.at(), ZoneOffset.UTC), lease);
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
      if (writeOnce(
          "record task " + task.id() + " interrupted", c -> writer.interrupt(c, row, gone.get()))) {
        log.info("task {}: {}", task.id(), gone.get());
        return interrupted;
      }
      return read("read task " + task.id(), c -> reader.task(c, task.id()))
          .map(r -> r.row().record())
          .orElse(interrupted);
    } catch (TimelineException e) {
      log.warn("cannot record task {} interrupted yet; the next read retries", task.id(), e);
      return interrupted;
    }
  }

  private static void requirePage(int limit, int offset) {
    if (limit < 1) {
      throw new IllegalArgumentException("limit must be at least 1, was " + limit);
    }
    if (offset < 0) {
      throw new IllegalArgumentException("offset must not be negative, was " + offset);
    }
  }
}
