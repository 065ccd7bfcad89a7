package dev.apex.storage;

import dev.apex.core.InvalidInputException;
import dev.apex.core.TaskId;
import dev.apex.core.TaskRecord;
import dev.apex.core.TaskStatus;
import dev.apex.timeline.TaskTimeline;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The task timeline (task-memory): what each task saw, decided and did, step by step. The writes a
 * running task makes ({@link #startTask}, {@link #append}, {@link #finishTask}, {@link
 * #onStopRequest}) are those of {@link TaskTimeline}; this adds the reads and cross-process cancel.
 *
 * <p>Every write is durable when it returns: a reader, in this process or another, sees it at once,
 * and a crash afterwards does not lose it. Implementations are safe for one writer and many readers
 * on different threads. Unknown task ids make the list-returning reads throw {@link
 * InvalidInputException} naming the id, and the {@code Optional}-returning reads return empty.
 * Arguments must not be null unless a parameter says otherwise.
 */
public interface Timeline extends TaskTimeline {

  /**
   * Asks whoever runs the task, in this process or another, to stop it after its current step: the
   * owner's timeline hears it on its next heartbeat and tells the task's {@link #onStopRequest}
   * listener, which cancels the run; the owner then records the end ({@link TaskStatus#CANCELLED}).
   *
   * @param reason why, e.g. {@code cancelled from the console}; a second request keeps the first
   * @return false when the task already finished
   * @throws InvalidInputException if the task does not exist
   */
  boolean requestCancel(TaskId id, String reason);

  /**
   * Sets who hears, once and on the timeline's heartbeat thread, that a task started through this
   * timeline must stop: a cancel asked by {@link #requestCancel} (the listener gets its reason), or
   * the task recorded as ended by someone else (a reader that judged this process gone). Fast, and
   * must not throw.
   *
   * @return false when the task was not started here or has finished
   */
  @Override
  boolean onStopRequest(TaskId id, Consumer<String> listener);

  /**
   * One page of tasks, most recently started first. A running task whose owning process is gone is
   * recorded {@link TaskStatus#INTERRUPTED} before it is returned.
   *
   * @param limit at most this many, at least 1
   * @param offset how many of the newest tasks to skip, at least 0
   */
  List<TaskRecord> tasks(int limit, int offset);

  /** How many tasks the timeline holds. */
  int taskCount();

  /**
   * The ids that start with {@code prefix} (as {@code git} takes a unique prefix of a commit),
   * newest first, at most {@code limit}.
   */
  List<TaskId> idsStartingWith(String prefix, int limit);

  /** Where the timeline is, for a person: the file, or the server's URL without its password. */
  String location();

  /**
   * The task, or empty when there is none with this id; judged like {@link #tasks} when running.
   */
  Optional<TaskRecord> task(TaskId id);

  /** The most tasks {@link #tasks(TaskFilter, int, int)} reads by default to fill a page. */
  int MAX_SCANNED = 10_000;

  /**
   * One page of the tasks that pass {@code filter}, most recently started first, each with its
   * runner; judged like {@link #tasks(int, int)}. A page may hold fewer than {@code limit} tasks
   * when a running one is judged ended while it is read.
   *
   * <p>By default this reads {@link #tasks(int, int)} pages and filters them here, reading at most
   * {@value #MAX_SCANNED} tasks, and knows no runner; a backend that records runners answers with
   * them, and filters in its query.
   *
   * @param limit at most this many, at least 1
   * @param offset how many matching tasks to skip, at least 0
   */
  default List<TaskEntry> tasks(TaskFilter filter, int limit, int offset) {
    List<TaskEntry> matching = new ArrayList<>();
    int page = 200;
    for (int read = 0; read < MAX_SCANNED && matching.size() < offset + limit; read += page) {
      List<TaskRecord> tasks = tasks(page, read);
      tasks.stream().map(TaskEntry::of).filter(filter::matches).forEach(matching::add);
      if (tasks.size() < page) {
        break;
      }
    }
    return matching.subList(
        Math.min(offset, matching.size()), Math.min(offset + limit, matching.size()));
  }

  /** The task with its runner, or empty when there is none; by default without a runner. */
  default Optional<TaskEntry> entry(TaskId id) {
    return task(id).map(TaskEntry::of);
  }

  /**
   * Every recorded step of the task in index order, without screenshot bytes.
   *
   * @throws InvalidInputException if the task does not exist
   */
  List<StoredStep> steps(TaskId id);

  /**
   * The steps whose index is greater than {@code index}, in index order: a console following a
   * running task passes the last index it has shown (0 at first).
   *
   * @throws InvalidInputException if the task does not exist
   */
  List<StoredStep> stepsAfter(TaskId id, int index);

  /**
   * The PNG observed before step {@code index}, or empty when the task or step does not exist, the
   * step had none, or retention has dropped it.
   */
  Optional<byte[]> screenshot(TaskId id, int index);

  /**
   * The screen the task left after its last step, or empty when none was recorded (no step ran, the
   * device could not be observed, or the task was recorded by an older apex). Step N's "after" is
   * step N + 1's scene; the last step's is this.
   */
  default Optional<StoredObservation> finalObservation(TaskId id) {
    return Optional.empty();
  }

  /** The PNG of {@link #finalObservation}, or empty when none was taken or retention dropped it. */
  default Optional<byte[]> finalScreenshot(TaskId id) {
    return Optional.empty();
  }

  /**
   * The tasks of suite run {@code suiteId} ({@link TaskRecord#suiteId()}), in the order they
   * started, at most {@code limit}; empty for an unknown suite or a timeline that keeps none.
   */
  default List<TaskRecord> suiteTasks(String suiteId, int limit) {
    return List.of();
  }

  /** The most suite runs {@link #suites} lists at once. */
  int MAX_SUITES = 200;

  /**
   * The newest suite runs, most recently started first, each with its tasks counted by status and
   * the hosts they ran on; its running tasks judged like {@link #tasks(int, int)}. Empty for a
   * timeline that keeps no suite ids.
   *
   * @param limit at most this many, 1 to {@value #MAX_SUITES}
   */
  default List<SuiteRun> suites(int limit) {
    return List.of();
  }

  /**
   * How long each of {@code goals} (a task's goal text, e.g. {@code flow login (flows/login.yaml)})
   * took when it last ran to an end of its own: the median of its {@value #DURATION_RUNS} most
   * recent runs that ended {@link TaskStatus#SUCCEEDED} or {@link TaskStatus#FAILED} (a cancelled
   * or interrupted run says nothing about how long the flow takes), among the {@value
   * #DURATION_SCAN} most recent runs of it. A goal with no such run is absent. What {@code apex
   * test --shard} balances shards by.
   *
   * @param endedBefore only runs that ended before this instant count, so that jobs reading a
   *     shared timeline at different moments see the same history; null for every run
   */
  default Map<String, Duration> recordedDurations(Collection<String> goals, Instant endedBefore) {
    return Map.of();
  }

  /** How many of a goal's most recent runs {@link #recordedDurations} takes the median of. */
  int DURATION_RUNS = 5;

  /** How many of a goal's most recent runs {@link #recordedDurations} looks at, at most. */
  int DURATION_SCAN = 50;
}
