package dev.apex.core;

/** A failure that trying again will not fix: bad input, an unknown app, a malformed dump. */
public class NonRetriableException extends ApexException {

  public NonRetriableException(String message) {
    super(message);
  }

  public NonRetriableException(String message, Throwable cause) {
    super(message, cause);
  }

  @Override
  public final boolean retriable() {
    return false;
  }
}
