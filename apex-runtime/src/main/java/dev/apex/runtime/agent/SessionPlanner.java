package dev.apex.runtime.agent;

import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.StepResult;
import dev.apex.core.TaskStatus;
import dev.apex.perception.Handles;
import dev.apex.runtime.Cancellation;
import dev.apex.runtime.Planner;
import dev.apex.runtime.StopTaskException;
import dev.apex.runtime.TaskContext;
import dev.apex.runtime.TaskOutcome;
import java.util.List;
import java.util.Objects;

/**
 * The planner of a {@link Session}: the hand-over between the caller's thread and the loop's. Each
 * {@link #plan} call (the loop has just observed the screen) hands the previous step's result to
 * the caller, then parks until the caller gives the next command: one step to run, or the end.
 * While the loop is parked the device is the caller's (a {@link Session#scene()} captures it).
 * Thread-safe: every field is guarded by {@code this}.
 */
final class SessionPlanner implements Planner {

  private final Cancellation cancellation;
  private PlannedStep nextStep;
  private TaskStatus endStatus;
  private String endReason;
  private boolean parked;
  private boolean awaitingResult;
  private StepResult result;
  private TaskOutcome outcome;
  private Scene observed;
  private Handles handles;

  SessionPlanner(Cancellation cancellation) {
    this.cancellation = Objects.requireNonNull(cancellation, "cancellation");
  }

  @Override
  public synchronized List<PlannedStep> plan(String goal, Scene scene, TaskContext context) {
    observed = scene;
    handles = context.handles();
    if (awaitingResult) {
      List<StepResult> results = context.stepResults();
      result = results.get(results.size() - 1);
      awaitingResult = false;
    }
    parked = true;
    notifyAll();
    try {
      while (nextStep == null && endStatus == null && !cancellation.isCancelled()) {
        wait();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new StopTaskException(TaskStatus.CANCELLED, "interrupted while waiting for a step");
    } finally {
      parked = false;
    }
    if (cancellation.isCancelled()) {
      // A cancel wins over whatever the caller asked next, as the runner's own checks do.
      throw new StopTaskException(
          TaskStatus.CANCELLED,
          cancellation.reason().orElse(Cancellation.DEFAULT_REASON)
              + " after "
              + context.stepCount()
              + " step(s)");
    }
    if (nextStep != null) {
      PlannedStep step = nextStep;
      nextStep = null;
      awaitingResult = true;
      return List.of(step);
    }
    if (endStatus == TaskStatus.SUCCEEDED) {
      return List.of();
    }
    throw new StopTaskException(endStatus, endReason);
  }

  /** Blocks until the loop waits for a command or has ended; false when it ended. */
  synchronized boolean awaitParked() throws InterruptedException {
    while (!parked && outcome == null) {
      wait();
    }
    return outcome == null;
  }

  /**
   * Hands {@code step} to the parked loop and waits until it ran and the next screen was observed.
   *
   * @return its result, or null when the task ended before giving one
   */
  synchronized StepResult run(PlannedStep step) throws InterruptedException {
    if (!awaitParked()) {
      return null;
    }
    result = null;
    nextStep = step;
    notifyAll();
    while (result == null && outcome == null) {
      wait();
    }
    StepResult done = result;
    result = null;
    return done;
  }

  /** Asks the loop to end with {@code status} and waits until it has. */
  synchronized TaskOutcome end(TaskStatus status, String reason) throws InterruptedException {
    if (awaitParked()) {
      endStatus = status;
      endReason = reason;
      notifyAll();
    }
    while (outcome == null) {
      wait();
    }
    return outcome;
  }

  /** Wakes a parked loop so that it sees the cancellation. */
  synchronized void wake() {
    notifyAll();
  }

  /** Called by the loop's thread when the task has ended, however it ended. */
  synchronized void finished(TaskOutcome value) {
    outcome = value;
    notifyAll();
  }

  /** The task's element handles, or null before the loop's first plan. */
  synchronized Handles handles() {
    return handles;
  }

  /** The scene the loop observed last (after the last step), or null before the first. */
  synchronized Scene observed() {
    return observed;
  }

  synchronized TaskOutcome outcome() {
    return outcome;
  }
}
