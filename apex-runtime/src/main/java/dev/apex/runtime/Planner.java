package dev.apex.runtime;

import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.world.WorldState;
import java.util.List;

/**
 * Thinks: given the goal, the scene just observed and what happened so far, decides the next steps.
 * Called once per loop iteration on the task's thread. May throw for an unrecoverable problem (the
 * task then fails with the message); should not throw for an ordinary "cannot tell yet". Throw
 * {@link StopTaskException} to end the task with another status (a budget ran out). A planner that
 * calls a model reports each call to {@link TaskContext#planListener()}; the runner records the
 * calls of a plan with its first step.
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
}
