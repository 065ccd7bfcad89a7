package dev.apex.runtime.planner;

import dev.apex.core.Json;
import dev.apex.core.PlannedStep;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Counts how often each action ran on each screen: the key is the screen signature of the scene the
 * step was planned on and the step's action with its arguments (in key order). The planner asks
 * before running a step; a step that already ran {@value #LOOP_AT_RUN}-1 times on that screen is a
 * loop. Not thread-safe: one per task.
 */
final class LoopDetector {

  /** The run of an action on one screen that counts as a loop. */
  static final int LOOP_AT_RUN = 3;

  private final Map<String, Integer> runs = new HashMap<>();

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
}
