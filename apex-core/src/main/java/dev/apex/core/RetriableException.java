package dev.apex.core;

/**
 * A failure that may pass if the same call is tried again: timeouts, disconnects, a busy device.
 */
public class RetriableException extends ApexException {

  public RetriableException(String message) {
    super(message);
  }

  public RetriableException(String message, Throwable cause) {
    super(message, cause);
  }

  @Override
  public final boolean retriable() {
    return true;
  }
}
