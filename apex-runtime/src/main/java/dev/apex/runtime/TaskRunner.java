package dev.apex.runtime;

import dev.apex.core.Sleeper;
import dev.apex.core.StepResult;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.core.retry.RetryListener;
import dev.apex.core.retry.RetryPolicy;
import dev.apex.device.Device;
import dev.apex.runtime.safety.Confirmer;
import dev.apex.runtime.safety.SafetyPolicy;
import dev.apex.tools.TapTool;
import dev.apex.tools.ToolRegistry;
import dev.apex.world.WorldConfig;
import dev.apex.world.WorldModel;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.function.Supplier;

/**
 * Runs a task: the Observe → Think → Act loop. Each iteration observes (retrying a retriable
 * observation failure per the retry policy), asks the planner for steps and executes them one by
 * one, recording each result in the {@link TaskContext} and telling the listeners.
 *
 * <p>Stops, checked in this order:
 *
 * <ul>
 *   <li>{@link TaskStatus#CANCELLED} when the {@link Cancellation} is set or the thread is
 *       interrupted, checked before each observation and each step;
 *   <li>{@link TaskStatus#SUCCEEDED} when the planner returns no steps — checked even after the
 *       last allowed step, so a flow of exactly {@code maxSteps} steps succeeds;
 *   <li>{@link TaskStatus#MAX_STEPS} when {@code maxSteps} steps (default 20) have run and the
 *       planner still wants more;
 *   <li>{@link TaskStatus#FAILED} when the run's {@link Builder#timeout} has passed, checked with
 *       the cancel (a step waiting when it passes is woken, as by a cancel); the steps run so far
 *       stay recorded;
 *   <li>{@link TaskStatus#FAILED} when a step fails after its retries and {@code stopOnStepFailure}
 *       is on (the default; a planner that recovers turns it off), or when observing or planning
 *       throws.
 * </ul>
 *
 * <p>World state (seed 000): unless the {@link WorldConfig} turns it off, every run keeps a {@link
 * WorldModel} — a fresh one per run, or the one given to {@link Builder#worldModel} — observes it
 * once per executed step right after the step's result is added, keeps {@link TaskContext#world()}
 * current, and passes that read-only snapshot to {@link Planner#plan(String, dev.apex.core.Scene,
 * TaskContext, dev.apex.world.WorldState)}. With world tracking off, {@code context.world()} stays
 * null and the loop behaves exactly as without it.
 *
 * <p>A runner may run several tasks one after another; each run has its own context. Build it with
 * {@link #builder}. Not for concurrent runs on one device.
 */
public final class TaskRunner {

  public static final int DEFAULT_MAX_STEPS = 20;

  /**
   * What a {@link TaskStatus#MAX_STEPS} reason tells a user to do, naming the real settings: the
   * {@code --max-steps} flag, the config file's {@code max_steps} and {@code APEX_MAX_STEPS} (see
   * {@link dev.apex.config.ConfigField#MAX_STEPS}).
   */
  public static final String RAISE_MAX_STEPS =
      "raise the limit (--max-steps N, or max_steps in config.json or APEX_MAX_STEPS)"
          + " or narrow the goal";

  final Device device;
  final Observer observer;
  final Planner planner;
  final ToolRegistry registry;
  final RetryPolicy retryPolicy;
  final Clock clock;
  final Sleeper sleeper;
  final Random random;
  final TaskListener listener;
  final RetryListener retryListener;
  final int maxSteps;
  final boolean stopOnStepFailure;
  final Supplier<TaskId> taskIds;
  final WorldConfig worldConfig;
  final WorldModel worldModel;
  final Duration settleBound;
  final List<PlanListener> planListeners;
  final SafetyPolicy safetyPolicy;
  final Confirmer confirmer;
  final Duration timeout;

