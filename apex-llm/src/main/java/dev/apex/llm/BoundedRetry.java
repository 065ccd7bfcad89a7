package dev.apex.llm;

import dev.apex.core.Sleeper;
import dev.apex.core.retry.Attempts;
import dev.apex.core.retry.Outcome;
import dev.apex.core.retry.RetryListener;
import dev.apex.core.retry.RetryLoop;
import dev.apex.core.retry.RetryPolicy;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;

/**
 * Model calls on the one {@link RetryLoop}, inside each call's time budget: the LLM policy and what
 * the loop's stops mean as an {@link LlmResult}. It has no loop of its own.
 *
 * <p>The LLM policy is {@link RetryPolicy#DEFAULT}'s backoff with the configured retry count: an
 * attempt is given all the time left; a retriable failure (the attempt says so) is retried at most
 * {@code maxRetries} times after a wait: the server's {@code retry-after} when it sent one, else
 * {@code min(0.5 s · 2^(n-1), 8 s)} less up to 25 % jitter. A wait that would not leave {@link
 * RetryLoop#MIN_ATTEMPT} before the deadline is not taken: the failure is returned at once with
 * "not retried: …" in its detail, so a {@code retry-after: 60} against a 10 s budget costs nothing.
 * A budget too short for an attempt is {@link FailureReason#TIMEOUT}; an interrupted wait is {@link
 * FailureReason#INTERRUPTED} (the flag kept). Each decision is logged by the loop.
 *
 * <p>Time is read from the injected clock, waits go through the injected sleeper, and jitter comes
 * from the injected source. Thread-safe when the jitter source is. Shared by every provider module
 * (apex-anthropic, apex-openai), so each has the same one retry.
 */
public final class BoundedRetry {

  /** The most retries a configuration may ask for. */
  public static final int MAX_RETRIES_CAP = SemanticConfig.MAX_RETRIES_CAP;

  /** What the loop's log lines and events call a model call. */
  public static final String OPERATION = "LLM call";

  private final RetryLoop loop;

  /** With jitter from {@link ThreadLocalRandom}. */
  public BoundedRetry(Clock clock, Sleeper sleeper, int maxRetries) {
    this(clock, sleeper, maxRetries, () -> ThreadLocalRandom.current().nextDouble());
  }

  /**
   * @param jitter uniform draws in [0, 1) choosing how much of each backoff is taken off
   */
  public BoundedRetry(Clock clock, Sleeper sleeper, int maxRetries, DoubleSupplier jitter) {
    this.loop = new RetryLoop(policy(maxRetries), clock, sleeper, jitter, RetryListener.NONE);
  }

  /**
   * The LLM policy: {@code maxRetries + 1} attempts, 0.5 s doubling to 8 s, up to 25 % jitter.
   *
   * @throws IllegalArgumentException when {@code maxRetries} is outside [0, {@link
   *     #MAX_RETRIES_CAP}]
   */
  public static RetryPolicy policy(int maxRetries) {
    if (maxRetries < 0 || maxRetries > MAX_RETRIES_CAP) {
      throw new IllegalArgumentException(
          "maxRetries must be in [0, " + MAX_RETRIES_CAP + "], was " + maxRetries);
    }
    return RetryPolicy.DEFAULT.withMaxAttempts(maxRetries + 1);
  }

  /** An attempt's result that stands, success or failure: it is not retried. */
  public static <T> Outcome<LlmResult<T>> done(LlmResult<T> result) {
    return result.succeeded() ? Outcome.success(result) : Outcome.failure(result, error(result));
  }

  /**
   * A failed result that another attempt may mend.
   *
   * @param retryAfter the server's requested wait, or null for the policy's backoff
   */
  public static <T> Outcome<LlmResult<T>> retriable(LlmResult<T> result, Duration retryAfter) {
    return Outcome.retriable(result, error(result), retryAfter);
  }

  /**
   * Runs {@code attempt} within {@code budget}; never throws for a failed call.
   *
   * @return the last attempt's result with the attempts counted, its detail saying why it was not
   *     retried when the budget or an interrupt stopped the retries
   */
  public <T> LlmResult<T> run(Duration budget, RetryLoop.Attempt<LlmResult<T>> attempt) {
    Attempts<LlmResult<T>> done = loop.run(OPERATION, budget, attempt);
    return switch (done.end()) {
      case SUCCEEDED, NOT_RETRIABLE, EXHAUSTED -> done.result().withAttempts(done.attempts());
      case WAIT_TOO_LONG ->
          done.result()
              .withAttempts(done.attempts())
              .withDetail(done.result().detail() + "; not retried: " + done.why());
      case BUDGET_SPENT -> failed(FailureReason.TIMEOUT, done.why(), done.attempts());
      case INTERRUPTED -> failed(FailureReason.INTERRUPTED, done.why(), done.attempts());
    };
  }

  private static <T> LlmResult<T> failed(FailureReason reason, String detail, int attempts) {
    return LlmResult.<T>failed(reason, detail, LlmUsage.NONE).withAttempts(attempts);
  }

  private static String error(LlmResult<?> result) {
    return result.failure().code() + ": " + result.detail();
  }
}
