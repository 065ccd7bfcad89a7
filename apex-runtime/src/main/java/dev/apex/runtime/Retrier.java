package dev.apex.runtime;

import dev.apex.core.ApexException;
import dev.apex.core.Secrets;
import dev.apex.core.Sleeper;
import dev.apex.core.retry.Attempts;
import dev.apex.core.retry.Outcome;
import dev.apex.core.retry.RetryListener;
import dev.apex.core.retry.RetryLoop;
import dev.apex.core.retry.RetryPolicy;
import java.time.Clock;
import java.util.Objects;
import java.util.Random;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The runtime's side of the one {@link RetryLoop}: it says what a device call's failure means — an
 * {@link ApexException} whose {@link ApexException#retriable()} is true may be retried, anything
 * else (a non-retriable {@code ApexException}, or any other exception, which is a bug) ends the
 * call at once — and the loop decides per the {@link RetryPolicy}, with no time budget. Every
 * decision is logged and sent to the {@link RetryListener}. Waits only through the injected {@link
 * Sleeper}, drawing jitter from the injected {@link Random}. Not thread-safe (the {@code Random}
 * may not be); one task uses one retrier.
 */
public final class Retrier {

  private static final Logger log = LoggerFactory.getLogger(Retrier.class);

  private final RetryLoop loop;

  public Retrier(RetryPolicy policy, Sleeper sleeper, Random random, RetryListener listener) {
    Objects.requireNonNull(random, "random");
    // No call here has a budget, so the loop never reads its clock.
    this.loop = new RetryLoop(policy, Clock.systemUTC(), sleeper, random::nextDouble, listener);
  }

  /**
   * What a call gave: a value, or the last failure, and how many attempts it took.
   *
   * @param value the value when it succeeded (may be null)
   * @param failure the last failure, or null when it succeeded
   * @param attempts attempts made, at least 1
   */
  public record Attempted<T>(T value, RuntimeException failure, int attempts) {
    public boolean succeeded() {
      return failure == null;
    }
  }

  public RetryPolicy policy() {
    return loop.policy();
  }

  /** Calls {@code action} until it succeeds or the policy says stop. Never throws its failure. */
  public <T> Attempted<T> call(String operation, Supplier<T> action) {
    Objects.requireNonNull(action, "action");
    Attempts<Attempted<T>> done = loop.run(operation, null, noBudget -> attempt(operation, action));
    Attempted<T> last = done.result();
    return new Attempted<>(last.value(), last.failure(), done.attempts());
  }

  private static <T> Outcome<Attempted<T>> attempt(String operation, Supplier<T> action) {
    try {
      return Outcome.success(new Attempted<>(action.get(), null, 1));
    } catch (RuntimeException e) {
      Attempted<T> failed = new Attempted<>(null, e, 1);
      if (e instanceof ApexException apex) {
        return apex.retriable()
            ? Outcome.retriable(failed, messageOf(e), null)
            : Outcome.failure(failed, messageOf(e));
      }
      log.warn("{}: unexpected {}, not retrying", operation, e.getClass(), e);
      return Outcome.failure(failed, messageOf(e));
    }
  }

  /** The exception's message, or its class name when it has none. */
  static String messageOf(Throwable t) {
    String m = Secrets.redact(t.getMessage());
    if (t instanceof ApexException) {
      return m == null ? t.getClass().getSimpleName() : m;
    }
    return "unexpected " + t.getClass().getSimpleName() + (m == null ? "" : ": " + m);
  }
}
