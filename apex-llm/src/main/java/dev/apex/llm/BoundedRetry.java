package dev.apex.llm;

import dev.apex.core.Sleeper;
import dev.apex.core.retry.Attempts;
import dev.apex.core.retry.Outcome;
import dev.apex.core.retry.RetryListener;
import dev.apex.core.retry.RetryLoop;
import dev.apex.core.retry.RetryPolicy;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
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
 * An interrupted wait is {@link FailureReason#INTERRUPTED} (the flag kept). Each decision is logged
 * by the loop.
 *
 * <p>The budget is the one deadline of the whole call, attempts and waits together: it is never
 * restarted by a retry. Each attempt's HTTP timeout is the time left, so an attempt that times out
 * ({@link #deadlineReached()}) has reached the call's deadline and is not retried. That, a budget
 * with too little left for another attempt, and a retriable failure that came when the deadline had
 * already passed (a connection the deadline closed, however the SDK reported it) end the call as
 * {@link FailureReason#TIMEOUT} with the one reason "model call timed out after 2 s (deadline for
 * the whole call, 3 attempts)".
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

  /** The detail {@link #deadlineReached()} marks its result with, for {@link #run} to replace. */
  private static final String DEADLINE_REACHED = "the call's deadline was reached";

  private final RetryLoop loop;
  private final Clock clock;

  /** With jitter from {@link ThreadLocalRandom}. */
  public BoundedRetry(Clock clock, Sleeper sleeper, int maxRetries) {
    this(clock, sleeper, maxRetries, () -> ThreadLocalRandom.current().nextDouble());
  }

  /**
   * @param jitter uniform draws in [0, 1) choosing how much of each backoff is taken off
   */
  public BoundedRetry(Clock clock, Sleeper sleeper, int maxRetries, DoubleSupplier jitter) {
    this.loop = new RetryLoop(policy(maxRetries), clock, sleeper, jitter, RetryListener.NONE);
    this.clock = clock;
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

  /**
   * An attempt ended by its timeout, which is the call's deadline (each attempt is given all the
   * time left): {@link FailureReason#TIMEOUT}, not retried, its detail replaced by {@link #run}
   * with the reason naming the deadline and the attempts.
   */
  public static <T> Outcome<LlmResult<T>> deadlineReached() {
    return done(LlmResult.failed(FailureReason.TIMEOUT, DEADLINE_REACHED, LlmUsage.NONE));
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
   * Runs {@code attempt} within {@code budget}, the one deadline of the whole call; never throws
   * for a failed call.
   *
   * @return the last attempt's result with the attempts counted, its detail saying why it was not
   *     retried when the budget or an interrupt stopped the retries
   */
  public <T> LlmResult<T> run(Duration budget, RetryLoop.Attempt<LlmResult<T>> attempt) {
    Objects.requireNonNull(budget, "budget");
    Instant deadline = clock.instant().plus(budget);
    Attempts<LlmResult<T>> done = loop.run(OPERATION, budget, attempt);
    return switch (done.end()) {
      case SUCCEEDED, EXHAUSTED -> done.result().withAttempts(done.attempts());
      case NOT_RETRIABLE ->
          isDeadline(done.result())
              ? timedOut(budget, done.attempts(), null)
              : done.result().withAttempts(done.attempts());
      case WAIT_TOO_LONG ->
          clock.instant().isBefore(deadline)
              ? done.result()
                  .withAttempts(done.attempts())
                  .withDetail(done.result().detail() + "; not retried: " + done.why())
              : timedOut(budget, done.attempts(), done.result());
      case BUDGET_SPENT -> timedOut(budget, done.attempts(), done.result());
      case INTERRUPTED -> failed(FailureReason.INTERRUPTED, done.why(), done.attempts());
    };
  }

  private static boolean isDeadline(LlmResult<?> result) {
    return result.failure() == FailureReason.TIMEOUT && DEADLINE_REACHED.equals(result.detail());
  }

  /**
   * The call's deadline passed: "model call timed out after 2 s (deadline for the whole call, 3
   * attempts; last: …)", naming the last attempt's failure when another one than the deadline ended
   * it.
   */
  private static <T> LlmResult<T> timedOut(Duration budget, int attempts, LlmResult<T> last) {
    String lastFailure = last == null || isDeadline(last) ? "" : "; last: " + error(last);
    return failed(
        FailureReason.TIMEOUT,
        "model call timed out after "
            + seconds(budget)
            + " (deadline for the whole call, "
            + attempts
            + (attempts == 1 ? " attempt" : " attempts")
            + lastFailure
            + ")",
        attempts);
  }

  /** {@code 2 s}, {@code 1.5 s}, {@code 0.25 s}. */
  private static String seconds(Duration d) {
    return java.math.BigDecimal.valueOf(d.toMillis(), 3).stripTrailingZeros().toPlainString()
        + " s";
  }

  private static <T> LlmResult<T> failed(FailureReason reason, String detail, int attempts) {
    return LlmResult.<T>failed(reason, detail, LlmUsage.NONE).withAttempts(attempts);
  }

  private static String error(LlmResult<?> result) {
    return result.failure().code() + ": " + result.detail();
  }
}
