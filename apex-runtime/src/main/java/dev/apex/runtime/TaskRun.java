package dev.apex.runtime;

import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.Sleeper;
import dev.apex.core.StepResult;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.runtime.safety.SafetyInterceptor;
import dev.apex.runtime.safety.StepGuard;
import dev.apex.timeline.FinalObservation;
import dev.apex.timeline.StepExtras;
import dev.apex.timeline.StepRecord;
import dev.apex.timeline.StepUsage;
import dev.apex.tools.ToolContext;
import dev.apex.world.WorldModel;
import dev.apex.world.WorldState;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** One run of a {@link TaskRunner}: the loop and its per-task state. Used once, on one thread. */
final class TaskRun {

  private static final Logger log = LoggerFactory.getLogger(TaskRunner.class);

  private final TaskRunner runner;
  private final TaskId taskId;
  private final String goal;
  private final Cancellation cancellation;
  private final TaskContext context;
  private final Retrier retrier;
  private final Executor executor;
  private final WorldModel world;
  private final PlanReports planReports;

  /** The steps run so far, and the newest observation with the step count it was made after. */
  private int steps;

  private Observation latest;
  private int latestAfterSteps = -1;
  private Instant latestAt;

  /** When the run's timeout passes by the runner's clock, or null for none. */
  private Instant deadline;

  /** Set when the device stopped answering (an observation or a step failed after retries). */
  private boolean deviceFailed;

  TaskRun(TaskRunner runner, TaskId taskId, String goal, Cancellation cancellation) {
    this.runner = runner;
    this.taskId = taskId;
    this.goal = goal;
    this.cancellation = cancellation;
    this.context = new TaskContext(taskId, goal);
    context.offeredTools(runner.registry.offeredOn(runner.device));
    // Every wait of the task (backoff, the wait tool, looking for an element) ends on a cancel.
    Sleeper sleeper = cancellation.interruptible(runner.sleeper);
    this.retrier = new Retrier(runner.retryPolicy, sleeper, runner.random, runner.retryListener);
    ToolContext tools =
        new ToolContext(
            runner.device,
            context::latestScene,
            () -> runner.observer.observe().scene(),
            runner.observer::observeLayout,
            runner.clock,
            sleeper,
            runner.settleBound,
            context.handles());
    StepGuard guard =
        runner.safetyPolicy == null
            ? StepGuard.NONE
            : new SafetyInterceptor(
                runner.safetyPolicy, runner.confirmer, context::latestSemanticScene);
    this.executor = new Executor(runner.registry, tools, retrier, guard);
    this.planReports = new PlanReports(runner.planListeners);
    context.planListener(planReports);
    this.world = runner.worldModelForRun();
    if (world != null) {
      context.world(world.state());
    }
  }

  TaskOutcome run() {
    log.info("task {} started on {}: {}", taskId, runner.device.id(), goal);
    runner.listener.taskStarted(taskId, runner.device.id(), goal);
    CompletableFuture<Void> watchdog = startTimeout();
    TaskOutcome outcome;
    try {
      outcome = loop();
    } catch (RuntimeException e) {
      log.warn("task {} failed unexpectedly", taskId, e);
      outcome = end(TaskStatus.FAILED, Retrier.messageOf(e));
    } finally {
      if (watchdog != null) {
        watchdog.cancel(false);
      }
    }
    recordFinalObservation();
    boolean stopped = outcome.status() == TaskStatus.CANCELLED || cancellation.isFailure();
    if (stopped && cancellation.isCancelled()) {
      // A wait the cancel cut short set the flag to stop the step; the run is over, the flag too.
      Thread.interrupted();
    }
    log.info("task {} {}: {}", taskId, outcome.status(), outcome.reason());
    runner.listener.taskFinished(taskId, outcome.status(), outcome.reason());
    return outcome;
  }

