package dev.apex.runtime.planner;

import dev.apex.device.sim.SimDevice;

/**
 * A test-only stand-in for a runtime class that opens a driver itself instead of resolving a
 * selector through the device port's providers. {@code ArchitectureTest} checks that its runtime
 * rules reject it.
 */
public final class OpensTheSimItself {

  private SimDevice device;

  SimDevice device() {
    return device;
  }
}
