package dev.apex.runtime;

import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.timeline.FinalObservation;
import dev.apex.timeline.StepRecord;
import java.util.ArrayList;
import java.util.List;

/** A task listener that records what it heard, as lines and step records. */
class RecordingListener implements TaskListener {

  final List<String> lines = new ArrayList<>();
  final List<StepRecord> records = new ArrayList<>();
  final List<FinalObservation> finals = new ArrayList<>();

  @Override
  public void finalObserved(FinalObservation observation) {
    // Kept apart from the lines, which tests compare whole.
    finals.add(observation);
  }

  @Override
  public void taskStarted(TaskId taskId, String device, String goal) {
    lines.add("started " + taskId + " on " + device + ": " + goal);
  }

  @Override
  public void stepRecorded(StepRecord record) {
    records.add(record);
    lines.add(
        "step " + record.index() + " " + record.step().action() + " " + record.result().success());
  }

  @Override
  public void taskFinished(TaskId taskId, TaskStatus status, String reason) {
    lines.add("finished " + status + ": " + reason);
  }
}
