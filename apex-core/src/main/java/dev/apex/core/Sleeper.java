package dev.apex.core;

import java.time.Duration;

/**
 * Waits. Injected wherever code waits (retries, the {@code wait} tool, polling), so tests use a
 * recording sleeper and never really sleep.
 */
@FunctionalInterface
public interface Sleeper {

  void sleep(Duration duration) throws InterruptedException;

  /** The real one: {@link Thread#sleep(long)}. */
  Sleeper SYSTEM =
      duration -> {
        if (!duration.isNegative() && !duration.isZero()) {
          Thread.sleep(duration.toMillis());
        }
      };
}
