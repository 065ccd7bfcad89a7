package dev.apex.runtime;

import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.world.WorldState;
import java.util.List;
import java.util.Map;

/**
 * Thinks: given the goal, the scene just observed and what happened so far, decides the next steps.
 * Called once per loop iteration on the task's thread. May throw for an unrecoverable problem (the
 * task then fails with the message); should not throw for an ordinary "cannot tell yet". Throw
 * {@link StopTaskException} to end the task with another status (a budget ran out).
 */
public interface Planner {

  /**
   * @param goal the task's goal, as given
   * @param scene the screen observed this iteration, never null
   * @param context the task so far (read it; do not add to it)
   * @return the steps to run next, in order; empty when the goal is reached; never null
   */
  List<PlannedStep> plan(String goal, Scene scene, TaskContext context);

  /**
   * Plans with the task's world state in view (seed 000, D6). The runner calls this one, passing
   * {@code context.world()}; the default ignores the world and calls {@link #plan(String, Scene,
   * TaskContext)}, so planners written before the world existed keep working unchanged.
   *
   * @param world a read-only snapshot of where the task stands, or null when world tracking is off
   */
  default List<PlannedStep> plan(String goal, Scene scene, TaskContext context, WorldState world) {
    return plan(goal, scene, context);
  }

  /**
   * What to record with the first step of the plan just returned: the runner calls this once right
   * after each {@code plan} that returned steps and reads its {@code llm_usage} entry (a {@code
   * dev.apex.runtime.planner.LlmTotals}, an {@link dev.apex.llm.LlmUsage}, a {@link
   * dev.apex.timeline.StepUsage}, or a list of them) into that step's {@link
   * dev.apex.timeline.StepExtras#llmUsage()}, after the observer's. Other entries and values of
   * other types are not recorded (the runner logs them). The default records nothing.
   */
  default Map<String, Object> stepAnnotations() {
    return Map.of();
  }
}
