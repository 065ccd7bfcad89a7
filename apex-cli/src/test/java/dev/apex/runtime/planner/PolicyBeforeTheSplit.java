package dev.apex.runtime.planner;

import dev.apex.runtime.RunnerBeforeTheSplit;

/**
 * The planner half of {@link RunnerBeforeTheSplit}'s cycle: a planner class that builds a runner.
 */
public final class PolicyBeforeTheSplit {

  RunnerBeforeTheSplit runner() {
    return new RunnerBeforeTheSplit();
  }
}
