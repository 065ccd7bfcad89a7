package dev.apex.core.retry;

import java.time.Duration;
import java.util.Objects;

/**
 * How retriable failures are retried by the {@link RetryLoop}: at most {@code maxAttempts} tries in
 * all, waiting before retry {@code n} (1-based) {@code min(maxDelay, baseDelay * 2^(n-1))}, then
 * taking off a random share of up to {@code jitter} of that, so callers that failed together do not
 * retry together. Jitter only shortens a delay, so no computed delay ever exceeds {@code maxDelay}
 * (a server's requested wait replaces it: see {@link RetryLoop}).
 *
 * <p>Two policies are in use: {@link #DEFAULT} for device calls (the runtime's executor and
 * observer) and, for model calls, the same shape with the configured retry count ({@code
 * DEFAULT.withMaxAttempts(maxRetries + 1)}, in apex-anthropic), bounded by each call's budget.
 *
 * @param maxAttempts tries in all, at least 1 (1 means never retry)
 * @param baseDelay the delay before the first retry, before jitter
 * @param maxDelay the cap on any delay
 * @param jitter the largest share of a delay taken off at random, in [0, 1]
 */
public record RetryPolicy(int maxAttempts, Duration baseDelay, Duration maxDelay, double jitter) {

  /**
   * Three tries, 0.5 s doubling, capped at 8 s, up to 25% jitter (the Anthropic SDK's shape): the
   * device policy.
   */
  public static final RetryPolicy DEFAULT =
      new RetryPolicy(3, Duration.ofMillis(500), Duration.ofSeconds(8), 0.25);

  /** One try, no retry. */
  public static final RetryPolicy NONE = new RetryPolicy(1, Duration.ZERO, Duration.ZERO, 0);

  public RetryPolicy {
    Objects.requireNonNull(baseDelay, "baseDelay");
    Objects.requireNonNull(maxDelay, "maxDelay");
    if (maxAttempts < 1) {
      throw new IllegalArgumentException("maxAttempts must be >= 1, got " + maxAttempts);
    }
    if (baseDelay.isNegative() || maxDelay.compareTo(baseDelay) < 0) {
      throw new IllegalArgumentException(
          "need 0 <= baseDelay <= maxDelay, got " + baseDelay + " and " + maxDelay);
    }
    if (!(jitter >= 0 && jitter <= 1)) {
      throw new IllegalArgumentException("jitter must be in [0, 1], got " + jitter);
    }
  }

  /** This policy with {@code maxAttempts} tries in all (at least 1), the same backoff. */
  public RetryPolicy withMaxAttempts(int maxAttempts) {
    return new RetryPolicy(maxAttempts, baseDelay, maxDelay, jitter);
  }

  /**
   * The wait before retry {@code retry} (1 for the first retry), in whole milliseconds.
   *
   * @param random a uniform draw in [0, 1) choosing how much jitter to take off
   */
  public Duration delayBeforeRetry(int retry, double random) {
    if (retry < 1) {
      throw new IllegalArgumentException("retry must be >= 1, got " + retry);
    }
    double capMs = maxDelay.toMillis();
    // Doubling stops at the cap, so a huge retry number cannot overflow.
    double ms = Math.min(capMs, baseDelay.toMillis() * Math.pow(2, Math.min(retry - 1, 62)));
    ms *= 1 - jitter * random;
    return Duration.ofMillis(Math.round(Math.min(ms, capMs)));
  }
}