  private TaskOutcome loop() {
    while (true) {
      if (stopRequested()) {
        return cancelled(steps);
      }
      Instant observeStart = now();
      Retrier.Attempted<Observation> observed = retrier.call("observe", runner.observer::observe);
      if (!observed.succeeded()) {
        deviceFailed = true;
        return stopRequested()
            ? cancelled(steps)
            : end(TaskStatus.FAILED, "observe failed: " + Retrier.messageOf(observed.failure()));
      }
      Observation observation = observed.value();
      if (observation == null) {
        return end(TaskStatus.FAILED, "observer returned null; it must return an Observation");
      }
      Scene scene = observation.scene();
      latest = observation;
      latestAfterSteps = steps;
      latestAt = observeStart;
      context.addScene(scene);
      context.latestSemanticScene(observation.semanticScene());
      runner.listener.sceneObserved(taskId, steps, scene);
      Instant planStart = now();
      List<PlannedStep> plan;
      planReports.planStarted();
      try {
        plan = runner.planner.plan(goal, scene, context, context.world());
      } catch (StopTaskException e) {
        log.info("task {}: planner stopped it ({}): {}", taskId, e.status(), e.getMessage());
        return end(e.status(), e.getMessage());
      } catch (RuntimeException e) {
        log.warn("task {}: planner threw", taskId, e);
        return end(TaskStatus.FAILED, "planner failed: " + Retrier.messageOf(e));
      }
      if (plan == null) {
        return end(TaskStatus.FAILED, "planner returned null; return an empty list when done");
      }
      Duration observeTime = Duration.between(observeStart, planStart);
      Duration planTime = Duration.between(planStart, now());
      if (plan.isEmpty()) {
        return end(TaskStatus.SUCCEEDED, "goal reached after " + steps + " step(s)");
      }
      List<StepUsage> planUsage = plannerUsage();
      for (int i = 0; i < plan.size(); i++) {
        if (stopRequested()) {
          return cancelled(steps);
        }
        if (steps >= runner.maxSteps) {
          return end(
              TaskStatus.MAX_STEPS,
              "reached the step limit ("
                  + runner.maxSteps
                  + " steps) before the goal; "
                  + TaskRunner.RAISE_MAX_STEPS);
        }
        PlannedStep step = plan.get(i);
        Instant actStart = now();
        StepResult result = executor.execute(step);
        Duration actTime = Duration.between(actStart, now());
        steps++;
        context.addStepResult(result);
        // The step as its tool lets it be kept (a typed password masked), from here on.
        PlannedStep recorded = result.step();
        WorldState worldAfter = observeWorld(observation, recorded, result);
        boolean first = i == 0;
        runner.listener.stepRecorded(
            new StepRecord(
                taskId,
                steps,
                first ? observeStart : actStart,
                scene,
                recorded,
                result,
                first ? observeTime : Duration.ZERO,
                first ? planTime : Duration.ZERO,
                actTime,
                observation.screenshot(),
                extras(observation, worldAfter, first, planUsage)
                    .withReplay(first ? planReports.mark() : null)));
        if (Thread.currentThread().isInterrupted() || cancellation.isFailure()) {
          return cancelled(steps);
        }
        if (!result.success()) {
          // A failure that was retried is the device's (a disconnect, a timeout), not the step's.
          deviceFailed = result.attempts() > 1;
          log.info(
              "task {}: step {} ({}) failed: {}", taskId, steps, step.action(), result.error());
          if (runner.stopOnStepFailure) {
            return end(TaskStatus.FAILED, TaskRunner.stepFailed(steps, result));
          }
        }
      }
    }
  }

