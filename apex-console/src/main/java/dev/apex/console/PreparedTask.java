package dev.apex.console;

import dev.apex.core.TaskId;
import dev.apex.runtime.Cancellation;
import dev.apex.runtime.TaskListener;
import dev.apex.runtime.TaskOutcome;
import dev.apex.runtime.safety.Confirmer;

/** A checked task, ready to run once. See {@link TaskLauncher}. */
public interface PreparedTask {

  /** What the timeline records as the task's goal: the goal text, or the flow's name. */
  String goal();

  /**
   * Runs the task to its end on the calling thread (a console worker thread), then releases what it
   * opened (the device). The implementation must
   *
   * <ul>
   *   <li>run it under {@code id} (e.g. {@code TaskRunner.Builder.taskIds(() -> id)}): the console
   *       has already recorded the task's start under this id;
   *   <li>add {@code listener} to the runner: it records every step and the end in the timeline;
   *   <li>pass {@code cancellation} to the runner, so a cancel stops the task after its current
   *       step.
   * </ul>
   *
   * <p>May throw when the task cannot start (the device is unreachable); the console then records
   * it as failed with the message, which must name no secret.
   */
  TaskOutcome run(TaskId id, TaskListener listener, Cancellation cancellation);

  /**
   * Runs the task as {@link #run(TaskId, TaskListener, Cancellation)} does, asking {@code
   * confirmer} before any sensitive action a planner wants to take. The console passes a {@link
   * ConsoleConfirmer} per task, which shows the action in the UI and blocks until a person answers
   * or its timeout refuses. The default ignores {@code confirmer}: fine for a task that takes no
   * sensitive action (a flow, a stub planner); a launcher whose tasks do must override this.
   */
  default TaskOutcome run(
      TaskId id, TaskListener listener, Cancellation cancellation, Confirmer confirmer) {
    return run(id, listener, cancellation);
  }
}
