package dev.apex.console;

import dev.apex.config.ApexConfig;
import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import java.time.Duration;

/**
 * A device the console holds open for its inspector ({@link TaskLauncher#hold}): the inspector
 * reads its screen between tasks, and each tap or draft it runs is a task on this same device, from
 * the screen it is on (the sim's state carries over). Not thread-safe: the console never uses it
 * from two threads at a time, and closes it when the inspector disconnects.
 */
public interface HeldDevice extends AutoCloseable {

  /** The screen now: one capture, perceived (no labels), with its PNG when the device gives one. */
  Screen screen();

  /** How long one device read may take ({@code device.timeout_ms}, or the console's flag). */
  Duration deadline();

  /**
   * A task of one step on this device, through the same tools, retries and safety policy as any
   * task: a sensitive step asks the task's confirmer (the console's Allow/Refuse).
   *
   * @param title what the timeline shows as the task's goal, e.g. {@code inspector: tap "Wi-Fi"}
   * @param config the settings in force now
   */
  PreparedTask step(String title, PlannedStep step, ApexConfig config);

  /**
   * A flow on this device, from the screen it is on now.
   *
   * @param yaml the flow's text
   * @throws dev.apex.core.InvalidInputException with the parser's one-line message
   */
  PreparedTask flow(String yaml, ApexConfig config);

  /** Releases the device; never throws. */
  @Override
  void close();

  /**
   * A captured screen.
   *
   * @param scene the perceived scene
   * @param png the screenshot, or null when the device gave none
   */
  record Screen(Scene scene, byte[] png) {}
}
