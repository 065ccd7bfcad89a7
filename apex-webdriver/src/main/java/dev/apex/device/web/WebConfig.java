package dev.apex.device.web;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * How web devices start and talk to their endpoint. Immutable; {@link #defaults()} reads the
 * binaries' paths from system properties {@code apex.web.chromium} and {@code
 * apex.web.chromedriver}, else the environment variables {@code APEX_CHROMIUM} and {@code
 * APEX_CHROMEDRIVER}.
 *
 * @param chromium the Chromium binary, or null to look for {@code chromium} on the PATH
 * @param chromedriver the chromedriver binary, or null to look for {@code chromedriver} on the PATH
 * @param viewportWidth the local browser's window width in CSS pixels
 * @param viewportHeight the local browser's window height in CSS pixels
 * @param deviceScaleFactor the local browser's device pixel ratio (screenshot pixels per CSS pixel)
 * @param pageLoadTimeout how long a navigation may take before it fails
 * @param commandTimeout how long one WebDriver command (including session creation on a Grid) may
 *     take before it fails with a retriable {@link dev.apex.core.DeviceException}
 */
public record WebConfig(
    Path chromium,
    Path chromedriver,
    int viewportWidth,
    int viewportHeight,
    double deviceScaleFactor,
    Duration pageLoadTimeout,
    Duration commandTimeout) {

  public WebConfig {
    if (viewportWidth <= 0 || viewportHeight <= 0) {
      throw new IllegalArgumentException(
          "viewport must be positive, got " + viewportWidth + "x" + viewportHeight);
    }
    if (!(deviceScaleFactor > 0)) {
      throw new IllegalArgumentException(
          "deviceScaleFactor must be positive, got " + deviceScaleFactor);
    }
    Objects.requireNonNull(pageLoadTimeout, "pageLoadTimeout");
    Objects.requireNonNull(commandTimeout, "commandTimeout");
  }

  /** 1280×800 CSS pixels at ratio 1, 30 s page loads, 120 s commands, binaries as configured. */
  public static WebConfig defaults() {
    return new WebConfig(
        configured("apex.web.chromium", "APEX_CHROMIUM"),
        configured("apex.web.chromedriver", "APEX_CHROMEDRIVER"),
        1280,
        800,
        1.0,
        Duration.ofSeconds(30),
        Duration.ofSeconds(120));
  }

  public WebConfig withChromium(Path path) {
    return new WebConfig(
        path,
        chromedriver,
        viewportWidth,
        viewportHeight,
        deviceScaleFactor,
        pageLoadTimeout,
        commandTimeout);
  }

  public WebConfig withChromedriver(Path path) {
    return new WebConfig(
        chromium,
        path,
        viewportWidth,
        viewportHeight,
        deviceScaleFactor,
        pageLoadTimeout,
        commandTimeout);
  }

  public WebConfig withViewport(int width, int height, double scaleFactor) {
    return new WebConfig(
        chromium, chromedriver, width, height, scaleFactor, pageLoadTimeout, commandTimeout);
  }

  public WebConfig withCommandTimeout(Duration timeout) {
    return new WebConfig(
        chromium,
        chromedriver,
        viewportWidth,
        viewportHeight,
        deviceScaleFactor,
        pageLoadTimeout,
        timeout);
  }

  private static Path configured(String property, String env) {
    String value = System.getProperty(property);
    if (value == null || value.isBlank()) {
      value = System.getenv(env);
    }
    return value == null || value.isBlank() ? null : Path.of(value.strip());
  }
}
