package dev.apex.mcp;

import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.StepResult;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.perception.Handles;
import dev.apex.runtime.TaskOutcome;
import dev.apex.runtime.agent.Agent;
import dev.apex.runtime.agent.Session;
import java.util.Objects;

/**
 * One MCP session's task on one device: the agent, its {@link Session} (a task in the timeline, one
 * step per call) and the count of calls and failed calls its end reports. Driven by one call at a
 * time (the server serializes them).
 */
final class DeviceSession {

  /**
   * A step as it ran.
   *
   * @param before the screen the step ran on, or null
   * @param after the screen it left, or null
   */
  record Ran(StepResult result, Scene before, Scene after) {}

  private final String selector;
  private final Agent agent;
  private final Session session;
  private int calls;
  private int failed;

  private DeviceSession(String selector, Agent agent, Session session) {
    this.selector = selector;
    this.agent = agent;
    this.session = session;
  }

  /**
   * Opens the agent and starts the session's task; closes the agent again if the device does not
   * open.
   *
   * @param maxSteps the session's step limit, or null for {@link Session#MAX_STEPS}
   */
  static DeviceSession open(String selector, Agent agent, String title, Integer maxSteps) {
    Objects.requireNonNull(agent, "agent");
    try {
      Session session = maxSteps == null ? agent.session(title) : agent.session(title, maxSteps);
      return new DeviceSession(selector, agent, session);
    } catch (RuntimeException e) {
      agent.close();
      throw e;
    }
  }

  String selector() {
    return selector;
  }

  TaskId taskId() {
    return session.taskId();
  }

  Agent agent() {
    return agent;
  }

  /** The task's element handles, which results name elements by. */
  Handles handles() {
    return session.handles();
  }

  /**
   * Runs one step on the session; the caller counts the call ({@link #count}).
   *
   * @throws dev.apex.core.NonRetriableException when the session has ended (cancelled from the
   *     console, its step limit, a device that cannot be observed)
   */
  Ran step(PlannedStep step) {
    Scene before = session.observed().orElse(null);
    StepResult result = session.step(step);
    return new Ran(result, before, session.observed().orElse(null));
  }

  /** Counts one MCP call on this session, and whether it failed. */
  void count(boolean ok) {
    calls++;
    if (!ok) {
      failed++;
    }
  }

  /** How the task ended, or null while it runs. */
  TaskOutcome outcome() {
    return session.outcome().orElse(null);
  }

  /**
   * Ends the task {@link TaskStatus#ENDED} (unless it ended already: a cancel from the console, a
   * step limit) and closes the agent and its device.
   *
   * @param why who ended it, e.g. {@code the client closed the session}
   */
  TaskOutcome end(String why) {
    try {
      return session.end(
          TaskStatus.ENDED, why + " after " + calls + " call(s), " + failed + " failed");
    } finally {
      agent.close();
    }
  }

  /** Asks the task to stop at its next wait (a step stuck past the server's grace). */
  void cancel(String reason) {
    session.cancel(reason);
  }
}
