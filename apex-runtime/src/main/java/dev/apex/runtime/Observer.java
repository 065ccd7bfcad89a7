package dev.apex.runtime;

/**
 * Observes: captures the device and perceives a scene. The CLI wires perception's real pipeline;
 * tests build scenes directly. May throw {@link dev.apex.core.DeviceException} (retried by the
 * runner per its retry policy) or another {@link dev.apex.core.ApexException} (the task fails).
 */
@FunctionalInterface
public interface Observer {

  Observation observe();

  /**
   * The scene alone, for a tool that only needs to know where things are (a tap waiting for its
   * element to hold still): an implementation may skip what costs and changes nothing there, such
   * as semantic labelling. Same exceptions as {@link #observe()}; by default its scene.
   */
  default dev.apex.core.Scene observeLayout() {
    return observe().scene();
  }

  /**
   * The screen after a task's last step, for the record only: nothing plans on it, so an
   * implementation may skip the semantic labels (a model call). Same exceptions as {@link
   * #observe()}; by default {@link #observe()}.
   */
  default Observation observeFinal() {
    return observe();
  }
}
