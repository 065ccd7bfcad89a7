package dev.apex.runtime;

import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.StepResult;
import java.util.List;

/**
 * The seeds' stub: plans one {@code describe_screen} step, and calls the goal reached once any step
 * has succeeded. Stateless; it reads the task's results.
 */
public final class StubPlanner implements Planner {

  public static final String ACTION = "describe_screen";

  @Override
  public List<PlannedStep> plan(String goal, Scene scene, TaskContext context) {
    if (context.stepResults().stream().anyMatch(StepResult::success)) {
      return List.of();
    }
    return List.of(PlannedStep.of(ACTION));
  }
}
