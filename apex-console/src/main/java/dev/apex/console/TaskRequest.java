package dev.apex.console;

import dev.apex.runtime.flow.FlowVariables;
import java.util.Objects;

/**
 * What a user asked the console to run: a goal or a flow, on a device.
 *
 * @param device the device selector, e.g. {@code sim}, {@code android:emulator-5554}; never blank
 * @param goal the goal in words, or null when a flow is given
 * @param flow a flow as YAML text (the format of {@link dev.apex.runtime.flow.Flow}), or null when
 *     a goal is given. Exactly one of {@code goal} and {@code flow} is given
 * @param vars the variables the user named for the flow's {@code ${NAME}}s (the request's {@code
 *     vars}), the only values they take; none for a goal. Its {@code toString} shows names only
 */
public record TaskRequest(String device, String goal, String flow, FlowVariables vars) {

  public TaskRequest {
    if (device == null || device.isBlank()) {
      throw new IllegalArgumentException("device must not be blank");
    }
    if ((goal == null) == (flow == null)) {
      throw new IllegalArgumentException("give exactly one of goal and flow");
    }
    Objects.requireNonNull(vars, "vars");
    if (goal != null && !vars.values().isEmpty()) {
      throw new IllegalArgumentException("vars fill a flow's ${NAME}; a goal has none");
    }
  }

  public static TaskRequest goal(String device, String goal) {
    return new TaskRequest(device, goal, null, FlowVariables.none());
  }

  /** A flow that names no variables: one that uses any is refused. */
  public static TaskRequest flow(String device, String flowYaml) {
    return flow(device, flowYaml, FlowVariables.none());
  }

  public static TaskRequest flow(String device, String flowYaml, FlowVariables vars) {
    return new TaskRequest(device, null, flowYaml, vars);
  }

  public boolean isFlow() {
    return flow != null;
  }
}
