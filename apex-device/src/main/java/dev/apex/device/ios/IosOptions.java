package dev.apex.device.ios;

import java.time.Duration;
import java.util.Objects;

/**
 * How the iOS driver talks to WebDriverAgent.
 *
 * @param connectTimeout how long to wait for WDA to accept a connection
 * @param requestTimeout how long an ordinary call (tap, keys, app state) may take
 * @param sourceTimeout how long {@code /source} may take: seconds on a plain screen, tens of
 *     seconds on a complex or WebView screen
 */
public record IosOptions(Duration connectTimeout, Duration requestTimeout, Duration sourceTimeout) {

  public static final IosOptions DEFAULTS =
      new IosOptions(Duration.ofSeconds(5), Duration.ofSeconds(30), Duration.ofSeconds(90));

  public IosOptions {
    Objects.requireNonNull(connectTimeout, "connectTimeout");
    Objects.requireNonNull(requestTimeout, "requestTimeout");
    Objects.requireNonNull(sourceTimeout, "sourceTimeout");
  }

  /** The same timeout for every call, e.g. a short one in tests. */
  public static IosOptions allTimeouts(Duration timeout) {
    return new IosOptions(timeout, timeout, timeout);
  }
}
