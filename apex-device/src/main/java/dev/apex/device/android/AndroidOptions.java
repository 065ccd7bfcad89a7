package dev.apex.device.android;

import dev.apex.device.DeviceLimits;
import java.time.Duration;
import java.util.Objects;

/**
 * How the Android driver talks to the adb server.
 *
 * @param connectTimeout how long to wait for the adb server to accept a connection
 * @param commandTimeout the deadline of one whole adb command, connection to last byte (a device
 *     that trickles its answer fails here); a dump needs up to ~10 s of idle wait on a busy screen,
 *     so keep this well above that
 * @param dumpMode how {@code uiautomator dump} hands over its XML
 * @param maxCaptureBytes the most bytes one command's output may hold (a screenshot, a dump)
 */
public record AndroidOptions(
    Duration connectTimeout, Duration commandTimeout, DumpMode dumpMode, long maxCaptureBytes) {

  /** How the hierarchy comes back from the device. */
  public enum DumpMode {
    /**
     * Dump to a file, then {@code exec:cat} it: two round trips, byte-exact on every device (no
     * pty). The default.
     */
    FILE,
    /**
     * {@code uiautomator dump /dev/tty} over {@code shell:}: one round trip; the driver cuts the
     * trailer uiautomator prints after the XML. The pty may turn LF into CRLF on old devices.
     */
    TTY
  }

  /** 5 s to connect, {@link DeviceLimits#DEFAULTS}' deadline and cap, dumps through a file. */
  public static final AndroidOptions DEFAULTS = of(DeviceLimits.DEFAULTS);

  public AndroidOptions {
    Objects.requireNonNull(connectTimeout, "connectTimeout");
    Objects.requireNonNull(commandTimeout, "commandTimeout");
    Objects.requireNonNull(dumpMode, "dumpMode");
    if (maxCaptureBytes <= 0) {
      throw new IllegalArgumentException(
          "maxCaptureBytes must be positive, got " + maxCaptureBytes);
    }
  }

  /** The defaults with the deadline and the capture cap of {@code limits}. */
  public static AndroidOptions of(DeviceLimits limits) {
    return new AndroidOptions(
        Duration.ofSeconds(5), limits.timeout(), DumpMode.FILE, limits.maxCaptureBytes());
  }

  public AndroidOptions withCommandTimeout(Duration commandTimeout) {
    return new AndroidOptions(connectTimeout, commandTimeout, dumpMode, maxCaptureBytes);
  }

  public AndroidOptions withDumpMode(DumpMode dumpMode) {
    return new AndroidOptions(connectTimeout, commandTimeout, dumpMode, maxCaptureBytes);
  }

  public AndroidOptions withMaxCaptureBytes(long maxCaptureBytes) {
    return new AndroidOptions(connectTimeout, commandTimeout, dumpMode, maxCaptureBytes);
  }
}
