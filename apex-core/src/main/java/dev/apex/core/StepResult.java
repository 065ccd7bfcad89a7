package dev.apex.core;

import java.time.Duration;
import java.util.Objects;

/**
 * What executing a {@link PlannedStep} gave.
 *
 * @param step the step
 * @param success whether the tool did what it was asked
 * @param output the tool's output (a {@link Scene}, a map, a string) or null
 * @param error a one-line reason when it failed, else null
 * @param attempts how many times it was tried (1 when it was not retried)
 * @param duration wall time of all attempts, backoff included
 */
public record StepResult(
    PlannedStep step,
    boolean success,
    Object output,
    String error,
    int attempts,
    Duration duration) {

  public StepResult {
    Objects.requireNonNull(step, "step");
    duration = duration == null ? Duration.ZERO : duration;
  }

  public static StepResult ok(PlannedStep step, Object output, int attempts, Duration duration) {
    return new StepResult(step, true, output, null, attempts, duration);
  }

  public static StepResult failed(PlannedStep step, String error, int attempts, Duration duration) {
    return new StepResult(step, false, null, error, attempts, duration);
  }
}
