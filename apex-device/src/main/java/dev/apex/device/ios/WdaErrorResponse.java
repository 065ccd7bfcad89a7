package dev.apex.device.ios;

import dev.apex.core.DeviceText;

/**
 * WDA answered with an error envelope: {@code {"value":{"error","message","traceback"}}} and an
 * HTTP status. The driver decides what it means for the call that got it.
 */
final class WdaErrorResponse extends RuntimeException {

  private final int status;
  private final String error;
  private final String wdaMessage;

  WdaErrorResponse(String call, int status, String error, String wdaMessage) {
    super(
        call
            + " answered HTTP "
            + status
            + " "
            + DeviceText.excerpt(error, 80)
            + ": "
            + DeviceText.excerpt(wdaMessage, 300));
    this.status = status;
    this.error = error;
    this.wdaMessage = wdaMessage;
  }

  int status() {
    return status;
  }

  /** The W3C error code, e.g. {@code invalid session id}, {@code unknown error}. */
  String error() {
    return error;
  }

  String wdaMessage() {
    return wdaMessage;
  }

  boolean isInvalidSession() {
    return "invalid session id".equals(error);
  }
}
