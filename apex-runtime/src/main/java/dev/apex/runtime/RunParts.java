package dev.apex.runtime;

import dev.apex.core.TaskId;
import dev.apex.runtime.safety.Confirmer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What one kind of run brings to the {@link RunAssembly}: its planner, its observer, who confirms
 * its sensitive steps, the listeners of its own (a model's tally, a heal's recording), and its step
 * rules. Everything a run shares with the agent's other runs (device, tools, safety policy, time,
 * retries, world tracking, timeline, the agent's listeners) is the assembly's. Immutable.
 *
 * @param planner plans the run's steps
 * @param observer observes the device before each plan
 * @param confirmer asked about a sensitive step the safety policy does not allow
 * @param listeners hear the run's events before the timeline and the agent's listeners do
 * @param planListeners hear what the planner reports, after the runner sums its model calls
 * @param maxSteps the most steps the run may take, or 0 for the assembly's limit
 * @param stopOnStepFailure whether a failed step ends the run (a planner that recovers says no)
 * @param taskId the run's task id, or null for a random one
 * @param timeout how long the run may take before it ends FAILED (a flow's {@code timeout:}), or
 *     null for no limit
 */
public record RunParts(
    Planner planner,
    Observer observer,
    Confirmer confirmer,
    List<TaskListener> listeners,
    List<PlanListener> planListeners,
    int maxSteps,
    boolean stopOnStepFailure,
    TaskId taskId,
    Duration timeout) {

  public RunParts {
    Objects.requireNonNull(planner, "planner");
    Objects.requireNonNull(observer, "observer");
    Objects.requireNonNull(confirmer, "confirmer");
    listeners = List.copyOf(listeners);
    planListeners = List.copyOf(planListeners);
    if (maxSteps < 0) {
      throw new IllegalArgumentException(
          "maxSteps must be >= 0 (0: the assembly's), got " + maxSteps);
    }
    if (timeout != null && (timeout.isZero() || timeout.isNegative())) {
      throw new IllegalArgumentException("timeout must be above zero, got " + timeout);
    }
  }

  /**
   * A run of {@code planner}: no listeners of its own, the assembly's limit, stops on a failure.
   */
  public static RunParts of(Planner planner, Observer observer, Confirmer confirmer) {
    return new RunParts(planner, observer, confirmer, List.of(), List.of(), 0, true, null, null);
  }

  /** These parts with {@code listener} after the listeners they have. */
  public RunParts withListener(TaskListener listener) {
    List<TaskListener> more = new ArrayList<>(listeners);
    more.add(Objects.requireNonNull(listener, "listener"));
    return new RunParts(
        planner,
        observer,
        confirmer,
        more,
        planListeners,
        maxSteps,
        stopOnStepFailure,
        taskId,
        timeout);
  }

  /** These parts with {@code listener} after the plan listeners they have. */
  public RunParts withPlanListener(PlanListener listener) {
    List<PlanListener> more = new ArrayList<>(planListeners);
    more.add(Objects.requireNonNull(listener, "planListener"));
    return new RunParts(
        planner,
        observer,
        confirmer,
        listeners,
        more,
        maxSteps,
        stopOnStepFailure,
        taskId,
        timeout);
  }

  /** These parts with a step limit of their own, at least 1. */
  public RunParts withMaxSteps(int limit) {
    if (limit < 1) {
      throw new IllegalArgumentException("maxSteps must be >= 1, got " + limit);
    }
    return new RunParts(
        planner,
        observer,
        confirmer,
        listeners,
        planListeners,
        limit,
        stopOnStepFailure,
        taskId,
        timeout);
  }

  /** These parts for a planner that recovers: a failed step does not end the run. */
  public RunParts goingOnAfterFailure() {
    return new RunParts(
        planner, observer, confirmer, listeners, planListeners, maxSteps, false, taskId, timeout);
  }

  /** These parts ending FAILED once {@code limit} has passed, or with no limit when null. */
  public RunParts withTimeout(Duration limit) {
    return new RunParts(
        planner,
        observer,
        confirmer,
        listeners,
        planListeners,
        maxSteps,
        stopOnStepFailure,
        taskId,
        limit);
  }

  /** These parts running as task {@code id}, or a random one when null. */
  public RunParts withTaskId(TaskId id) {
    return new RunParts(
        planner,
        observer,
        confirmer,
        listeners,
        planListeners,
        maxSteps,
        stopOnStepFailure,
        id,
        timeout);
  }
}
