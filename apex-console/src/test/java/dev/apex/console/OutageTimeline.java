package dev.apex.console;

import dev.apex.core.TaskId;
import dev.apex.core.TaskRecord;
import dev.apex.core.TaskStatus;
import dev.apex.storage.StoredObservation;
import dev.apex.storage.StoredStep;
import dev.apex.storage.SuiteRun;
import dev.apex.storage.TaskEntry;
import dev.apex.storage.TaskFilter;
import dev.apex.storage.Timeline;
import dev.apex.timeline.FinalObservation;
import dev.apex.timeline.LabelStore;
import dev.apex.timeline.StepRecord;
import dev.apex.timeline.TimelineUnreachableException;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A fault double: a timeline on a database server that can go away. While {@link #goDown} holds,
 * every read fails as a PostgreSQL timeline's read does when its server is down ({@link
 * TimelineUnreachableException} naming the timeline); writes still land (a runner's writes wait and
 * retry, elsewhere). {@link #comeBack} makes reads work again.
 */
final class OutageTimeline implements Timeline {

  static final String LOCATION = "postgresql://db.test:5432/apex";

  private final Timeline inner;
  private final AtomicInteger failedReads = new AtomicInteger();
  private volatile boolean down;

  OutageTimeline(Timeline inner) {
    this.inner = inner;
  }

  void goDown() {
    down = true;
  }

  void comeBack() {
    down = false;
  }

  /** How many reads failed while it was down. */
  int failedReads() {
    return failedReads.get();
  }

  private <T> T read(String what, Supplier<T> read) {
    if (down) {
      failedReads.incrementAndGet();
      throw new TimelineUnreachableException(
          "cannot "
              + what
              + ": the timeline "
              + LOCATION
              + " is unreachable (Connection to db.test:5432 refused)",
          null);
    }
    return read.get();
  }

  @Override
  public String location() {
    return LOCATION;
  }

  @Override
  public List<TaskRecord> tasks(int limit, int offset) {
    return read("list tasks", () -> inner.tasks(limit, offset));
  }

  @Override
  public List<TaskEntry> tasks(TaskFilter filter, int limit, int offset) {
    return read("list tasks", () -> inner.tasks(filter, limit, offset));
  }

  @Override
  public int taskCount() {
    return read("count tasks", inner::taskCount);
  }

  @Override
  public List<TaskId> idsStartingWith(String prefix, int limit) {
    return read("find tasks", () -> inner.idsStartingWith(prefix, limit));
  }

  @Override
  public Optional<TaskRecord> task(TaskId id) {
    return read("read a task", () -> inner.task(id));
  }

  @Override
  public Optional<TaskEntry> entry(TaskId id) {
    return read("read a task", () -> inner.entry(id));
  }

  @Override
  public List<StoredStep> steps(TaskId id) {
    return read("read steps", () -> inner.steps(id));
  }

  @Override
  public List<StoredStep> stepsAfter(TaskId id, int index) {
    return read("read steps", () -> inner.stepsAfter(id, index));
  }

  @Override
  public Optional<byte[]> screenshot(TaskId id, int index) {
    return read("read a screenshot", () -> inner.screenshot(id, index));
  }

  @Override
  public Optional<StoredObservation> finalObservation(TaskId id) {
    return read("read a task", () -> inner.finalObservation(id));
  }

  @Override
  public Optional<byte[]> finalScreenshot(TaskId id) {
    return read("read a screenshot", () -> inner.finalScreenshot(id));
  }

  @Override
  public List<TaskRecord> suiteTasks(String suiteId, int limit) {
    return read("read a suite", () -> inner.suiteTasks(suiteId, limit));
  }

  @Override
  public List<SuiteRun> suites(int limit) {
    return read("list suite runs", () -> inner.suites(limit));
  }

  @Override
  public Map<String, Duration> recordedDurations(Collection<String> goals, Instant endedBefore) {
    return read("read durations", () -> inner.recordedDurations(goals, endedBefore));
  }

  @Override
  public boolean requestCancel(TaskId id, String reason) {
    return inner.requestCancel(id, reason);
  }

  @Override
  public boolean onStopRequest(TaskId id, Consumer<String> listener) {
    return inner.onStopRequest(id, listener);
  }

  @Override
  public void startTask(TaskId id, String device, String goal) {
    inner.startTask(id, device, goal);
  }

  @Override
  public void startTask(TaskId id, String device, String goal, String suiteId) {
    inner.startTask(id, device, goal, suiteId);
  }

  @Override
  public void append(StepRecord step) {
    inner.append(step);
  }

  @Override
  public void recordFinal(FinalObservation observation) {
    inner.recordFinal(observation);
  }

  @Override
  public void finishTask(TaskId id, TaskStatus status, String reason) {
    inner.finishTask(id, status, reason);
  }

  @Override
  public Optional<LabelStore> labelStore() {
    return inner.labelStore();
  }

  @Override
  public void close() {
    // the wrapped timeline is the test's to close
  }
}
