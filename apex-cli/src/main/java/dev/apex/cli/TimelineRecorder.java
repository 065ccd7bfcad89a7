package dev.apex.cli;

import dev.apex.core.StepRecord;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.runtime.TaskListener;
import dev.apex.storage.Timeline;

/** Writes the task and each step to the timeline as the loop runs; each write is durable. */
final class TimelineRecorder implements TaskListener {

  private final Timeline timeline;

  TimelineRecorder(Timeline timeline) {
    this.timeline = timeline;
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
