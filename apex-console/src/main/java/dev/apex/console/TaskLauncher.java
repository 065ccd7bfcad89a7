package dev.apex.console;

import dev.apex.config.ApexConfig;
import java.util.Optional;

/**
 * Starts tasks in the console's process. The CLI implements it with real devices and the full
 * Observe → Think → Act pipeline; tests implement it with the simulated phone.
 *
 * <p>The console calls {@link #prepare} on an HTTP thread, records the task's start in the
 * timeline, then calls {@link PreparedTask#run} on a thread of its own. It never runs two of its
 * tasks on one device at a time. Implementations must be thread-safe.
 */
public interface TaskLauncher {

  /**
   * Checks a request and readies it without touching the device for long: resolves the device
   * selector, parses and validates the flow, and applies {@code config} (max steps, semantic
   * enrichment, world) to the task it will run.
   *
   * @param config the settings in force now; a later change does not affect this task
   * @throws dev.apex.core.InvalidInputException with a one-line message for the user (an unknown
   *     device, a flow that does not parse); the console answers 400 with it
   */
  PreparedTask prepare(TaskRequest request, ApexConfig config);

  /**
   * Why goals cannot be started with {@code config} (e.g. no model is configured to plan them), in
   * the words {@link #prepare} refuses a goal with; empty when goals can start. The status API
   * shows it so the Goal tab can say so before anyone types a goal. Must be quick.
   */
  default Optional<String> goalRefusal(ApexConfig config) {
    return Optional.empty();
  }

  /**
   * The identity of the device {@code selector} names, the same for every selector of one device
   * ({@code android} and {@code android:SERIAL} of the only phone attached): the console lets one
   * task or inspector session at a time on each identity. May ask the device's server, bounded by
   * the device deadline. By default the selector itself.
   *
   * @throws dev.apex.core.InvalidInputException when the selector names no device
   * @throws dev.apex.core.DeviceException when the device's server cannot be reached
   */
  default String identity(String selector, ApexConfig config) {
    return selector;
  }

  /**
   * Opens {@code selector}'s device and holds it for the console's inspector until the returned
   * device is closed. May take as long as opening a device does (connecting to adb, starting a
   * browser). By default the launcher cannot: the inspector then answers 503 with this message.
   *
   * @throws dev.apex.core.InvalidInputException for an unknown selector
   * @throws dev.apex.core.ApexException when the device cannot be opened
   */
  default HeldDevice hold(String selector, ApexConfig config) {
    throw new UnsupportedOperationException(
        "this console's task launcher cannot hold a device for the inspector; run apex console");
  }
}
