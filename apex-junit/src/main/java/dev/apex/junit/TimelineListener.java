package dev.apex.junit;

import dev.apex.core.StepRecord;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.runtime.TaskListener;
import dev.apex.storage.Timeline;
import java.util.Objects;

/**
 * Writes each task a test runs, and its steps, to the timeline as they happen; each write is
 * durable. A stand-in for the runtime's one timeline recorder: swap it in when that lands.
 */
final class TimelineListener implements TaskListener {

  private final Timeline timeline;

  TimelineListener(Timeline timeline) {
    this.timeline = Objects.requireNonNull(timeline, "timeline");
  }

  @Override
  public void taskStarted(TaskId taskId, String device, String goal) {
    timeline.startTask(taskId, device, goal);
  }

  @Override
  public void stepRecorded(StepRecord record) {
    timeline.append(record);
  }

  @Override
  public void taskFinished(TaskId taskId, TaskStatus status, String reason) {
    timeline.finishTask(taskId, status, reason);
  }
}
