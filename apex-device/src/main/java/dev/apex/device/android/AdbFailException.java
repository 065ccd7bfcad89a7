package dev.apex.device.android;

import java.io.IOException;

/** The adb server answered {@code FAIL} to a request; the message is the server's own. */
public final class AdbFailException extends IOException {

  private final String request;
  private final String serverMessage;

  public AdbFailException(String request, String serverMessage) {
    super("adb server refused '" + request + "': " + serverMessage);
    this.request = request;
    this.serverMessage = serverMessage;
  }

  /** The request the server refused, e.g. {@code host:transport:emulator-5554}. */
  public String request() {
    return request;
  }

  /** What the server said, e.g. {@code device offline}. */
  public String serverMessage() {
    return serverMessage;
  }
}
