package dev.apex.device.android;

import java.net.SocketTimeoutException;
import java.time.Duration;

/**
 * A whole adb command ran past its deadline: the server kept the connection open (silent, or
 * trickling bytes) for longer than the command may take.
 */
public final class AdbDeadlineException extends SocketTimeoutException {

  private final String request;
  private final Duration deadline;

  public AdbDeadlineException(String request, Duration deadline) {
    super("adb request '" + request + "' did not finish within " + deadline.toMillis() + " ms");
    this.request = request;
    this.deadline = deadline;
  }

  /** The request that was running when time ran out, e.g. {@code exec:screencap -p}. */
  public String request() {
    return request;
  }

  /** The whole command's deadline. */
  public Duration deadline() {
    return deadline;
  }
}
