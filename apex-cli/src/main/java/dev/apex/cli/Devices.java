package dev.apex.cli;

import dev.apex.device.Device;
import dev.apex.device.DeviceLimits;
import dev.apex.device.DeviceOptions;
import dev.apex.device.DeviceProviders;
import java.nio.file.Path;

/**
 * The CLI's options for opening a device ({@code --adb}, {@code --capabilities}, the device bounds)
 * as {@link DeviceOptions}, opened through the providers on the classpath ({@link
 * DeviceProviders}).
 */
final class Devices {

  static final String SELECTORS = DeviceProviders.SELECTORS;

  private Devices() {}

  /** {@link #open(String, String, Path, DeviceLimits)} with {@link DeviceLimits#DEFAULTS}. */
  static Device open(String selector, String adb, Path capabilities) {
    return open(selector, adb, capabilities, DeviceLimits.DEFAULTS);
  }

  /**
   * Opens the device a selector names.
   *
   * @param adb the adb server as host:port, or null for ADB_SERVER_SOCKET / 127.0.0.1:5037
   * @param capabilities a W3C capabilities JSON file for webdriver:ENDPOINT, or null
   * @param limits the deadline of each whole device command and the cap on one capture
   */
  static Device open(String selector, String adb, Path capabilities, DeviceLimits limits) {
    return DeviceProviders.open(selector, options(adb, capabilities, limits));
  }

  static DeviceOptions options(String adb, Path capabilities, DeviceLimits limits) {
    return new DeviceOptions(adb, capabilities, limits, System.getenv());
  }
}
