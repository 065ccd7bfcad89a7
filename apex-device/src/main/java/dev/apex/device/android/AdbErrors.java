package dev.apex.device.android;

import dev.apex.core.CaptureTooLargeException;
import dev.apex.core.DeviceException;
import dev.apex.device.DeviceLimits;
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
    if (e instanceof SocketTimeoutException && !(e instanceof AdbDeadlineException)) {
      return new DeviceException(
          deviceId,
          "the adb server at "
              + address
              + " did not answer '"
              + what
              + "': restart it with 'adb kill-server' then 'adb start-server'",
          e);
    }
    RuntimeException failure = of(deviceId, what, null, e);
    return failure instanceof DeviceException d
        ? d
        : new DeviceException(deviceId, failure.getMessage(), e);
  }

  /**
   * The error for one failed command: a refusal (of the switch to the device, or of the command
   * itself), a deadline passed, an answer too large, or a connection that closed mid-way. All are
   * retriable {@link DeviceException}s (the device may be back, or idle, on the next try) except an
   * answer too large, a {@link CaptureTooLargeException}: the same flood comes again.
   */
  static RuntimeException of(String deviceId, String command, Duration timeout, IOException e) {
    if (e instanceof AdbFailException fail) {
      if (fail.request().startsWith("host:transport")) {
        return new DeviceException(
            deviceId,
            "the adb server refused '"
                + fail.request()
                + "' (the switch to the device, before '"
                + command
                + "' ran): "
                + fail.serverMessage()
                + " (the device is gone: check 'adb devices'; for a network device 'adb connect"
                + " HOST:PORT')",
            e);
      }
      return new DeviceException(
          deviceId,
          "the adb server refused '"
              + fail.request()
              + "': "
              + fail.serverMessage()
              + " (check the device with 'adb devices')",
          e);
    }
    if (e instanceof AdbTooLargeException large) {
      return new CaptureTooLargeException(deviceId, "'" + command + "'", large.limit());
    }
    if (e instanceof AdbDeadlineException deadline) {
      return new DeviceException(
          deviceId,
          "'"
              + command
              + "' did not finish within its deadline of "
              + DeviceLimits.describe(deadline.deadline())
              + (deadline.request().endsWith(":" + command)
                  ? ""
                  : " (still waiting on '" + deadline.request() + "')")
              + ": the device may be asleep, locked, hung or answering too slowly; wake it, or"
              + " raise "
              + DeviceLimits.TIMEOUT_SETTING,
          e);
    }
    if (e instanceof SocketTimeoutException) {
      return new DeviceException(
          deviceId,
          "no answer to '"
              + command
              + "' within "
              + (timeout == null ? "the timeout" : DeviceLimits.describe(timeout))
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
}
