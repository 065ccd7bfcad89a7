package dev.apex.core.retry;

/**
 * Hears every retry decision of a {@link RetryLoop}. Called on the thread of the call being
 * retried; must be fast. Whatever it throws is logged and ignored.
 */
@FunctionalInterface
public interface RetryListener {

  RetryListener NONE = event -> {};

  void retryDecided(RetryEvent event);
}
