package dev.apex.runtime.planner;

import dev.apex.core.Json;
import dev.apex.core.PlannedStep;
import dev.apex.core.TaskStatus;
import dev.apex.runtime.StopTaskException;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Stops a model that repeats itself: a {@link PlanInterceptor} that counts how often each action
 * ran on each screen (keyed by the screen signature of the scene the step was planned on and the
 * step's action with its arguments in key order) and judges each step the rest of the chain
 * decides. The {@value #LOOP_AT_RUN}rd run of the same action on the same screen is a loop: per
 * {@link LoopAction}, the task stops ({@link TaskStatus#BUDGET_EXCEEDED}, "loop detected: …"), or
 * the model is told once per plan and asked again, and stopped if it loops again. A step it lets
 * through counts as run. Not thread-safe: one per task.
 */
final class LoopDetector implements PlanInterceptor {

  /** The run of an action on one screen that counts as a loop. */
  static final int LOOP_AT_RUN = 3;

  private final LoopAction onLoop;
  private final Map<String, Integer> runs = new HashMap<>();

  LoopDetector(LoopAction onLoop) {
    this.onLoop = Objects.requireNonNull(onLoop, "onLoop");
  }

  @Override
  public Decision intercept(Chain chain) {
    PlanTurn turn = chain.turn();
    String signature = turn.signature();
    while (true) {
      Decision decision = chain.proceed();
      if (!(decision instanceof Decision.Step proposed)) {
        return decision;
      }
      PlannedStep step = proposed.step();
      if (!wouldLoop(signature, step)) {
        ran(signature, step);
        return decision;
      }
      int before = runsBefore(signature, step);
      if (onLoop == LoopAction.REPLAN && turn.mayReask() && turn.firstTime("loop")) {
        turn.reask(
            "Not done: this exact "
                + step.action()
                + " already ran "
                + before
                + " times on this very screen without reaching the goal; a third time would be"
                + " a loop. Choose a different action, or call give_up.");
        continue;
      }
      throw new StopTaskException(
          TaskStatus.BUDGET_EXCEEDED,
          "loop detected: "
              + canonical(step)
              + " asked for a "
              + ordinal(before + 1)
              + " time on the same screen (signature "
              + signature
              + ")");
    }
  }

  /** How many times this step already ran on a screen with this signature. */
  int runsBefore(String signature, PlannedStep step) {
    return runs.getOrDefault(key(signature, step), 0);
  }

  /** Whether running it again would be the {@value #LOOP_AT_RUN}rd time. */
  boolean wouldLoop(String signature, PlannedStep step) {
    return runsBefore(signature, step) >= LOOP_AT_RUN - 1;
  }

  void ran(String signature, PlannedStep step) {
    runs.merge(key(signature, step), 1, Integer::sum);
  }

  static String canonical(PlannedStep step) {
    return step.action() + " " + Json.write(new TreeMap<>(step.args()));
  }

  private static String key(String signature, PlannedStep step) {
    return signature + " " + canonical(step);
  }

  private static String ordinal(int n) {
    return switch (n) {
      case 1 -> "1st";
      case 2 -> "2nd";
      case 3 -> "3rd";
      default -> n + "th";
    };
  }
}