  private TaskRunner(Builder b) {
    this.device = b.device;
    this.observer = b.observer;
    this.planner = b.planner;
    this.registry = b.registry;
    this.retryPolicy = b.retryPolicy;
    this.clock = b.clock;
    this.sleeper = b.sleeper;
    this.random = b.random;
    this.listener = new SafeTaskListener(b.listeners);
    this.retryListener = b.retryListener;
    this.maxSteps = b.maxSteps;
    this.stopOnStepFailure = b.stopOnStepFailure;
    this.taskIds = b.taskIds;
    this.worldConfig = b.worldConfig;
    this.worldModel = b.worldModel;
    this.settleBound = b.settleBound;
    this.planListeners = List.copyOf(b.planListeners);
    this.safetyPolicy = b.safetyPolicy;
    this.confirmer = b.confirmer;
    this.timeout = b.timeout;
  }

  /** The world model for one run: null when world tracking is off. */
  WorldModel worldModelForRun() {
    if (worldModel != null) {
      return worldModel.config().enabled() ? worldModel : null;
    }
    return worldConfig.enabled() ? new WorldModel(worldConfig) : null;
  }

  /** A builder with the defaults: default tools and retry policy, system time, 20 steps. */
  public static Builder builder(Device device, Observer observer, Planner planner) {
    return new Builder(device, observer, planner);
  }

  /** Runs the goal to the end. Never throws for the task's failure; see the outcome's status. */
  public TaskOutcome run(String goal) {
    return run(goal, new Cancellation());
  }

  /** Runs the goal until it ends or {@code cancellation} is set. */
  public TaskOutcome run(String goal, Cancellation cancellation) {
    Objects.requireNonNull(goal, "goal");
    Objects.requireNonNull(cancellation, "cancellation");
    return new TaskRun(this, taskIds.get(), goal, cancellation).run();
  }

  /**
   * The reason a task gives when step {@code stepNumber} failed and ended it: {@code step 3 (tap)
   * failed after 1 attempt(s): …}. A planner that ends a task on a failed step itself (a replay
   * that could not heal it) says the same.
   */
  public static String stepFailed(int stepNumber, StepResult result) {
    return "step "
        + stepNumber
        + " ("
        + result.step().action()
        + ") failed after "
        + result.attempts()
        + " attempt(s): "
        + result.error();
  }

  public int maxSteps() {
    return maxSteps;
  }

  public boolean stopOnStepFailure() {
    return stopOnStepFailure;
  }

  /** Configures a {@link TaskRunner}. Not thread-safe. */
  public static final class Builder {
    private final Device device;
    private final Observer observer;
    private final Planner planner;
    private ToolRegistry registry = ToolRegistry.defaultRegistry();
    private RetryPolicy retryPolicy = RetryPolicy.DEFAULT;
    private Clock clock = Clock.systemUTC();
    private Sleeper sleeper = Sleeper.SYSTEM;
    private Random random = new Random();
    private final List<TaskListener> listeners = new ArrayList<>();
    private RetryListener retryListener = RetryListener.NONE;
    private int maxSteps = DEFAULT_MAX_STEPS;
    private boolean stopOnStepFailure = true;
    private Supplier<TaskId> taskIds = TaskId::random;
    private WorldConfig worldConfig = WorldConfig.defaults();
    private WorldModel worldModel;
    private Duration settleBound = TapTool.DEFAULT_SETTLE;
    private final List<PlanListener> planListeners = new ArrayList<>();
    private SafetyPolicy safetyPolicy;
    private Confirmer confirmer;
    private Duration timeout;

    private Builder(Device device, Observer observer, Planner planner) {
      this.device = Objects.requireNonNull(device, "device");
      this.observer = Objects.requireNonNull(observer, "observer");
      this.planner = Objects.requireNonNull(planner, "planner");
    }

    public Builder registry(ToolRegistry registry) {
      this.registry = Objects.requireNonNull(registry, "registry");
      return this;
    }

    public Builder retryPolicy(RetryPolicy retryPolicy) {
      this.retryPolicy = Objects.requireNonNull(retryPolicy, "retryPolicy");
      return this;
    }

