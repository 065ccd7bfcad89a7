package dev.apex.runtime.planner;

import java.time.Duration;
import java.util.Objects;

/**
 * What one task may spend. The planner checks every limit but {@code maxSteps} before each model
 * call, and {@code maxSteps} before planning a step; whichever runs out first ends the task with
 * {@link dev.apex.core.TaskStatus#BUDGET_EXCEEDED} (or {@link dev.apex.core.TaskStatus#MAX_STEPS}
 * for steps) and a reason naming it. A call that crosses a limit still counts and its step still
 * runs: its tokens are spent either way.
 *
 * @param maxSteps steps executed, at least 1; also give it to the runner ({@link ModelAgent#runner}
 *     does)
 * @param maxLlmCalls model calls, retries of a failed call not counted separately, at least 1
 * @param maxTokens every token of every call: uncached input, cache writes, cache reads and output
 * @param maxCostUsd the estimated cost in US dollars ({@link Pricing})
 * @param maxWallTime time since the task's first plan, on the planner's clock
 */
public record Budget(
    int maxSteps, int maxLlmCalls, long maxTokens, double maxCostUsd, Duration maxWallTime) {

  /** 20 steps, 40 calls, 400,000 tokens, $1.00, 10 minutes. */
  public static final Budget DEFAULT = new Budget(20, 40, 400_000, 1.00, Duration.ofMinutes(10));

  public Budget {
    if (maxSteps < 1) {
      throw new IllegalArgumentException("maxSteps must be >= 1, got " + maxSteps);
    }
    if (maxLlmCalls < 1) {
      throw new IllegalArgumentException("maxLlmCalls must be >= 1, got " + maxLlmCalls);
    }
    if (maxTokens < 1) {
      throw new IllegalArgumentException("maxTokens must be >= 1, got " + maxTokens);
    }
    if (!(maxCostUsd > 0)) {
      throw new IllegalArgumentException("maxCostUsd must be > 0, got " + maxCostUsd);
    }
    Objects.requireNonNull(maxWallTime, "maxWallTime");
    if (maxWallTime.isNegative() || maxWallTime.isZero()) {
      throw new IllegalArgumentException("maxWallTime must be positive, got " + maxWallTime);
    }
  }

  public Budget withMaxSteps(int value) {
    return new Budget(value, maxLlmCalls, maxTokens, maxCostUsd, maxWallTime);
  }

  public Budget withMaxLlmCalls(int value) {
    return new Budget(maxSteps, value, maxTokens, maxCostUsd, maxWallTime);
  }

  public Budget withMaxTokens(long value) {
    return new Budget(maxSteps, maxLlmCalls, value, maxCostUsd, maxWallTime);
  }

  public Budget withMaxCostUsd(double value) {
    return new Budget(maxSteps, maxLlmCalls, maxTokens, value, maxWallTime);
  }

  public Budget withMaxWallTime(Duration value) {
    return new Budget(maxSteps, maxLlmCalls, maxTokens, maxCostUsd, value);
  }
}
