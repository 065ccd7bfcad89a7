package dev.apex.runtime;

/**
 * Observes: captures the device and perceives a scene. The CLI wires perception's real pipeline;
 * tests build scenes directly. May throw {@link dev.apex.core.DeviceException} (retried by the
 * runner per its retry policy) or another {@link dev.apex.core.ApexException} (the task fails).
 */
@FunctionalInterface
public interface Observer {

  Observation observe();
}
