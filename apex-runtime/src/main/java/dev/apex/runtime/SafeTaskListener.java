package dev.apex.runtime;

import dev.apex.core.Scene;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.timeline.FinalObservation;
import dev.apex.timeline.StepRecord;
import java.util.List;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Fans events out to listeners, logging (not propagating) whatever one of them throws. */
final class SafeTaskListener implements TaskListener {

  private static final Logger log = LoggerFactory.getLogger(SafeTaskListener.class);

  private final List<TaskListener> listeners;

  SafeTaskListener(List<TaskListener> listeners) {
    this.listeners = List.copyOf(listeners);
  }

  @Override
  public void taskStarted(TaskId taskId, String device, String goal) {
    each("taskStarted", l -> l.taskStarted(taskId, device, goal));
  }

  @Override
  public void sceneObserved(TaskId taskId, int stepsSoFar, Scene scene) {
    each("sceneObserved", l -> l.sceneObserved(taskId, stepsSoFar, scene));
  }

  @Override
  public void stepRecorded(StepRecord record) {
    each("stepRecorded", l -> l.stepRecorded(record));
  }

  @Override
  public void finalObserved(FinalObservation observation) {
    each("finalObserved", l -> l.finalObserved(observation));
  }

  @Override
  public void taskFinished(TaskId taskId, TaskStatus status, String reason) {
    each("taskFinished", l -> l.taskFinished(taskId, status, reason));
  }

  private void each(String event, Consumer<TaskListener> call) {
    for (TaskListener listener : listeners) {
      try {
        call.accept(listener);
      } catch (RuntimeException e) {
        log.warn(
            "task listener {} threw from {}; ignoring it so the task goes on",
            listener.getClass().getName(),
            event,
            e);
      }
    }
  }
}