  /**
   * Tells the listeners the screen the task left after its last step, so every step has an "after":
   * the newest observation when it was made after the last step (a reached goal, a step limit met
   * at planning), else one more observation without labels ({@link Observer#observeFinal}), unless
   * the run was interrupted. A device that cannot be observed any more leaves the task without one
   * (a log line); it never changes the outcome.
   */
  private void recordFinalObservation() {
    if (steps == 0) {
      return;
    }
    Observation observation = latestAfterSteps == steps ? latest : null;
    Instant at = latestAt;
    if (observation == null) {
      if (Thread.currentThread().isInterrupted() || deviceFailed) {
        return;
      }
      at = now();
      try {
        observation = runner.observer.observeFinal();
      } catch (RuntimeException e) {
        log.info(
            "task {}: no screen recorded after its last step ({})", taskId, Retrier.messageOf(e));
        return;
      }
      if (observation == null) {
        return;
      }
    }
    runner.listener.finalObserved(
        new FinalObservation(taskId, steps, at, observation.scene(), observation.screenshot()));
  }

  /** Folds the step into the world model (which cannot throw) and refreshes context.world. */
  private WorldState observeWorld(Observation observation, PlannedStep step, StepResult result) {
    if (world == null) {
      return null;
    }
    world.observe(observation.scene(), observation.semanticScene(), step, result);
    WorldState state = world.state();
    context.world(state);
    return state;
  }

  /** The model calls the planner reported while making the plan just made. */
  private List<StepUsage> plannerUsage() {
    return planReports.usage();
  }

  /**
   * What the timeline keeps beside the step: the labels of the scene it was planned on (or why
   * there are none), the world after it, and, with the first step of a plan only, the model calls
   * made for that plan (the observer's labelling first, then the planner's), so each call is
   * counted once however many steps the plan has.
   */
  private static StepExtras extras(
      Observation observation, WorldState worldAfter, boolean first, List<StepUsage> planUsage) {
    List<StepUsage> usage = new ArrayList<>();
    if (first) {
      if (observation.usage() != null) {
        usage.add(StepUsage.of(observation.usage()));
      }
      usage.addAll(planUsage);
    }
    return new StepExtras(
            observation.semanticScene(), observation.semanticUnavailable(), usage, worldAfter)
        .withLabelCache(first ? observation.labelCache() : null);
  }

  /**
   * Sets the deadline and, for a step that is waiting when it passes, a timer that fails the
   * cancellation (waking the wait); null when the run has no timeout.
   */
  private CompletableFuture<Void> startTimeout() {
    if (runner.timeout == null) {
      return null;
    }
    deadline = now().plus(runner.timeout);
    return CompletableFuture.runAsync(
        () -> cancellation.fail(timedOut()),
        CompletableFuture.delayedExecutor(runner.timeout.toMillis(), TimeUnit.MILLISECONDS));
  }

  private String timedOut() {
    return "timed out: the run's timeout (" + shown(runner.timeout) + ") passed";
  }

  /** {@code 2m}, {@code 90s}, {@code 500ms}: as a flow writes it. */
  static String shown(Duration d) {
    long ms = d.toMillis();
    if (ms % 1000 != 0) {
      return ms + "ms";
    }
    long s = ms / 1000;
    return s % 3600 == 0 ? s / 3600 + "h" : s % 60 == 0 ? s / 60 + "m" : s + "s";
  }

  private boolean stopRequested() {
    if (deadline != null && !now().isBefore(deadline)) {
      cancellation.fail(timedOut());
    }
    return cancellation.isCancelled() || Thread.currentThread().isInterrupted();
  }

  /** The end of a stopped run: FAILED for a timeout ({@link Cancellation#fail}), else CANCELLED. */
  private TaskOutcome cancelled(int steps) {
    String reason = cancellation.reason().orElse(Cancellation.DEFAULT_REASON);
    TaskStatus status = cancellation.isFailure() ? TaskStatus.FAILED : TaskStatus.CANCELLED;
    return end(status, reason + " after " + steps + " step(s)");
  }

  private TaskOutcome end(TaskStatus status, String reason) {
    return new TaskOutcome(taskId, status, reason, context);
  }

  private Instant now() {
    return runner.clock.instant();
  }
}
