package dev.apex.device.android;

import dev.apex.core.DeviceException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.time.Duration;

/** Turns the adb client's I/O failures into device errors that say what to do. */
final class AdbErrors {

  private AdbErrors() {}

  /** A failure before the device was reached: the server is down or refused. */
  static DeviceException serverUnreachable(
      String deviceId, AdbAddress address, String what, IOException e) {
    if (e instanceof ConnectException || e instanceof UnknownHostException) {
      return new DeviceException(
          deviceId,
          "no adb server answering at "
              + address
              + ": start it with 'adb start-server', or point ADB_SERVER_SOCKET at it"
              + " (tcp:host:port)",
          e);
    }
    if (e instanceof SocketTimeoutException) {
      return new DeviceException(
          deviceId,
          "the adb server at "
              + address
              + " did not answer '"
              + what
              + "': restart it with 'adb kill-server' then 'adb start-server'",
          e);
    }
    return of(deviceId, what, null, e);
  }

  /**
   * The error for one failed command: a refusal, a timeout, or a connection that closed mid-way.
   * All are retriable: the device may be back, or idle, on the next try.
   */
  static DeviceException of(String deviceId, String command, Duration timeout, IOException e) {
    if (e instanceof AdbFailException fail) {
      return new DeviceException(
          deviceId,
          "the adb server refused '"
              + command
              + "': "
              + fail.serverMessage()
              + " (check the device with 'adb devices')",
          e);
    }
    if (e instanceof SocketTimeoutException) {
      return new DeviceException(
          deviceId,
          "no answer to '"
              + command
              + "' within "
              + (timeout == null ? "the read timeout" : seconds(timeout))
              + ": the device may be asleep, locked or hung; wake it and try again",
          e);
    }
    if (e instanceof ConnectException) {
      return new DeviceException(
          deviceId,
          "no adb server answering while running '"
              + command
              + "': start it with 'adb start-server'",
          e);
    }
    return new DeviceException(
        deviceId,
        "the connection closed while running '" + command + "' (" + e.getMessage() + ")",
        e);
  }

  private static String seconds(Duration d) {
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
  }
}
