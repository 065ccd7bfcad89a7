package dev.apex.device.web;

import dev.apex.core.RawCapture;
import dev.apex.core.ScreenSize;
import dev.apex.device.Key;
import java.time.Duration;
import java.util.Optional;

/**
 * What differs between the platforms one WebDriver session can drive: how the screen is read, the
 * unit actions speak, keys and apps. {@link WebDevice} turns screenshot pixels into this unit and
 * Selenium's exceptions into the project's; a surface may let either escape.
 */
abstract class Surface {

  final WebSession driver;
  final String deviceId;

  Surface(WebSession driver, String deviceId) {
    this.driver = driver;
    this.deviceId = deviceId;
  }

  abstract WebPlatform platform();

  abstract RawCapture capture();

  abstract ScreenSize screenSize();

  /** Screenshot pixels per unit of the endpoint's actions (device pixel ratio, iOS scale). */
  abstract double scale();

  /** A tap at a point in the endpoint's unit. */
  abstract void tap(int x, int y);

  /** A swipe in the endpoint's unit. */
  abstract void swipe(int fromX, int fromY, int toX, int toY, Duration duration);

  /** Opens a URL in the current tab (a deep link on Appium). */
  void navigate(String url) {
    driver.get(url);
  }

  /** Types into the focused element: WebDriver's send-keys to the active element. */
  void typeText(String text) {
    driver.switchTo().activeElement().sendKeys(text);
  }

  abstract void pressKey(Key key);

  abstract void launchApp(String appId);

  abstract void terminateApp(String appId);

  abstract Optional<String> currentApp();
}