    public Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    public Builder sleeper(Sleeper sleeper) {
      this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
      return this;
    }

    /** The source of retry jitter; tests pass a seeded one. */
    public Builder random(Random random) {
      this.random = Objects.requireNonNull(random, "random");
      return this;
    }

    /** Adds a listener; listeners hear events in the order they were added. */
    public Builder listener(TaskListener listener) {
      this.listeners.add(Objects.requireNonNull(listener, "listener"));
      return this;
    }

    /**
     * Adds a listener to what the planner reports (each model call's usage and cost, a reached
     * goal); they hear it in the order they were added.
     */
    public Builder planListener(PlanListener listener) {
      this.planListeners.add(Objects.requireNonNull(listener, "planListener"));
      return this;
    }

    /**
     * Applies {@code policy} at the executor to every step of every run, whoever planned it: a
     * sensitive step whose kind the policy does not allow runs only if {@code confirmer} says yes,
     * and otherwise fails with a {@code policy_denied: …} error, the device untouched (see {@link
     * dev.apex.runtime.safety.SafetyInterceptor}). Default: no policy, every valid step runs (a
     * flow's author asked for each of its steps).
     */
    public Builder safety(SafetyPolicy policy, Confirmer confirmer) {
      this.safetyPolicy = Objects.requireNonNull(policy, "policy");
      this.confirmer = Objects.requireNonNull(confirmer, "confirmer");
      return this;
    }

    public Builder retryListener(RetryListener retryListener) {
      this.retryListener = Objects.requireNonNull(retryListener, "retryListener");
      return this;
    }

    /** The most steps a task may execute, at least 1; default 20. */
    public Builder maxSteps(int maxSteps) {
      if (maxSteps < 1) {
        throw new IllegalArgumentException("maxSteps must be >= 1, got " + maxSteps);
      }
      this.maxSteps = maxSteps;
      return this;
    }

    /** Whether a step that fails after its retries ends the task (default true). */
    public Builder stopOnStepFailure(boolean stopOnStepFailure) {
      this.stopOnStepFailure = stopOnStepFailure;
      return this;
    }

    /**
     * How long a tap waits for its element to hold still (see {@link TapTool}); default {@link
     * TapTool#DEFAULT_SETTLE}, zero to tap at once.
     */
    public Builder settleBound(Duration settleBound) {
      this.settleBound = TapTool.requireSettleBound("settleBound", settleBound);
      return this;
    }

    /** Where task ids come from; default random. */
    public Builder taskIds(Supplier<TaskId> taskIds) {
      this.taskIds = Objects.requireNonNull(taskIds, "taskIds");
      return this;
    }

    /**
     * World tracking's configuration (default: on, history of 10). With {@code enabled} false and
     * no {@link #worldModel} given, runs keep no world state and {@code context.world()} stays
     * null.
     */
    public Builder worldConfig(WorldConfig worldConfig) {
      this.worldConfig = Objects.requireNonNull(worldConfig, "worldConfig");
      return this;
    }

    /**
     * A world model to use instead of a fresh default one per run. Every run of this runner then
     * updates the same model, so give one only to a runner that runs one task.
     */
    public Builder worldModel(WorldModel worldModel) {
      this.worldModel = Objects.requireNonNull(worldModel, "worldModel");
      return this;
    }

    /**
     * How long a run may take, from its start by the runner's clock, before it ends {@link
     * TaskStatus#FAILED}; null (the default) for no limit. Checked before each observation and
     * step; a step waiting when it passes (by real time) is woken as by a cancel.
     */
    public Builder timeout(Duration timeout) {
      if (timeout != null && (timeout.isZero() || timeout.isNegative())) {
        throw new IllegalArgumentException("timeout must be above zero, got " + timeout);
      }
      this.timeout = timeout;
      return this;
    }

    public TaskRunner build() {
      return new TaskRunner(this);
    }
  }
}
