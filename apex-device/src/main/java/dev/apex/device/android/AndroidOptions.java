package dev.apex.device.android;

import java.time.Duration;
import java.util.Objects;

/**
 * How the Android driver talks to the adb server.
 *
 * @param connectTimeout how long to wait for the adb server to accept a connection
 * @param readTimeout how long one read may wait for bytes; a dump needs up to ~10 s of idle wait on
 *     a busy screen, so keep this well above that
 * @param dumpMode how {@code uiautomator dump} hands over its XML
 */
public record AndroidOptions(Duration connectTimeout, Duration readTimeout, DumpMode dumpMode) {

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

  public static final AndroidOptions DEFAULTS =
      new AndroidOptions(Duration.ofSeconds(5), Duration.ofSeconds(30), DumpMode.FILE);

  public AndroidOptions {
    Objects.requireNonNull(connectTimeout, "connectTimeout");
    Objects.requireNonNull(readTimeout, "readTimeout");
    Objects.requireNonNull(dumpMode, "dumpMode");
  }

  public AndroidOptions withReadTimeout(Duration readTimeout) {
    return new AndroidOptions(connectTimeout, readTimeout, dumpMode);
  }

  public AndroidOptions withDumpMode(DumpMode dumpMode) {
    return new AndroidOptions(connectTimeout, readTimeout, dumpMode);
  }
}
