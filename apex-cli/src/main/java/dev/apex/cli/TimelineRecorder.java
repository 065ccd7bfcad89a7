package dev.apex.cli;

import dev.apex.core.StepRecord;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.runtime.Cancellation;
import dev.apex.runtime.TaskListener;
import dev.apex.storage.Timeline;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Writes the task and each step to the timeline as the loop runs; each write is durable. While the
 * task runs, a cancel asked from another process (the console's Cancel button) reaches the task's
 * {@link Cancellation} through the timeline's heartbeat, so it stops after its current step.
 */
final class TimelineRecorder implements TaskListener {

  private final Timeline timeline;
  private final Cancellation cancellation;
  private final AtomicBoolean finished = new AtomicBoolean();
  private volatile TaskId started;

  TimelineRecorder(Timeline timeline, Cancellation cancellation) {
    this.timeline = timeline;
    this.cancellation = cancellation;
  }

  @Override
  public void taskStarted(TaskId taskId, String device, String goal) {
    timeline.startTask(taskId, device, goal);
    started = taskId;
    timeline.onStopRequest(taskId, cancellation::cancel);
  }

  @Override
  public void stepRecorded(StepRecord record) {
    timeline.append(record);
  }

  @Override
  public void taskFinished(TaskId taskId, TaskStatus status, String reason) {
    if (finished.compareAndSet(false, true)) {
      timeline.finishTask(taskId, status, reason);
    }
  }

  /**
   * Records the task {@link TaskStatus#CANCELLED} with {@code reason} unless its end is recorded
   * already: for a task whose step will not end before the process quits. Never throws.
   */
  void abandon(String reason) {
    TaskId id = started;
    if (id != null && finished.compareAndSet(false, true)) {
      try {
        timeline.finishTask(id, TaskStatus.CANCELLED, reason);
      } catch (RuntimeException e) {
        // Quitting anyway: a reader will find the process gone and record it INTERRUPTED.
      }
    }
  }
}
