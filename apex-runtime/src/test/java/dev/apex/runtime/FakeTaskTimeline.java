package dev.apex.runtime;

import dev.apex.core.InvalidInputException;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.timeline.StepRecord;
import dev.apex.timeline.TaskTimeline;
import dev.apex.timeline.TimelineUnreachableException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A timeline in memory that records every write as a line and keeps the real store's rules (a step
 * or end needs a running task); told to, it fails chosen writes like a full disk would.
 */
public final class FakeTaskTimeline implements TaskTimeline {

  public final List<String> writes = new ArrayList<>();
  public final List<StepRecord> steps = new ArrayList<>();
  public final Map<TaskId, Consumer<String>> stopListeners = new LinkedHashMap<>();
  private final Set<TaskId> running = new HashSet<>();
  private final Set<String> failing = new HashSet<>();

  /** From now on, writes of this kind ({@code start}, {@code append}, {@code finish}) fail. */
  FakeTaskTimeline failing(String kind) {
    failing.add(kind);
    return this;
  }

  /**
   * From now on, writes of this kind fail as a database server gone past the write deadline does
   * ({@link TimelineUnreachableException}).
   */
  FakeTaskTimeline unreachable(String kind) {
    failing.add("unreachable:" + kind);
    return this;
  }

  private void maybeFail(String kind) {
    if (failing.contains("unreachable:" + kind)) {
      throw new TimelineUnreachableException(
          "the timeline postgresql://db:5432/apex did not answer for 60 s"
              + " (timeline.write_timeout), so it cannot record a "
              + kind,
          null);
    }
    if (failing.contains(kind)) {
      throw new IllegalStateException("disk full (" + kind + ")");
    }
  }

  @Override
  public synchronized void startTask(TaskId id, String device, String goal) {
    maybeFail("start");
    if (!running.add(id)) {
      throw new InvalidInputException("task " + id + " exists");
    }
    writes.add("start " + id + " on " + device + ": " + goal);
  }

  @Override
  public synchronized void append(StepRecord step) {
    maybeFail("append");
    if (!running.contains(step.taskId())) {
      throw new InvalidInputException("task " + step.taskId() + " is not running");
    }
    steps.add(step);
    writes.add("step " + step.index() + " of " + step.taskId());
  }

  @Override
  public synchronized void finishTask(TaskId id, TaskStatus status, String reason) {
    maybeFail("finish");
    if (!running.remove(id)) {
      throw new InvalidInputException("task " + id + " is not running");
    }
    writes.add("end " + id + " " + status + ": " + reason);
  }

  @Override
  public synchronized boolean onStopRequest(TaskId id, Consumer<String> listener) {
    stopListeners.put(id, listener);
    return running.contains(id);
  }

  @Override
  public void close() {}
}
