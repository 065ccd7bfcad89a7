package dev.apex.runtime;

import dev.apex.core.Scene;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.timeline.FinalObservation;
import dev.apex.timeline.StepRecord;

/**
 * Hears what a task does, on the task's thread: the timeline records it, a progress printer shows
 * it. Implementations must be fast and should not throw; the runner logs and ignores anything a
 * listener throws, so a broken listener never stops a task. Every method defaults to doing nothing.
 */
public interface TaskListener {

  /** Before the first observation. {@code device} is the device's id, e.g. {@code sim}. */
  default void taskStarted(TaskId taskId, String device, String goal) {}

  /**
   * After each observation, before planning; {@code stepsSoFar} steps have run. The scene observed
   * after step N is the first that shows that step's effect.
   */
  default void sceneObserved(TaskId taskId, int stepsSoFar, Scene scene) {}

  /** After each executed step, with the scene it was planned on and its timings. */
  default void stepRecorded(StepRecord record) {}

  /**
   * At most once, after the last step and before {@link #taskFinished}: the screen the task left
   * (the observation the planner saw when it declared the goal reached, or one made for this when
   * the task ended otherwise). Not sent for a task that ran no step or whose device could not be
   * observed any more.
   */
  default void finalObserved(FinalObservation observation) {}

  /** Once, when the task ends for any reason. */
  default void taskFinished(TaskId taskId, TaskStatus status, String reason) {}
}
