package dev.apex.device;

import java.time.Duration;
import java.util.Objects;

/**
 * The bounds every device driver holds its I/O to, whatever the transport (adb, WebDriverAgent,
 * WebDriver). Immutable.
 *
 * @param timeout the deadline of one whole device command (a tap, a dump, a screenshot), from its
 *     first byte sent to its last byte read: a device that trickles its answer fails at the
 *     deadline, not at the first read that waits too long. Setting {@code device.timeout_ms},
 *     default {@value #DEFAULT_TIMEOUT_MS} ms
 * @param maxCaptureBytes the most bytes one answer may carry (a screenshot, a UI tree, a command's
 *     text output); a device that sends more fails with a one-line error instead of filling the
 *     heap. Setting {@code device.max_capture_bytes}, default {@value #DEFAULT_MAX_CAPTURE_BYTES}
 */
public record DeviceLimits(Duration timeout, long maxCaptureBytes) {

  /** 30 s: a busy screen's {@code uiautomator dump} may idle-wait about 10 s. */
  public static final long DEFAULT_TIMEOUT_MS = 30_000;

  /**
   * How a message names the setting of {@link #timeout()} for a person to raise it (the drivers
   * cannot see the settings; a test in apex-config holds this to the declaration).
   */
  public static final String TIMEOUT_SETTING = "device.timeout_ms (--device-timeout)";

  /** 64 MiB: several times a 4K screenshot, far below a default heap. */
  public static final long DEFAULT_MAX_CAPTURE_BYTES = 64L * 1024 * 1024;

  /** The defaults above. */
  public static final DeviceLimits DEFAULTS =
      new DeviceLimits(Duration.ofMillis(DEFAULT_TIMEOUT_MS), DEFAULT_MAX_CAPTURE_BYTES);

  public DeviceLimits {
    Objects.requireNonNull(timeout, "timeout");
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("timeout must be positive, got " + timeout);
    }
    if (maxCaptureBytes <= 0) {
      throw new IllegalArgumentException(
          "maxCaptureBytes must be positive, got " + maxCaptureBytes);
    }
  }

  public DeviceLimits withTimeout(Duration value) {
    return new DeviceLimits(value, maxCaptureBytes);
  }

  public DeviceLimits withMaxCaptureBytes(long value) {
    return new DeviceLimits(timeout, value);
  }

  /** A duration as people read it: {@code 300 ms}, {@code 30 s}. */
  public static String describe(Duration d) {
    long ms = d.toMillis();
    return ms % 1000 == 0 ? ms / 1000 + " s" : ms + " ms";
  }
}
