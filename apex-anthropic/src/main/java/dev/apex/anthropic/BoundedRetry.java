package dev.apex.anthropic;

import dev.apex.core.Sleeper;
import dev.apex.llm.FailureReason;
import dev.apex.llm.LlmResult;
import dev.apex.llm.LlmUsage;
import dev.apex.llm.SemanticConfig;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one place where LLM calls are retried, inside a fixed time budget.
 *
 * <p>An attempt is given all the time left; a retriable failure (the attempt says so) is retried at
 * most {@code maxRetries} times after a wait: the server's {@code retry-after} when it sent one,
 * else {@code min(0.5 s · 2^(n-1), 8 s)} less up to 25 % jitter. A wait that would not leave {@link
 * #MIN_ATTEMPT} before the deadline is not taken: the failure is returned at once, so a {@code
 * retry-after: 60} against a 10 s budget costs nothing. Each retry is logged at debug.
 *
 * <p>Time is read from the injected clock and waits go through the injected sleeper. Thread-safe.
 */
final class BoundedRetry {

  /** The most retries a configuration may ask for. */
  static final int MAX_RETRIES_CAP = SemanticConfig.MAX_RETRIES_CAP;

  /** Less time than this left is not worth an attempt. */
  static final Duration MIN_ATTEMPT = Duration.ofMillis(10);

  private static final Duration MAX_BACKOFF = Duration.ofSeconds(8);
  private static final Logger log = LoggerFactory.getLogger(BoundedRetry.class);

  /** What one attempt produced, and whether trying again may help. */
  record Outcome<T>(LlmResult<T> result, boolean retriable, Duration retryAfter) {

    static <T> Outcome<T> done(LlmResult<T> result) {
      return new Outcome<>(result, false, null);
    }

    static <T> Outcome<T> retriable(LlmResult<T> result, Duration retryAfter) {
      return new Outcome<>(result, true, retryAfter);
    }
  }

  /** One attempt; given the time left, it never throws. */
  @FunctionalInterface
  interface Attempt<T> {
    Outcome<T> run(Duration timeLeft);
  }

  private final Clock clock;
  private final Sleeper sleeper;
  private final int maxRetries;
  private final DoubleSupplier random;

  BoundedRetry(Clock clock, Sleeper sleeper, int maxRetries) {
    this(clock, sleeper, maxRetries, () -> ThreadLocalRandom.current().nextDouble());
  }

  BoundedRetry(Clock clock, Sleeper sleeper, int maxRetries, DoubleSupplier random) {
    this.clock = Objects.requireNonNull(clock, "clock");
    this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
    if (maxRetries < 0 || maxRetries > MAX_RETRIES_CAP) {
      throw new IllegalArgumentException(
          "maxRetries must be in [0, " + MAX_RETRIES_CAP + "], was " + maxRetries);
    }
    this.maxRetries = maxRetries;
    this.random = Objects.requireNonNull(random, "random");
  }

  <T> LlmResult<T> run(Duration budget, Attempt<T> attempt) {
    Instant deadline = clock.instant().plus(budget);
    int attempts = 0;
    while (true) {
      Duration left = Duration.between(clock.instant(), deadline);
      if (left.compareTo(MIN_ATTEMPT) < 0) {
        return LlmResult.<T>failed(
                FailureReason.TIMEOUT,
                "budget of " + budget.toMillis() + " ms spent after " + attempts + " attempts",
                LlmUsage.NONE)
            .withAttempts(attempts);
      }
      attempts++;
      Outcome<T> outcome = attempt.run(left);
      LlmResult<T> result = outcome.result().withAttempts(attempts);
      if (!outcome.retriable() || attempts > maxRetries) {
        return result;
      }
      Duration wait = outcome.retryAfter() != null ? outcome.retryAfter() : backoff(attempts);
      Duration leftAfterWait = Duration.between(clock.instant(), deadline).minus(wait);
      if (leftAfterWait.compareTo(MIN_ATTEMPT) < 0) {
        return result.withDetail(
            result.detail()
                + "; not retried: a wait of "
                + wait.toMillis()
                + " ms would pass the "
                + budget.toMillis()
                + " ms budget");
      }
      log.debug(
          "LLM call failed ({}), retry {} of {} in {} ms",
          result.failure().code(),
          attempts,
          maxRetries,
          wait.toMillis());
      try {
        sleeper.sleep(wait);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return LlmResult.<T>failed(
                FailureReason.INTERRUPTED, "interrupted while waiting to retry", LlmUsage.NONE)
            .withAttempts(attempts);
      }
    }
  }

  private Duration backoff(int retry) {
    double seconds = Math.min(0.5 * Math.pow(2, retry - 1), MAX_BACKOFF.toMillis() / 1000.0);
    double jitter = 1.0 - 0.25 * random.getAsDouble();
    return Duration.ofMillis((long) (seconds * jitter * 1000));
  }
}
