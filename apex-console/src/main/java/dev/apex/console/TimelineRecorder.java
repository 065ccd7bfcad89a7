package dev.apex.console;

import dev.apex.core.StepRecord;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.runtime.TaskListener;
import dev.apex.storage.Timeline;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Records one console-started task in the timeline: every step, then its end, once. The start is
 * recorded by the console before the task runs, so {@code taskStarted} is ignored. A step reported
 * under another id (a launcher that forgot to pass the id on) is recorded under this task's id.
 * Never throws: a timeline failure is logged, and the task goes on.
 */
final class TimelineRecorder implements TaskListener {

  private static final Logger log = LoggerFactory.getLogger(TimelineRecorder.class);

  private final Timeline timeline;
  private final TaskId id;
  private final AtomicBoolean finished = new AtomicBoolean();

  TimelineRecorder(Timeline timeline, TaskId id) {
    this.timeline = Objects.requireNonNull(timeline, "timeline");
    this.id = Objects.requireNonNull(id, "id");
  }

  @Override
  public void stepRecorded(StepRecord record) {
    StepRecord step =
        record.taskId().equals(id)
            ? record
            : new StepRecord(
                id,
                record.index(),
                record.startedAt(),
                record.scene(),
                record.step(),
                record.result(),
                record.observeTime(),
                record.planTime(),
                record.actTime(),
                record.screenshot(),
                record.annotations());
    try {
      timeline.append(step);
    } catch (RuntimeException e) {
      log.warn("cannot record step {} of task {} in the timeline", step.index(), id, e);
    }
  }

  @Override
  public void taskFinished(TaskId taskId, TaskStatus status, String reason) {
    finish(status, reason);
  }

  /** Records the end unless it was recorded already; {@code status} must be final. */
  void finish(TaskStatus status, String reason) {
    if (finished.compareAndSet(false, true)) {
      try {
        timeline.finishTask(id, status, reason);
      } catch (RuntimeException e) {
        log.warn("cannot record the end of task {} ({}) in the timeline", id, status, e);
      }
    }
  }

  boolean isFinished() {
    return finished.get();
  }
}
