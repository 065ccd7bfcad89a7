package dev.apex.runtime.agent;

import dev.apex.core.NonRetriableException;
import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.StepResult;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.perception.Handles;
import dev.apex.runtime.Cancellation;
import dev.apex.runtime.Planner;
import dev.apex.runtime.RunAssembly;
import dev.apex.runtime.RunParts;
import dev.apex.runtime.TaskContext;
import dev.apex.runtime.TaskOutcome;
import dev.apex.runtime.TaskRunner;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A task driven from outside, one step per call: a JUnit test, an MCP client. Each {@link #step}
 * runs through the same loop as {@link Agent#run} (observe, then the executor with its retries,
 * then the world model and every listener, so the timeline records one step per call with the scene
 * it ran on), on a thread of the session's own while the caller waits. Open one with {@link
 * Agent#session(String)}; end it with {@link #end} or {@link #close()}.
 *
 * <p>A failed step does not end the session: the caller reads the result and decides. The task ends
 * when the caller ends it, when it is {@link #cancel cancelled} (a cancel asked from the console
 * reaches it through the caller), after its step limit ({@link #MAX_STEPS} unless the agent's
 * {@link Agent#session(String, int)} gave another), or when the device cannot be observed; then
 * {@link #step} throws {@link NonRetriableException} naming how it ended.
 *
 * <p>End a session before closing its agent: the loop's thread waits for the next call until the
 * session ends (it is a daemon thread, so it never holds the JVM). Thread-safe: calls from several
 * threads run one at a time.
 */
public final class Session implements AutoCloseable {

  /** The most steps one session may run: a bound against a caller in a runaway loop. */
  public static final int MAX_STEPS = 10_000;

  private final TaskId taskId;
  private final String title;
  private final Cancellation cancellation = new Cancellation();
  private final SessionPlanner planner = new SessionPlanner(cancellation);
  private final Supplier<Scene> scenes;

  private Session(TaskId taskId, String title, Supplier<Scene> scenes) {
    this.taskId = taskId;
    this.title = title;
    this.scenes = scenes;
    // A cancel from any thread (the caller, a console in another process) wakes the parked loop.
    cancellation.onCancel(planner::wake);
  }

  /**
   * Starts the session's loop and returns once it has observed the first screen (or ended).
   *
   * @param parts the session's run parts around its planner (the agent's observer and confirmer)
   * @param assembly what the session's loop shares with the agent's runs (device, tools, policy,
   *     timeline, listeners)
   * @param scenes observes the screen on the caller's thread
   */
  static Session start(
      String title,
      int maxSteps,
      Function<Planner, RunParts> parts,
      RunAssembly assembly,
      Supplier<Scene> scenes) {
    Objects.requireNonNull(title, "title");
    if (title.isBlank()) {
      throw new IllegalArgumentException("a session's title must not be blank");
    }
    if (maxSteps < 1) {
      throw new IllegalArgumentException(
          "a session's step limit must be at least 1, got " + maxSteps);
    }
    TaskId id = TaskId.random();
    Session session = new Session(id, title, scenes);
    TaskRunner runner =
        assembly.runner(
            parts
                .apply(session.planner)
                .withTaskId(id)
                .withMaxSteps(maxSteps)
                .goingOnAfterFailure(),
            session.cancellation);
    Thread loop =
        new Thread(
            () -> {
              TaskOutcome outcome = null;
              try {
                outcome = runner.run(title, session.cancellation);
              } finally {
                session.planner.finished(
                    outcome != null
                        ? outcome
                        : new TaskOutcome(
                            id,
                            TaskStatus.FAILED,
                            "the session's loop stopped unexpectedly",
                            new TaskContext(id, title)));
              }
            },
            "apex-session-" + id);
    loop.setDaemon(true);
    loop.start();
    try {
      session.planner.awaitParked();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      session.cancel("interrupted while the session started");
    }
    return session;
  }

  public TaskId taskId() {
    return taskId;
  }

  /** The task's goal text, as the timeline shows it. */
  public String title() {
    return title;
  }

  /**
   * Runs one step and returns once it ran and the next screen was observed. Never throws for the
   * step's own failure: see the result.
   *
   * @throws NonRetriableException when the session has ended (the message says how)
   */
  public synchronized StepResult step(PlannedStep step) {
    Objects.requireNonNull(step, "step");
    StepResult result;
    try {
      result = planner.run(step);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      cancel("interrupted while a step ran");
      throw new IllegalStateException("interrupted while step " + step.action() + " ran");
    }
    if (result != null) {
      return result;
    }
    TaskOutcome ended = planner.outcome();
    throw ended(ended);
  }

  /**
   * The scene the session's loop observed last: after the last step (the screen that step left), or
   * the first screen before any step; empty when the session ended before observing one. Costs no
   * capture; what a caller diffs a step's effect against ({@code SceneDiff}).
   */
  public Optional<Scene> observed() {
    return Optional.ofNullable(planner.observed());
  }

  /**
   * The task's element handles: what its listings name elements by and its steps' {@code element}
   * arguments are read against; a caller that summarises a step's effect names elements by them.
   */
  public Handles handles() {
    Handles h = planner.handles();
    return h != null ? h : new Handles();
  }

  /** The screen now, captured and perceived on the caller's thread (no labels, not recorded). */
  public synchronized Scene scene() {
    return scenes.get();
  }

  /**
   * Ends the task with {@code status} and waits until it is recorded. {@link TaskStatus#SUCCEEDED}
   * ends it as a planner that is done does (the reason is the runner's {@code goal reached after N
   * step(s)}); any other status is recorded with {@code reason}. Does nothing to a session that has
   * ended already.
   *
   * @return how the task ended: this call's status, or the earlier end
   * @throws IllegalArgumentException when {@code status} is {@link TaskStatus#RUNNING}
   */
  public synchronized TaskOutcome end(TaskStatus status, String reason) {
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(reason, "reason");
    if (!status.isFinal()) {
      throw new IllegalArgumentException("a session ends with a final status, not " + status);
    }
    try {
      return planner.end(status, reason);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      cancel("interrupted while the session ended");
      throw new IllegalStateException("interrupted while session " + taskId + " ended");
    }
  }

  /**
   * Asks the session to stop: a step in progress ends at its next wait, then the task is recorded
   * {@link TaskStatus#CANCELLED} with {@code reason}. Any thread; returns at once.
   */
  public void cancel(String reason) {
    cancellation.cancel(reason);
  }

  /** How the task ended, or empty while it runs. */
  public Optional<TaskOutcome> outcome() {
    return Optional.ofNullable(planner.outcome());
  }

  /** Ends a session still running as {@link TaskStatus#SUCCEEDED}. Idempotent. */
  @Override
  public void close() {
    end(TaskStatus.SUCCEEDED, "session closed");
  }

  private NonRetriableException ended(TaskOutcome outcome) {
    return new NonRetriableException(
        "session "
            + taskId
            + " has ended ("
            + outcome.status()
            + ": "
            + outcome.reason()
            + "); open a new one");
  }
}
