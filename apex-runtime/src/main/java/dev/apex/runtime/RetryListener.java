package dev.apex.runtime;

/**
 * Hears every retry decision. Called on the task's thread; must be fast. Whatever it throws is
 * logged and ignored.
 */
@FunctionalInterface
public interface RetryListener {

  RetryListener NONE = event -> {};

  void retryDecided(RetryEvent event);
}
