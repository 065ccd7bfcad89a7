package dev.apex.runtime;

import dev.apex.core.Sleeper;
import dev.apex.core.TaskId;
import dev.apex.core.retry.RetryPolicy;
import dev.apex.device.Device;
import dev.apex.runtime.safety.SafetyPolicy;
import dev.apex.timeline.TaskTimeline;
import dev.apex.tools.TapTool;
import dev.apex.tools.ToolRegistry;
import dev.apex.world.WorldConfig;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * The one place a {@link TaskRunner} is put together, for every kind of run: a flow's replay, a
 * heal, a goal, a planner given by the caller, a session. What the runs of an agent share is set
 * here once; each run hands in its own {@link RunParts}. An architecture rule keeps this the only
 * main code that calls {@link TaskRunner#builder}.
 *
 * <p>A runner's listeners hear events in this order: the run's own ({@link RunParts#listeners()}),
 * the timeline's recorder, then these {@code listeners}. Immutable.
 *
 * @param device the device every run acts on
 * @param tools the tools steps may use
 * @param safety the policy the executor applies to every step, whoever planned it
 * @param clock the runs' clock
 * @param sleeper the runs' sleeper (retries, waits)
 * @param retryPolicy how a retriable device failure is retried
 * @param maxSteps the step limit of a run whose parts give none, at least 1
 * @param settleBound how long a tap waits for its element to hold still
 * @param world world tracking's configuration
 * @param timeline where runs are recorded, or null for nowhere
 * @param listeners hear every run's events after the run's own and the timeline
 */
public record RunAssembly(
    Device device,
    ToolRegistry tools,
    SafetyPolicy safety,
    Clock clock,
    Sleeper sleeper,
    RetryPolicy retryPolicy,
    int maxSteps,
    Duration settleBound,
    WorldConfig world,
    TaskTimeline timeline,
    List<TaskListener> listeners) {

  public RunAssembly {
    Objects.requireNonNull(device, "device");
    Objects.requireNonNull(tools, "tools");
    Objects.requireNonNull(safety, "safety");
    Objects.requireNonNull(clock, "clock");
    Objects.requireNonNull(sleeper, "sleeper");
    Objects.requireNonNull(retryPolicy, "retryPolicy");
    if (maxSteps < 1) {
      throw new IllegalArgumentException("maxSteps must be >= 1, got " + maxSteps);
    }
    TapTool.requireSettleBound("settleBound", settleBound);
    Objects.requireNonNull(world, "world");
    listeners = List.copyOf(listeners);
  }

  /**
   * An assembly with the runner's defaults for the rest: the default retry policy, 20 steps, the
   * default tap settle, world tracking on, no timeline, no listeners.
   */
  public static RunAssembly of(
      Device device, ToolRegistry tools, SafetyPolicy safety, Clock clock, Sleeper sleeper) {
    return new RunAssembly(
        device,
        tools,
        safety,
        clock,
        sleeper,
        RetryPolicy.DEFAULT,
        TaskRunner.DEFAULT_MAX_STEPS,
        TapTool.DEFAULT_SETTLE,
        WorldConfig.defaults(),
        null,
        List.of());
  }

  /**
   * The runner for one run of {@code parts}.
   *
   * @param cancellation what the timeline's recorder sets when the timeline asks the task to stop
   *     (the console's Cancel); pass the one the run is run with
   */
  public TaskRunner runner(RunParts parts, Cancellation cancellation) {
    Objects.requireNonNull(parts, "parts");
    Objects.requireNonNull(cancellation, "cancellation");
    TaskRunner.Builder runner =
        TaskRunner.builder(device, parts.observer(), parts.planner())
            .registry(tools)
            .safety(safety, parts.confirmer())
            .clock(clock)
            .sleeper(sleeper)
            .retryPolicy(retryPolicy)
            .maxSteps(parts.maxSteps() > 0 ? parts.maxSteps() : maxSteps)
            .stopOnStepFailure(parts.stopOnStepFailure())
            .settleBound(settleBound)
            .worldConfig(world)
            .timeout(parts.timeout());
    if (parts.taskId() != null) {
      TaskId id = parts.taskId();
      runner.taskIds(() -> id);
    }
    parts.listeners().forEach(runner::listener);
    if (timeline != null) {
      runner.listener(new TimelineRecorder(timeline, cancellation));
    }
    listeners.forEach(runner::listener);
    parts.planListeners().forEach(runner::planListener);
    return runner.build();
  }
}
