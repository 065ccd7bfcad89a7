package dev.apex.core;

/**
 * Input that cannot be used as given: an unknown device, app or tool, a missing argument, a flow
 * file that does not parse. The message names what was wrong and what to do.
 */
public class InvalidInputException extends NonRetriableException {

  public InvalidInputException(String message) {
    super(message);
  }

  public InvalidInputException(String message, Throwable cause) {
    super(message, cause);
  }
}
