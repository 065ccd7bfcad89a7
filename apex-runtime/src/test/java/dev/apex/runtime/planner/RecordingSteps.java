package dev.apex.runtime.planner;

import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.runtime.TaskListener;
import dev.apex.timeline.StepRecord;
import java.util.ArrayList;
import java.util.List;

/** A listener that keeps every step record and the final status and reason, as a timeline would. */
final class RecordingSteps implements TaskListener {

  final List<StepRecord> records = new ArrayList<>();
  TaskStatus status;
  String reason;

  @Override
  public void stepRecorded(StepRecord record) {
    records.add(record);
  }

  @Override
  public void taskFinished(TaskId taskId, TaskStatus status, String reason) {
    this.status = status;
    this.reason = reason;
  }
}
