package dev.apex.core.retry;

import java.util.Objects;

/**
 * How a call through the {@link RetryLoop} ended.
 *
 * @param result the last attempt's result; null only when no attempt was made ({@link
 *     End#BUDGET_SPENT} with {@code attempts == 0}) or the attempt returned null
 * @param attempts attempts made, 0 when the budget was too short for even one
 * @param end why the loop stopped
 * @param why one line saying why a retriable failure was not retried ({@link End#WAIT_TOO_LONG},
 *     {@link End#BUDGET_SPENT}, {@link End#INTERRUPTED}); empty otherwise
 */
public record Attempts<R>(R result, int attempts, End end, String why) {

  /** Why the loop stopped. */
  public enum End {
    /** The last attempt succeeded. */
    SUCCEEDED,
    /** The last attempt failed and was not retriable. */
    NOT_RETRIABLE,
    /** Every attempt the policy allows failed. */
    EXHAUSTED,
    /**
     * The wait before the next attempt would have passed the budget (or, with no budget, a server
     * asked for longer than the policy's cap), so it was not taken: the failure is returned at
     * once.
     */
    WAIT_TOO_LONG,
    /** Too little of the budget was left to start an attempt. */
    BUDGET_SPENT,
    /** The wait before a retry was interrupted; the thread's interrupt flag is set again. */
    INTERRUPTED
  }

  public Attempts {
    Objects.requireNonNull(end, "end");
    why = why == null ? "" : why;
    if (attempts < 0) {
      throw new IllegalArgumentException("attempts must be >= 0, got " + attempts);
    }
  }

  public boolean succeeded() {
    return end == End.SUCCEEDED;
  }
}
