package dev.apex.core.retry;

import java.time.Duration;

/**
 * What one attempt gave the {@link RetryLoop}: its result, and when it failed, a one-line error and
 * whether another attempt may help. The caller classifies (the runtime by {@link
 * dev.apex.core.ApexException#retriable()}, a model client by the API's status rules); the loop
 * only decides whether and when to try again.
 *
 * @param result what the attempt produced, handed back to the caller as is (a value, or a failed
 *     result that carries its failure); may be null
 * @param error the failure's one-line message, or null when the attempt succeeded
 * @param retriable whether another attempt may help; false on success
 * @param retryAfter the wait the other side asked for, which replaces the policy's backoff; null
 *     when none (always null on success)
 */
public record Outcome<R>(R result, String error, boolean retriable, Duration retryAfter) {

  public Outcome {
    if (error == null && (retriable || retryAfter != null)) {
      throw new IllegalArgumentException("a successful outcome is neither retriable nor delayed");
    }
    if (retryAfter != null && retryAfter.isNegative()) {
      throw new IllegalArgumentException("retryAfter must be >= 0, got " + retryAfter);
    }
  }

  /** The attempt succeeded with {@code result}. */
  public static <R> Outcome<R> success(R result) {
    return new Outcome<>(result, null, false, null);
  }

  /** The attempt failed and trying again will not help. */
  public static <R> Outcome<R> failure(R result, String error) {
    return new Outcome<>(result, requireError(error), false, null);
  }

  /**
   * The attempt failed and another may succeed.
   *
   * @param retryAfter the wait the server asked for, or null to use the policy's backoff
   */
  public static <R> Outcome<R> retriable(R result, String error, Duration retryAfter) {
    return new Outcome<>(result, requireError(error), true, retryAfter);
  }

  public boolean succeeded() {
    return error == null;
  }

  private static String requireError(String error) {
    if (error == null) {
      throw new IllegalArgumentException("a failed outcome needs an error message");
    }
    return error;
  }
}
