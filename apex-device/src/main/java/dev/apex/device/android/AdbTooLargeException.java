package dev.apex.device.android;

import java.io.IOException;

/** The adb server sent more bytes for one request than a capture may carry; reading stopped. */
public final class AdbTooLargeException extends IOException {

  private final String request;
  private final long limit;

  public AdbTooLargeException(String request, long limit) {
    super("adb request '" + request + "' sent more than " + limit + " bytes");
    this.request = request;
    this.limit = limit;
  }

  public String request() {
    return request;
  }

  public long limit() {
    return limit;
  }
}
