package dev.apex.device.web;

import dev.apex.device.DeviceLimits;
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
 * @param commandTimeout the deadline of one whole WebDriver command, request to last byte of the
 *     answer, before it fails with a retriable {@link dev.apex.core.DeviceException} naming it
 * @param sessionTimeout the deadline of creating the session: a Grid or an Appium server may start
 *     a browser or an emulator for it
 * @param maxCaptureBytes the most bytes one answer may carry (a base64 screenshot, a page source,
 *     the DOM script's result)
 */
public record WebConfig(
    Path chromium,
    Path chromedriver,
    int viewportWidth,
    int viewportHeight,
    double deviceScaleFactor,
    Duration pageLoadTimeout,
    Duration commandTimeout,
    Duration sessionTimeout,
    long maxCaptureBytes) {

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
    Objects.requireNonNull(sessionTimeout, "sessionTimeout");
    if (maxCaptureBytes <= 0) {
      throw new IllegalArgumentException(
          "maxCaptureBytes must be positive, got " + maxCaptureBytes);
    }
  }

  /**
   * 1280×800 CSS pixels at ratio 1, 30 s page loads, {@link DeviceLimits#DEFAULTS}' command
   * deadline (30 s) and capture cap, 120 s to create a session, binaries as configured.
   */
  public static WebConfig defaults() {
    return new WebConfig(
        configured("apex.web.chromium", "APEX_CHROMIUM"),
        configured("apex.web.chromedriver", "APEX_CHROMEDRIVER"),
        1280,
        800,
        1.0,
        Duration.ofSeconds(30),
        DeviceLimits.DEFAULTS.timeout(),
        Duration.ofSeconds(120),
        DeviceLimits.DEFAULTS.maxCaptureBytes());
  }

  /** How long connecting to the endpoint may take: 10 s, or the command deadline when shorter. */
  public Duration connectTimeout() {
    Duration ten = Duration.ofSeconds(10);
    return commandTimeout.compareTo(ten) < 0 ? commandTimeout : ten;
  }

  public WebConfig withChromium(Path path) {
    return new WebConfig(
        path,
        chromedriver,
        viewportWidth,
        viewportHeight,
        deviceScaleFactor,
        pageLoadTimeout,
        commandTimeout,
        sessionTimeout,
        maxCaptureBytes);
  }

  public WebConfig withChromedriver(Path path) {
    return new WebConfig(
        chromium,
        path,
        viewportWidth,
        viewportHeight,
        deviceScaleFactor,
        pageLoadTimeout,
        commandTimeout,
        sessionTimeout,
        maxCaptureBytes);
  }

  public WebConfig withViewport(int width, int height, double scaleFactor) {
    return new WebConfig(
        chromium,
        chromedriver,
        width,
        height,
        scaleFactor,
        pageLoadTimeout,
        commandTimeout,
        sessionTimeout,
        maxCaptureBytes);
  }

  public WebConfig withCommandTimeout(Duration timeout) {
    return new WebConfig(
        chromium,
        chromedriver,
        viewportWidth,
        viewportHeight,
        deviceScaleFactor,
        pageLoadTimeout,
        timeout,
        sessionTimeout,
        maxCaptureBytes);
  }

  public WebConfig withSessionTimeout(Duration timeout) {
    return new WebConfig(
        chromium,
        chromedriver,
        viewportWidth,
        viewportHeight,
        deviceScaleFactor,
        pageLoadTimeout,
        commandTimeout,
        timeout,
        maxCaptureBytes);
  }

  /**
   * The device bounds: {@code limits}' deadline for every command (a page load gets no longer than
   * it either) and its capture cap for every answer. Session creation keeps its own deadline.
   */
  public WebConfig withLimits(DeviceLimits limits) {
    Duration t = limits.timeout();
    return new WebConfig(
        chromium,
        chromedriver,
        viewportWidth,
        viewportHeight,
        deviceScaleFactor,
        pageLoadTimeout.compareTo(t) > 0 ? t : pageLoadTimeout,
        t,
        sessionTimeout,
        limits.maxCaptureBytes());
  }

  private static Path configured(String property, String env) {
    String value = System.getProperty(property);
    if (value == null || value.isBlank()) {
      value = System.getenv(env);
    }
    return value == null || value.isBlank() ? null : Path.of(value.strip());
  }
}
