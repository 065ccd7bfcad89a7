package dev.apex.console;

/**
 * What a user asked the console to run: a goal or a flow, on a device.
 *
 * @param device the device selector, e.g. {@code sim}, {@code android:emulator-5554}; never blank
 * @param goal the goal in words, or null when a flow is given
 * @param flow a flow as YAML text (the format of {@link dev.apex.runtime.Flow}), or null when a
 *     goal is given. Exactly one of {@code goal} and {@code flow} is given
 */
public record TaskRequest(String device, String goal, String flow) {

  public TaskRequest {
    if (device == null || device.isBlank()) {
      throw new IllegalArgumentException("device must not be blank");
    }
    if ((goal == null) == (flow == null)) {
      throw new IllegalArgumentException("give exactly one of goal and flow");
    }
  }

  public static TaskRequest goal(String device, String goal) {
    return new TaskRequest(device, goal, null);
  }

  public static TaskRequest flow(String device, String flowYaml) {
    return new TaskRequest(device, null, flowYaml);
  }

  public boolean isFlow() {
    return flow != null;
  }
}
