package dev.apex.core.retry;

import java.time.Duration;
import java.util.Objects;

/**
 * One retry decision, made after a failed attempt.
 *
 * @param operation what was tried: a tool's name, {@code observe}, or {@code LLM call}
 * @param attempt the attempt that failed, 1-based
 * @param maxAttempts the policy's limit
 * @param decision what happens next
 * @param delay the wait before the next attempt; zero when giving up
 * @param error the failure's one-line message
 */
public record RetryEvent(
    String operation,
    int attempt,
    int maxAttempts,
    Decision decision,
    Duration delay,
    String error) {

  /** What the {@link RetryLoop} decided. */
  public enum Decision {
    /** The failure is retriable and attempts remain: wait {@code delay}, then try again. */
    RETRY,
    /** The failure is not retriable: give up now. */
    GIVE_UP_NOT_RETRIABLE,
    /** The failure is retriable but every attempt is used: give up. */
    GIVE_UP_EXHAUSTED,
    /** The wait before a retry was interrupted (the task is being cancelled): give up. */
    GIVE_UP_INTERRUPTED,
    /**
     * The failure is retriable, but the wait before the next attempt would pass the call's time
     * budget (or the budget is spent, or with no budget a server asked for a wait longer than the
     * policy's cap): give up now rather than wait for nothing.
     */
    GIVE_UP_OUT_OF_TIME
  }

  public RetryEvent {
    Objects.requireNonNull(operation, "operation");
    Objects.requireNonNull(decision, "decision");
    delay = delay == null ? Duration.ZERO : delay;
  }
}
