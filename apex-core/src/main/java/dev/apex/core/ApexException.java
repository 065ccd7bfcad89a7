package dev.apex.core;

/**
 * The root of every exception apex-agent throws. Unchecked. Subclasses say whether retrying can
 * help ({@link RetriableException}) or not ({@link NonRetriableException}); messages name what was
 * wrong and what to do, in one line, and never carry a secret: the message is passed through {@link
 * Secrets#redact} here, so one built from a device's or a server's answer cannot carry one either.
 */
public abstract class ApexException extends RuntimeException {

  protected ApexException(String message) {
    super(Secrets.redact(message));
  }

  protected ApexException(String message, Throwable cause) {
    super(Secrets.redact(message), cause);
  }

  /** Whether the same call may succeed if tried again (a timeout, a disconnect, a busy device). */
  public abstract boolean retriable();
}
