package dev.apex.device.web;

import dev.apex.core.DeviceException;
import dev.apex.core.InvalidInputException;
import dev.apex.core.RawCapture;
import dev.apex.core.TreeFormat;
import dev.apex.device.Key;
import java.util.Map;
import java.util.Optional;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.interactions.PointerInput.Kind;

/**
 * An Appium session on a platform that is neither Android nor iOS — Windows, Mac2, Tizen, a test
 * driver: observed through the page source read as {@link TreeFormat#GENERIC_XML} (never the DOM
 * script, which such drivers cannot run) and a screenshot, acted on with W3C pointer actions (a
 * mouse on the desktop platforms, a finger elsewhere). A source that cannot be read or is not XML
 * fails in one line naming the platform. BACK is WebDriver's back, ENTER the key on the focused
 * element; HOME has no meaning here and is refused. Apps go through Appium's {@code mobile:
 * activateApp} and {@code terminateApp}, which the driver may not support (then refused naming the
 * platform); the current app is not known.
 */
final class GenericSurface extends AppiumSurface {

  private final String platformName;
  private final Kind pointer;

  GenericSurface(WebSession driver, String deviceId, String platformName) {
    super(driver, deviceId);
    this.platformName = platformName.isBlank() ? "(none)" : platformName;
    this.pointer = desktop(platformName) ? Kind.MOUSE : Kind.TOUCH;
  }

  /** Windows and macOS are driven with a mouse; a finger there is emulated, if at all. */
  static boolean desktop(String platformName) {
    String p = platformName.toLowerCase(java.util.Locale.ROOT);
    return p.equals("windows") || p.equals("mac") || p.equals("macos");
  }

  @Override
  WebPlatform platform() {
    return WebPlatform.OTHER;
  }

  /** The session's {@code platformName}, as the endpoint returned it. */
  String platformName() {
    return platformName;
  }

  @Override
  TreeFormat format() {
    return TreeFormat.GENERIC_XML;
  }

  @Override
  RawCapture capture() {
    String source;
    try {
      source = driver.source();
    } catch (WebDriverException e) {
      throw new DeviceException(
          deviceId,
          "the "
              + platformName
              + " session's page source cannot be read: "
              + Failures.firstLine(e)
              + " (apex reads a platform other than Android, iOS or a browser from its XML source)",
          e);
    }
    String head = source.stripLeading();
    if (head.startsWith("\uFEFF")) {
      head = head.substring(1);
    }
    if (!head.startsWith("<")) {
      throw new InvalidInputException(
          deviceId
              + ": the "
              + platformName
              + " session's page source is not XML (it starts with '"
              + Failures.printable(head, 40)
              + "'): apex reads such platforms from an XML source");
    }
    return super.capture(source);
  }

  /**
   * The window rect, else the screenshot's size: not every desktop driver serves {@code GET
   * /window/rect}, and without it the source's unit is taken to be the screenshot's pixel.
   */
  @Override
  Dimension window() {
    try {
      return super.window();
    } catch (WebDriverException e) {
      int[] size = Png.size(driver.getScreenshotAs(OutputType.BYTES));
      return new Dimension(size[0], size[1]);
    }
  }

  @Override
  Kind pointerKind() {
    return pointer;
  }

  @Override
  void tap(int x, int y) {
    Pointer.tap(driver, pointer, x, y);
  }

  @Override
  String appIdArgument() {
    return "appId";
  }

  @Override
  String appIdKind() {
    return "app id";
  }

  @Override
  void pressKey(Key key) {
    switch (key) {
      case BACK -> driver.navigate().back();
      case ENTER -> driver.switchTo().activeElement().sendKeys(Keys.ENTER);
      case HOME ->
          throw new InvalidInputException(
              deviceId + ": HOME has no meaning on a " + platformName + " session");
    }
  }

  /** Launches through {@code mobile: activateApp}, naming the app by both common argument names. */
  @Override
  void launchApp(String appId) {
    mobile("activateApp", appId);
  }

  @Override
  void terminateApp(String appId) {
    mobile("terminateApp", appId);
  }

  private void mobile(String command, String appId) {
    try {
      driver.executeScript("mobile: " + command, Map.of("appId", appId, "bundleId", appId));
    } catch (WebDriverException e) {
      throw new InvalidInputException(
          deviceId
              + ": the "
              + platformName
              + " session cannot "
              + command
              + " '"
              + appId
              + "': "
              + Failures.firstLine(e),
          e);
    }
  }

  @Override
  Optional<String> currentApp() {
    return Optional.empty();
  }
}
