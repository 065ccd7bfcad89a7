package dev.apex.runtime.planner;

import dev.apex.device.Device;
import dev.apex.runtime.Observer;
import dev.apex.runtime.Planner;
import dev.apex.runtime.TaskRunner;

/**
 * A test-only stand-in for what {@code ModelAgent} did before {@code RunAssembly}: it built its own
 * runner, one of three places that did. {@code ArchitectureTest} checks that the one-assembly rule
 * rejects it; test code, so the main scan never sees it.
 */
public final class ModelAgentBeforeTheAssembly {

  TaskRunner.Builder runner(Device device, Observer observer, Planner planner) {
    return TaskRunner.builder(device, observer, planner).stopOnStepFailure(false);
  }
}
