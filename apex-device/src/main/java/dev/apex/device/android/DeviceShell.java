package dev.apex.device.android;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Runs commands on one device through the adb server and turns every I/O failure into a {@link
 * dev.apex.core.DeviceException} naming the device and the command. Thread-safe.
 */
final class DeviceShell {

  private final AdbServerClient client;
  private final String serial;
  private final String deviceId;

  DeviceShell(AdbServerClient client, String serial) {
    this.client = client;
    this.serial = serial;
    this.deviceId = "android:" + serial;
  }

  String deviceId() {
    return deviceId;
  }

  /** {@code exec:}: the output byte for byte. */
  byte[] exec(String command) {
    try {
      return client.exec(serial, command);
    } catch (IOException e) {
      throw AdbErrors.of(deviceId, command, client.commandTimeout(), e);
    }
  }

  /** {@code shell:}, for the few commands that need a terminal. */
  byte[] shell(String command) {
    try {
      return client.shell(serial, command);
    } catch (IOException e) {
      throw AdbErrors.of(deviceId, command, client.commandTimeout(), e);
    }
  }

  /** {@code exec:}, decoded as UTF-8 (for the text output of {@code input}, {@code am} …). */
  String execText(String command) {
    return new String(exec(command), StandardCharsets.UTF_8);
  }
}
