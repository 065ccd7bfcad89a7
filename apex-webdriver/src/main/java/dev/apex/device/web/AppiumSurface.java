package dev.apex.device.web;

import dev.apex.core.InvalidInputException;
import dev.apex.core.RawCapture;
import dev.apex.core.ScreenSize;
import dev.apex.core.TreeFormat;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.interactions.PointerInput.Kind;

/**
 * A native app behind an Appium server: observed through the page source and a screenshot, acted on
 * with a finger. Subclasses name the tree format, the unit and the platform's {@code mobile:}
 * commands.
 */
abstract class AppiumSurface extends Surface {

  private double scale;

  AppiumSurface(WebSession driver, String deviceId) {
    super(driver, deviceId);
  }

  abstract TreeFormat format();

  /** The argument name Appium's {@code mobile: activateApp} and {@code terminateApp} take. */
  abstract String appIdArgument();

  /** What an app id is called on the platform, for error messages. */
  abstract String appIdKind();

  @Override
  RawCapture capture() {
    return capture(driver.source());
  }

  /** A capture of {@code source} (the page source just read) with a fresh screenshot. */
  RawCapture capture(String source) {
    byte[] tree = source.getBytes(StandardCharsets.UTF_8);
    byte[] png = driver.getScreenshotAs(OutputType.BYTES);
    int[] size = Png.size(png);
    return new RawCapture(
        deviceId, format(), tree, png, new ScreenSize(size[0], size[1], scaleFrom(size[0])));
  }

  /** The window rect's size in the endpoint's unit. */
  Dimension window() {
    return driver.manage().window().getSize();
  }

  @Override
  ScreenSize screenSize() {
    Dimension window = window();
    double s = scale();
    return new ScreenSize(
        (int) Math.round(window.getWidth() * s), (int) Math.round(window.getHeight() * s), s);
  }

  @Override
  double scale() {
    if (scale <= 0) {
      scaleFrom(Png.size(driver.getScreenshotAs(OutputType.BYTES))[0]);
    }
    return scale;
  }

  /**
   * Pixels per unit of the window rect: the screenshot's width over the window's. Android's window
   * rect is already in pixels (1.0); iOS's is in points (2.0 or 3.0).
   */
  private double scaleFrom(int screenshotWidth) {
    if (scale <= 0) {
      int windowWidth = window().getWidth();
      double ratio = windowWidth > 0 ? (double) screenshotWidth / windowWidth : 1.0;
      // Snap to the nearest half: screenshots may be a few pixels off the exact multiple.
      scale = Math.max(0.5, Math.round(ratio * 2) / 2.0);
    }
    return scale;
  }

  @Override
  void tap(int x, int y) {
    Pointer.tap(driver, Kind.TOUCH, x, y);
  }

  @Override
  void swipe(int fromX, int fromY, int toX, int toY, Duration duration) {
    Pointer.drag(driver, fromX, fromY, toX, toY, duration);
  }

  /**
   * Asks Appium whether the app is installed first, so an unknown id fails as bad input naming it
   * rather than as a server error.
   */
  @Override
  void launchApp(String appId) {
    Object installed =
        driver.executeScript("mobile: isAppInstalled", Map.of(appIdArgument(), appId));
    if (Boolean.FALSE.equals(installed)) {
      throw new InvalidInputException(
          deviceId
              + ": app '"
              + appId
              + "' is not installed: give the "
              + appIdKind()
              + " of an installed app");
    }
    driver.executeScript("mobile: activateApp", Map.of(appIdArgument(), appId));
  }

  @Override
  void terminateApp(String appId) {
    driver.executeScript("mobile: terminateApp", Map.of(appIdArgument(), appId));
  }
}
