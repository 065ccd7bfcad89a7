package dev.apex.runtime;

import dev.apex.core.ApexException;
import dev.apex.core.Secrets;
import dev.apex.core.Sleeper;
import java.time.Duration;
import java.util.Objects;
import java.util.Random;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one place retry decisions are made. Retries an {@link ApexException} whose {@link
 * ApexException#retriable()} is true, per the {@link RetryPolicy}; anything else (a non-retriable
 * {@code ApexException}, or any other exception, which is a bug) ends the call at once. Every
 * decision is logged and sent to the {@link RetryListener}. Waits only through the injected {@link
 * Sleeper}, drawing jitter from the injected {@link Random}. Not thread-safe (the {@code Random}
 * may not be); one task uses one retrier.
 */
public final class Retrier {

  private static final Logger log = LoggerFactory.getLogger(Retrier.class);

  private final RetryPolicy policy;
  private final Sleeper sleeper;
  private final Random random;
  private final RetryListener listener;

  public Retrier(RetryPolicy policy, Sleeper sleeper, Random random, RetryListener listener) {
    this.policy = Objects.requireNonNull(policy, "policy");
    this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
    this.random = Objects.requireNonNull(random, "random");
    this.listener = Objects.requireNonNull(listener, "listener");
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
    return policy;
  }

  /** Calls {@code action} until it succeeds or the policy says stop. Never throws its failure. */
  public <T> Attempted<T> call(String operation, Supplier<T> action) {
    for (int attempt = 1; ; attempt++) {
      RuntimeException failure;
      try {
        return new Attempted<>(action.get(), null, attempt);
      } catch (RuntimeException e) {
        failure = e;
      }
      String error = messageOf(failure);
      boolean retriable = failure instanceof ApexException apex && apex.retriable();
      if (!retriable) {
        if (!(failure instanceof ApexException)) {
          log.warn("{}: unexpected {}, not retrying", operation, failure.getClass(), failure);
        }
        decide(operation, attempt, RetryEvent.Decision.GIVE_UP_NOT_RETRIABLE, null, error);
        return new Attempted<>(null, failure, attempt);
      }
      if (attempt >= policy.maxAttempts()) {
        decide(operation, attempt, RetryEvent.Decision.GIVE_UP_EXHAUSTED, null, error);
        return new Attempted<>(null, failure, attempt);
      }
      Duration delay = policy.delayBeforeRetry(attempt, random.nextDouble());
      decide(operation, attempt, RetryEvent.Decision.RETRY, delay, error);
      try {
        sleeper.sleep(delay);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        decide(operation, attempt, RetryEvent.Decision.GIVE_UP_INTERRUPTED, null, error);
        return new Attempted<>(null, failure, attempt);
      }
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

  private void decide(
      String operation, int attempt, RetryEvent.Decision decision, Duration delay, String error) {
    RetryEvent event =
        new RetryEvent(operation, attempt, policy.maxAttempts(), decision, delay, error);
    switch (decision) {
      case RETRY ->
          log.info(
              "{}: attempt {}/{} failed ({}); retrying in {} ms",
              operation,
              attempt,
              policy.maxAttempts(),
              error,
              event.delay().toMillis());
      case GIVE_UP_EXHAUSTED ->
          log.warn(
              "{}: attempt {}/{} failed ({}); giving up, no attempts left",
              operation,
              attempt,
              policy.maxAttempts(),
              error);
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
