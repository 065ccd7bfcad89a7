package dev.apex.device.web;

import dev.apex.core.RawCapture;
import dev.apex.core.ScreenSize;
import dev.apex.device.Gestures.Modifier;
import dev.apex.device.Key;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import org.openqa.selenium.UnhandledAlertException;
import org.openqa.selenium.interactions.PointerInput.Kind;

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

  /** The tree alone where the endpoint can size the screen without a screenshot; else capture. */
  RawCapture captureTree() {
    return capture();
  }

  abstract ScreenSize screenSize();

  /** Screenshot pixels per unit of the endpoint's actions (device pixel ratio, iOS scale). */
  abstract double scale();

  /** A tap at a point in the endpoint's unit. */
  abstract void tap(int x, int y);

  /** A swipe in the endpoint's unit. */
  abstract void swipe(int fromX, int fromY, int toX, int toY, Duration duration);

  /** The pointer the endpoint's actions move: a mouse on a browser or a desktop, else a finger. */
  Kind pointerKind() {
    return Kind.TOUCH;
  }

  /** A press held at a point in the endpoint's unit. */
  void longPress(int x, int y, Duration hold) {
    Pointer.longPress(driver, pointerKind(), x, y, hold);
  }

  /** A drag and drop in the endpoint's unit; {@code duration} is the move's. */
  void drag(int fromX, int fromY, int toX, int toY, Duration duration) {
    Pointer.dragAndDrop(driver, pointerKind(), fromX, fromY, toX, toY, duration);
  }

  /** The mouse moved onto a point; only where {@link #pointerKind} is a mouse. */
  void hover(int x, int y) {
    Pointer.hover(driver, x, y);
  }

  /** A click with keys held; only where {@link #pointerKind} is a mouse. */
  void tap(int x, int y, Set<Modifier> modifiers) {
    Pointer.modifierClick(driver, x, y, modifiers);
  }

  /**
   * Picks an option of the drop-down list at a point in the endpoint's unit; only a browser page
   * has one ({@link WebDevice#role} offers the role there only).
   *
   * @return the selected option's visible text
   */
  String selectOption(int x, int y, String option) {
    throw new dev.apex.core.InvalidInputException(
        deviceId + ": a " + platform() + " session has no drop-down lists to pick from");
  }

  /** Opens a URL in the current tab (a deep link on Appium). */
  void navigate(String url) {
    driver.get(url);
  }

  /** Types into the focused element: WebDriver's send-keys to the active element. */
  void typeText(String text) {
    driver.switchTo().activeElement().sendKeys(text);
  }

  abstract void pressKey(Key key);

  /**
   * The exception for an action the endpoint refused because a dialog is open: here the endpoint's
   * own error, translated (a retriable one: an endpoint that dismisses dialogs by itself has done
   * so by now). A surface that shows dialogs names the open one instead.
   */
  RuntimeException blockedByDialog(String action, UnhandledAlertException e) {
    return Failures.translate(deviceId, action, e);
  }

  abstract void launchApp(String appId);

  abstract void terminateApp(String appId);

  abstract Optional<String> currentApp();
}
