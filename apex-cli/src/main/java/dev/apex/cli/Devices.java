package dev.apex.cli;

import dev.apex.core.InvalidInputException;
import dev.apex.device.Device;
import dev.apex.device.DeviceLimits;
import dev.apex.device.android.AdbAddress;
import dev.apex.device.android.AndroidDevice;
import dev.apex.device.android.AndroidOptions;
import dev.apex.device.ios.IosDevice;
import dev.apex.device.ios.IosOptions;
import dev.apex.device.sim.SimDevice;
import dev.apex.device.web.WebConfig;
import dev.apex.device.web.WebDevices;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Opens a device from its selector: {@code sim} (the default), {@code android[:SERIAL]}, {@code
 * ios[:WDA_URL]}, {@code web[:URL]} or {@code webdriver:ENDPOINT}.
 */
final class Devices {

  static final String SELECTORS =
      "sim, android[:SERIAL], ios[:WDA_URL], web[:URL] or webdriver:ENDPOINT";

  private Devices() {}

  /** Checks a selector's form without connecting; throws the same error {@link #open} would. */
  static void validate(String selector) {
    String s = selector == null ? "sim" : selector.strip();
    boolean known =
        s.equals("sim")
            || s.equals("android")
            || s.startsWith("android:")
            || s.equals("ios")
            || s.startsWith("ios:")
            || WebDevices.handles(s);
    if (!known) {
      throw new InvalidInputException("unknown device '" + selector + "': use " + SELECTORS);
    }
  }

  /** {@link #open(String, String, Path, DeviceLimits)} with {@link DeviceLimits#DEFAULTS}. */
  static Device open(String selector, String adb, Path capabilities) {
    return open(selector, adb, capabilities, DeviceLimits.DEFAULTS);
  }

  /**
   * Opens the device a selector names.
   *
   * @param adb the adb server as host:port, or null for ADB_SERVER_SOCKET / 127.0.0.1:5037
   * @param capabilities a W3C capabilities JSON file for webdriver:ENDPOINT, or null
   * @param limits the deadline of each whole device command and the cap on one capture, applied to
   *     every driver
   */
  static Device open(String selector, String adb, Path capabilities, DeviceLimits limits) {
    String s = selector == null ? "sim" : selector.strip();
    if (s.equals("sim")) {
      return SimDevice.create();
    }
    if (s.equals("android") || s.startsWith("android:")) {
      String serial = s.equals("android") ? null : s.substring("android:".length());
      AdbAddress address =
          adb != null ? AdbAddress.parse(adb) : AdbAddress.fromEnvironment(System.getenv());
      return AndroidDevice.connect(address, serial, AndroidOptions.of(limits));
    }
    if (s.equals("ios") || s.startsWith("ios:")) {
      return IosDevice.connect(
          s.equals("ios") ? null : s.substring("ios:".length()), IosOptions.of(limits));
    }
    if (WebDevices.handles(s)) {
      return WebDevices.open(
          s, Optional.ofNullable(capabilities), WebConfig.defaults().withLimits(limits));
    }
    throw new InvalidInputException("unknown device '" + selector + "': use " + SELECTORS);
  }
}
