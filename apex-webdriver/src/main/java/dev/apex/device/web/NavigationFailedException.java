package dev.apex.device.web;

import dev.apex.core.NonRetriableException;

/**
 * A navigation ended on the browser's own error page ("This site can't be reached") instead of the
 * page asked for. Not retriable here: the browser already made its attempt, and the cause (a
 * refused connection, an unknown host, a bad certificate) is the user's to fix; the message names
 * the network error code, e.g. {@code net::ERR_CONNECTION_REFUSED}.
 */
public final class NavigationFailedException extends NonRetriableException {

  private final String errorCode;

  NavigationFailedException(String deviceId, String url, String errorCode) {
    super(
        deviceId
            + ": navigation to "
            + url
            + " failed: "
            + errorCode
            + " (the browser showed its error page; check the URL and that the server is up)");
    this.errorCode = errorCode;
  }

  /**
   * The browser's error code, e.g. {@code net::ERR_CONNECTION_REFUSED} or {@code HTTP ERROR 500}.
   */
  public String errorCode() {
    return errorCode;
  }
}
