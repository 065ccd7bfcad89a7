package dev.apex.console;

import dev.apex.runtime.safety.Confirmer;
import dev.apex.runtime.safety.SensitiveAction;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The confirm button of one console task. {@link #confirm} (the task's thread) publishes the action
 * as pending and blocks until a person answers through the API ({@link #answer}), the timeout
 * passes, or the task is cancelled ({@link #close}); everything but an allow refuses, and the
 * planner then fails the step with {@code policy_denied}, as with no confirmer at all.
 *
 * <p>At most one action is pending at a time (a task runs one step at a time). Each pending action
 * has a number, so an answer given for one that has since timed out cannot allow the next.
 * Thread-safe: one task thread confirms, any HTTP thread answers.
 */
public final class ConsoleConfirmer implements Confirmer {

  /** How long a pending action waits for an answer by default. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(2);

  /**
   * An action waiting for a person.
   *
   * @param id its number within the console, increasing
   * @param action what the planner wants to do
   */
  public record Pending(long id, SensitiveAction action) {
    public Pending {
      Objects.requireNonNull(action, "action");
    }
  }

  /** How it ended: a person allowed or refused it, no one answered in time, the task stopped. */
  public enum Outcome {
    ALLOWED,
    REFUSED,
    TIMED_OUT,
    CANCELLED
  }

  /** Told when an action starts and stops waiting; called on the task's thread, must not block. */
  public interface Listener {
    void needed(Pending pending);

    void resolved(Pending pending, Outcome outcome);
  }

  private static final AtomicLong IDS = new AtomicLong();

  private final Duration timeout;
  private final Listener listener;
  private Pending pending;
  private CompletableFuture<Boolean> answer;
  private boolean closed;

  /**
   * @param timeout how long an action waits before it is refused; zero refuses at once (nobody can
   *     answer), which tests use instead of waiting
   * @param listener told of every pending action and its end (the console's event stream)
   */
  public ConsoleConfirmer(Duration timeout, Listener listener) {
    Objects.requireNonNull(timeout, "timeout");
    if (timeout.isNegative()) {
      throw new IllegalArgumentException("timeout must not be negative, was " + timeout);
    }
    this.timeout = timeout;
    this.listener = Objects.requireNonNull(listener, "listener");
  }

  /**
   * Blocks until the action is answered, times out or the task is cancelled; true only if allowed.
   */
  @Override
  public boolean confirm(SensitiveAction action) {
    Objects.requireNonNull(action, "action");
    Pending mine;
    CompletableFuture<Boolean> future = new CompletableFuture<>();
    synchronized (this) {
      if (closed) {
        return false;
      }
      mine = new Pending(IDS.incrementAndGet(), action);
      pending = mine;
      answer = future;
    }
    listener.needed(mine);
    Outcome outcome;
    try {
      outcome =
          future.get(timeout.toNanos(), TimeUnit.NANOSECONDS) ? Outcome.ALLOWED : Outcome.REFUSED;
    } catch (TimeoutException e) {
      outcome = Outcome.TIMED_OUT;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      outcome = Outcome.CANCELLED;
    } catch (ExecutionException e) {
      outcome = Outcome.CANCELLED;
    }
    synchronized (this) {
      // An answer that landed between the timeout and this block was reported to its sender as
      // taken, so it stands.
      if ((outcome == Outcome.TIMED_OUT || outcome == Outcome.CANCELLED)
          && !future.complete(false)
          && !future.isCompletedExceptionally()) {
        outcome = future.join() ? Outcome.ALLOWED : Outcome.REFUSED;
      }
      if (pending == mine) {
        pending = null;
        answer = null;
      }
    }
    listener.resolved(mine, outcome);
    return outcome == Outcome.ALLOWED;
  }

  /** The action waiting now, if any. */
  public synchronized Optional<Pending> pending() {
    return Optional.ofNullable(pending);
  }

  /**
   * Answers the pending action.
   *
   * @param id the number of the action answered, or null for whichever is pending
   * @return the action answered; empty when none is pending, or the one pending has another number
   */
  public synchronized Optional<Pending> answer(Long id, boolean allow) {
    if (pending == null || (id != null && id != pending.id()) || !answer.complete(allow)) {
      return Optional.empty();
    }
    return Optional.of(pending);
  }

  /** Refuses what is pending and everything asked later: the task is stopping. Idempotent. */
  public synchronized void close() {
    closed = true;
    if (answer != null) {
      answer.completeExceptionally(new IllegalStateException("the task was cancelled"));
    }
  }
}
