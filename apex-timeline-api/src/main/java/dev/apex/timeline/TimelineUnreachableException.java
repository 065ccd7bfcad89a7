package dev.apex.timeline;

import dev.apex.core.NonRetriableException;

/**
 * A timeline on a database server could not be written for longer than its write deadline ({@code
 * timeline.write_timeout}), or could not be reached at all when opened. The message names the
 * timeline (its URL without the password) and what was being written. A task whose step cannot be
 * recorded must not go on as if it were: whoever records it ends it {@code FAILED} with this
 * message.
 */
public class TimelineUnreachableException extends NonRetriableException {

  public TimelineUnreachableException(String message, Throwable cause) {
    super(message, cause);
  }
}
