package dev.apex.runtime.agent;

import dev.apex.core.TaskId;
import dev.apex.runtime.Cancellation;
import dev.apex.runtime.Planner;
import dev.apex.runtime.TaskListener;
import dev.apex.runtime.flow.Flow;
import dev.apex.runtime.flow.FlowReplay;
import dev.apex.runtime.safety.Confirmer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One task for an {@link Agent} to run: a flow, a goal for the model, or a goal for a planner of
 * your own, with what differs from run to run (its id, its cancellation, who confirms sensitive
 * actions, listeners of this run only). Immutable; build with {@link #flow}, {@link #goal} or
 * {@link #planned} and the {@code with…} methods.
 *
 * @param flow the flow to follow, or null
 * @param goal the goal for the planner (the model's, or {@link #planner}'s), or null for a flow
 * @param planner a planner of your own for {@code goal}, or null for the model's
 * @param taskId the task's id, or null for a new random one
 * @param cancellation stops the run after its current step; null for one of its own
 * @param confirmer answers this run's sensitive actions, or null for the agent's
 * @param listeners hear this run only, after the agent's own
 * @param heal for a flow: whether a drifted step is healed ({@link #withHeal})
 * @param healer who heals: a planner of your own, or null for the agent's model
 * @param healCalls the most plans one drifted step may ask of the healer
 */
public record AgentRun(
    Flow flow,
    String goal,
    Planner planner,
    TaskId taskId,
    Cancellation cancellation,
    Confirmer confirmer,
    List<TaskListener> listeners,
    boolean heal,
    Planner healer,
    int healCalls) {

  public AgentRun {
    if ((flow == null) == (goal == null)) {
      throw new IllegalArgumentException("a run has either a flow or a goal, not both or neither");
    }
    if (goal != null && goal.isBlank()) {
      throw new IllegalArgumentException("goal must not be blank");
    }
    if (planner != null && goal == null) {
      throw new IllegalArgumentException("a planner of your own needs a goal");
    }
    listeners = listeners == null ? List.of() : List.copyOf(listeners);
    if (heal && flow == null) {
      throw new IllegalArgumentException("only a flow is healed; a goal is planned anyway");
    }
    if (healCalls < 1 || healCalls > FlowReplay.MAX_CALLS) {
      throw new IllegalArgumentException(
          "healCalls must be 1 to " + FlowReplay.MAX_CALLS + ", got " + healCalls);
    }
  }

  private AgentRun(
      Flow flow,
      String goal,
      Planner planner,
      TaskId taskId,
      Cancellation cancellation,
      Confirmer confirmer,
      List<TaskListener> listeners) {
    this(
        flow,
        goal,
        planner,
        taskId,
        cancellation,
        confirmer,
        listeners,
        false,
        null,
        FlowReplay.DEFAULT_MAX_CALLS);
  }

  /** Follows {@code flow}, step by step; no model is called to plan. */
  public static AgentRun flow(Flow flow) {
    return new AgentRun(Objects.requireNonNull(flow, "flow"), null, null, null, null, null, null);
  }

  /** Plans {@code goal} with the agent's model; the agent must have one. */
  public static AgentRun goal(String goal) {
    return new AgentRun(null, Objects.requireNonNull(goal, "goal"), null, null, null, null, null);
  }

  /** Plans {@code goal} with {@code planner}, e.g. a scripted planner in a test. */
  public static AgentRun planned(String goal, Planner planner) {
    return new AgentRun(
        null,
        Objects.requireNonNull(goal, "goal"),
        Objects.requireNonNull(planner, "planner"),
        null,
        null,
        null,
        null);
  }

  public AgentRun withTaskId(TaskId value) {
    return new AgentRun(
        flow, goal, planner, value, cancellation, confirmer, listeners, heal, healer, healCalls);
  }

  public AgentRun withCancellation(Cancellation value) {
    return new AgentRun(
        flow, goal, planner, taskId, value, confirmer, listeners, heal, healer, healCalls);
  }

  public AgentRun withConfirmer(Confirmer value) {
    return new AgentRun(
        flow, goal, planner, taskId, cancellation, value, listeners, heal, healer, healCalls);
  }

  public AgentRun withListener(TaskListener listener) {
    List<TaskListener> more = new ArrayList<>(listeners);
    more.add(Objects.requireNonNull(listener, "listener"));
    return new AgentRun(
        flow, goal, planner, taskId, cancellation, confirmer, more, heal, healer, healCalls);
  }

  /**
   * Heals a drifted step of this flow with the agent's model (see {@link FlowReplay}): at most
   * {@code maxCalls} model plans per drifted step. The outcome's {@link AgentOutcome#replay()} says
   * what was healed and gives the healed flow. Without a model configured nothing is healed: drift
   * fails the step, as without this.
   */
  public AgentRun withHeal(int maxCalls) {
    return new AgentRun(
        flow, goal, planner, taskId, cancellation, confirmer, listeners, true, null, maxCalls);
  }

  /** {@link #withHeal} with a healer of your own (a scripted planner in a test). */
  public AgentRun withHealer(Planner value, int maxCalls) {
    return new AgentRun(
        flow,
        goal,
        planner,
        taskId,
        cancellation,
        confirmer,
        listeners,
        true,
        Objects.requireNonNull(value, "healer"),
        maxCalls);
  }

  /** The text the timeline shows as the task's goal: the goal, or {@code flow NAME (SOURCE)}. */
  public String title() {
    return flow != null ? "flow " + flow.name() + " (" + flow.source() + ")" : goal;
  }

  /** Whether the model plans this run. */
  public boolean needsModel() {
    return goal != null && planner == null;
  }
}
