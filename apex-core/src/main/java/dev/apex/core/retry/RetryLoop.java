package dev.apex.core.retry;

import dev.apex.core.Secrets;
import dev.apex.core.Sleeper;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.function.DoubleSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one retry loop: every retry in apex — a device call in the runtime's executor, an
 * observation, a model call — is decided here, each caller with its own {@link RetryPolicy}.
 *
 * <p>An attempt runs; if its {@link Outcome} is a retriable failure and the policy has attempts
 * left, the loop waits and tries again. The wait is the server's requested one when the outcome
 * carries it, else {@link RetryPolicy#delayBeforeRetry} with a jitter draw from the injected source
 * (drawn only then). With a time budget (measured on the injected clock) each attempt is given the
 * time left, an attempt is not started with less than {@link #MIN_ATTEMPT} left, and a wait that
 * would not leave {@code MIN_ATTEMPT} before the deadline is not taken: the failure is returned at
 * once ({@link Attempts.End#WAIT_TOO_LONG}), so a {@code retry-after: 60} against a 10 s budget
 * costs nothing. Without a budget a server's wait longer than the policy's {@code maxDelay} is not
 * taken either, so no wait is unbounded. Waits go through the injected {@link Sleeper}; an
 * interrupted wait ends the call with the interrupt flag set again.
 *
 * <p>Every decision after a failed attempt is logged (retry at info, giving up for want of attempts
 * or time at warn, a final failure at debug) and sent to the {@link RetryListener}; the error text
 * is redacted first. A listener that throws is logged and ignored. The loop keeps no state between
 * calls: it is thread-safe when its jitter source and listener are.
 */
public final class RetryLoop {

  /** Less time than this left in a budget is not worth an attempt. */
  public static final Duration MIN_ATTEMPT = Duration.ofMillis(10);

  private static final Logger log = LoggerFactory.getLogger(RetryLoop.class);

  /** One attempt. It reports its failure in the outcome and should not throw. */
  @FunctionalInterface
  public interface Attempt<R> {
    /**
     * @param timeLeft the time left in the call's budget (at least {@link #MIN_ATTEMPT}), to bound
     *     the attempt by; null when the call has no budget
     */
    Outcome<R> run(Duration timeLeft);
  }

  private final RetryPolicy policy;
  private final Clock clock;
  private final Sleeper sleeper;
  private final DoubleSupplier jitter;
  private final RetryListener listener;

  /**
   * @param clock where budgets are measured; read only by calls given a budget
   * @param jitter uniform draws in [0, 1) choosing how much of each backoff is taken off
   */
  public RetryLoop(
      RetryPolicy policy,
      Clock clock,
      Sleeper sleeper,
      DoubleSupplier jitter,
      RetryListener listener) {
    this.policy = Objects.requireNonNull(policy, "policy");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
    this.jitter = Objects.requireNonNull(jitter, "jitter");
    this.listener = Objects.requireNonNull(listener, "listener");
  }

  public RetryPolicy policy() {
    return policy;
  }

  /**
   * Runs {@code attempt} until it succeeds, fails for good, or the policy or the budget says stop.
   *
   * @param operation what is tried, for the log and the events (a tool's name, {@code observe})
   * @param budget the most time the call may take, attempts and waits together; null for none
   */
  public <R> Attempts<R> run(String operation, Duration budget, Attempt<R> attempt) {
    Objects.requireNonNull(operation, "operation");
    Objects.requireNonNull(attempt, "attempt");
    if (budget != null && budget.isNegative()) {
      throw new IllegalArgumentException("budget must be >= 0, got " + budget);
    }
    Instant deadline = budget == null ? null : clock.instant().plus(budget);
    Outcome<R> last = null;
    for (int attempts = 0; ; ) {
      Duration left = deadline == null ? null : Duration.between(clock.instant(), deadline);
      if (left != null && left.compareTo(MIN_ATTEMPT) < 0) {
        String why = "budget of " + budget.toMillis() + " ms spent after " + attempts + " attempts";
        if (last != null) {
          decide(operation, attempts, RetryEvent.Decision.GIVE_UP_OUT_OF_TIME, null, last, why);
        }
        return end(last, attempts, Attempts.End.BUDGET_SPENT, why);
      }
      attempts++;
      last = Objects.requireNonNull(attempt.run(left), "an attempt returned no outcome");
      if (last.succeeded()) {
        return end(last, attempts, Attempts.End.SUCCEEDED, "");
      }
      if (!last.retriable()) {
        decide(operation, attempts, RetryEvent.Decision.GIVE_UP_NOT_RETRIABLE, null, last, "");
        return end(last, attempts, Attempts.End.NOT_RETRIABLE, "");
      }
      if (attempts >= policy.maxAttempts()) {
        decide(operation, attempts, RetryEvent.Decision.GIVE_UP_EXHAUSTED, null, last, "");
        return end(last, attempts, Attempts.End.EXHAUSTED, "");
      }
      Duration wait =
          last.retryAfter() != null
              ? last.retryAfter()
              : policy.delayBeforeRetry(attempts, jitter.getAsDouble());
      String tooLong = tooLong(wait, deadline, budget, last.retryAfter() != null);
      if (tooLong != null) {
        decide(operation, attempts, RetryEvent.Decision.GIVE_UP_OUT_OF_TIME, null, last, tooLong);
        return end(last, attempts, Attempts.End.WAIT_TOO_LONG, tooLong);
      }
      decide(operation, attempts, RetryEvent.Decision.RETRY, wait, last, "");
      try {
        sleeper.sleep(wait);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        String why = "interrupted while waiting to retry";
        decide(operation, attempts, RetryEvent.Decision.GIVE_UP_INTERRUPTED, null, last, why);
        return end(last, attempts, Attempts.End.INTERRUPTED, why);
      }
    }
  }

  /** Why {@code wait} is not taken, or null when it may be. */
  private String tooLong(Duration wait, Instant deadline, Duration budget, boolean asked) {
    if (deadline != null) {
      Duration leftAfterWait = Duration.between(clock.instant(), deadline).minus(wait);
      return leftAfterWait.compareTo(MIN_ATTEMPT) < 0
          ? "a wait of "
              + wait.toMillis()
              + " ms would pass the "
              + budget.toMillis()
              + " ms budget"
          : null;
    }
    return asked && wait.compareTo(policy.maxDelay()) > 0
        ? "the server asked for a wait of "
            + wait.toMillis()
            + " ms, more than the "
            + policy.maxDelay().toMillis()
            + " ms cap"
        : null;
  }

  private static <R> Attempts<R> end(Outcome<R> last, int attempts, Attempts.End end, String why) {
    return new Attempts<>(last == null ? null : last.result(), attempts, end, why);
  }

  private void decide(
      String operation,
      int attempt,
      RetryEvent.Decision decision,
      Duration delay,
      Outcome<?> failed,
      String why) {
    String error = Secrets.redact(failed.error());
    int max = policy.maxAttempts();
    RetryEvent event = new RetryEvent(operation, attempt, max, decision, delay, error);
    switch (decision) {
      case RETRY ->
          log.info(
              "{}: attempt {}/{} failed ({}); retrying in {} ms",
              operation,
              attempt,
              max,
              error,
              event.delay().toMillis());
      case GIVE_UP_EXHAUSTED ->
          log.warn(
              "{}: attempt {}/{} failed ({}); giving up, no attempts left",
              operation,
              attempt,
              max,
              error);
      case GIVE_UP_OUT_OF_TIME ->
          log.warn(
              "{}: attempt {}/{} failed ({}); giving up: {}", operation, attempt, max, error, why);
      case GIVE_UP_NOT_RETRIABLE ->
          log.debug("{}: attempt {} failed ({}); not retriable", operation, attempt, error);
      case GIVE_UP_INTERRUPTED ->
          log.info("{}: interrupted while waiting to retry; giving up", operation);
    }
    try {
      listener.retryDecided(event);
    } catch (RuntimeException e) {
      log.warn("retry listener {} threw; ignoring it", listener.getClass().getName(), e);
    }
  }
}
