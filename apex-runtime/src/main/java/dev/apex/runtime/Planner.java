package dev.apex.runtime;

import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import java.util.List;

/**
 * Thinks: given the goal, the scene just observed and what happened so far, decides the next steps.
 * Called once per loop iteration on the task's thread. May throw for an unrecoverable problem (the
 * task then fails with the message); should not throw for an ordinary "cannot tell yet".
 */
public interface Planner {

  /**
   * @param goal the task's goal, as given
   * @param scene the screen observed this iteration, never null
   * @param context the task so far (read it; do not add to it)
   * @return the steps to run next, in order; empty when the goal is reached; never null
   */
  List<PlannedStep> plan(String goal, Scene scene, TaskContext context);
}
