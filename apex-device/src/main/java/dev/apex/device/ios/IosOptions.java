package dev.apex.device.ios;

import dev.apex.device.DeviceLimits;
import java.time.Duration;
import java.util.Objects;

/**
 * How the iOS driver talks to WebDriverAgent.
 *
 * @param connectTimeout how long to wait for WDA to accept a connection
 * @param requestTimeout the deadline of an ordinary whole call (tap, keys, app state, screenshot),
 *     from the request to the last byte of the answer
 * @param sourceTimeout the deadline of {@code /source}: seconds on a plain screen, tens of seconds
 *     on a complex or WebView screen
 * @param maxCaptureBytes the most bytes one answer may carry (the base64 screenshot, the source)
 */
public record IosOptions(
    Duration connectTimeout,
    Duration requestTimeout,
    Duration sourceTimeout,
    long maxCaptureBytes) {

  /** {@code /source} gets this many times the ordinary deadline: a complex screen is slow. */
  public static final int SOURCE_FACTOR = 3;

  /** 5 s to connect; 30 s per call, 90 s for {@code /source}; 64 MiB per answer. */
  public static final IosOptions DEFAULTS = of(DeviceLimits.DEFAULTS);

  public IosOptions {
    Objects.requireNonNull(connectTimeout, "connectTimeout");
    Objects.requireNonNull(requestTimeout, "requestTimeout");
    Objects.requireNonNull(sourceTimeout, "sourceTimeout");
    if (maxCaptureBytes <= 0) {
      throw new IllegalArgumentException(
          "maxCaptureBytes must be positive, got " + maxCaptureBytes);
    }
  }

  public IosOptions(Duration connectTimeout, Duration requestTimeout, Duration sourceTimeout) {
    this(connectTimeout, requestTimeout, sourceTimeout, DeviceLimits.DEFAULT_MAX_CAPTURE_BYTES);
  }

  /**
   * The device bounds as WDA's: {@code limits}' deadline for every call, {@value #SOURCE_FACTOR}
   * times it for {@code /source}, connecting within 5 s (or the deadline when shorter).
   */
  public static IosOptions of(DeviceLimits limits) {
    Duration t = limits.timeout();
    Duration connect = t.compareTo(Duration.ofSeconds(5)) < 0 ? t : Duration.ofSeconds(5);
    return new IosOptions(connect, t, t.multipliedBy(SOURCE_FACTOR), limits.maxCaptureBytes());
  }

  /** The same timeout for every call, e.g. a short one in tests. */
  public static IosOptions allTimeouts(Duration timeout) {
    return new IosOptions(timeout, timeout, timeout);
  }

  public IosOptions withMaxCaptureBytes(long value) {
    return new IosOptions(connectTimeout, requestTimeout, sourceTimeout, value);
  }
}
