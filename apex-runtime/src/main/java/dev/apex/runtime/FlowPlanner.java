package dev.apex.runtime;

import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import java.util.List;
import java.util.Objects;

/**
 * Replays a {@link Flow}: each call returns the next step, then nothing once every step has run.
 * "Next" is counted from the task's recorded results, so the planner keeps no state and one
 * instance may serve several runs. A failed step ends the task unless the runner is told to go on,
 * in which case the flow continues with the step after it.
 */
public final class FlowPlanner implements Planner {

  private final Flow flow;

  public FlowPlanner(Flow flow) {
    this.flow = Objects.requireNonNull(flow, "flow");
  }

  public Flow flow() {
    return flow;
  }

  @Override
  public List<PlannedStep> plan(String goal, Scene scene, TaskContext context) {
    int done = context.stepCount();
    return done < flow.steps().size() ? List.of(flow.steps().get(done)) : List.of();
  }
}
