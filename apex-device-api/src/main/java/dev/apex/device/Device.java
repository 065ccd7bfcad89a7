package dev.apex.device;

import dev.apex.core.RawCapture;
import dev.apex.core.ScreenSize;
import java.time.Duration;
import java.util.Optional;

/**
 * A phone, a browser or the simulated device. Coordinates are in the pixels of the device's
 * screenshot (the unit a {@code Scene} states); a driver whose platform speaks points converts.
 *
 * <p>Failures: a device that does not answer, disconnects or times out throws {@link
 * dev.apex.core.DeviceException} (retriable); bad input (an unknown app, text the device cannot
 * type) throws {@link dev.apex.core.InvalidInputException}. Not thread-safe: one task drives one
 * device at a time.
 */
public interface Device extends AutoCloseable {

  /** The selector-style id, e.g. {@code sim}, {@code android:emulator-5554}. */
  String id();

  /** The screen as the device gives it: the raw tree and, where the device can, a PNG. */
  RawCapture capture();

  /**
   * The screen's tree alone, for a caller that reads no screenshot (a describe without OCR, an
   * element wait's polls, a tap's settle check): the capture may come without a screenshot, so a
   * driver whose screenshot costs a round trip (adb's {@code screencap}, WebDriverAgent's {@code
   * /screenshot}, a WebDriver screenshot) skips it. Same tree, format, screen size and failures as
   * {@link #capture()}; by default it is {@link #capture()}.
   */
  default RawCapture captureTree() {
    return capture();
  }

  void tap(int x, int y);

  void swipe(int fromX, int fromY, int toX, int toY, Duration duration);

  /** Types into the focused field. */
  void typeText(String text);

  void pressKey(Key key);

  /** Brings the app to the foreground, starting it if needed. Unknown ids fail clearly. */
  void launchApp(String appId);

  void terminateApp(String appId);

  /** The foreground app's id, when the device can tell. */
  Optional<String> currentApp();

  ScreenSize screenSize();

  /**
   * This device as {@code role} (one of {@link Gestures}' interfaces), or empty when it cannot make
   * that gesture. By default the device itself when it implements the role; a wrapper ({@link
   * ForwardingDevice}) answers for the device it wraps.
   */
  default <T> Optional<T> role(Class<T> role) {
    return role.isInstance(this) ? Optional.of(role.cast(this)) : Optional.empty();
  }

  /** Releases the connection; never throws. */
  @Override
  void close();
}
