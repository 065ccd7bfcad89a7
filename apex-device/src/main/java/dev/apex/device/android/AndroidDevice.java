package dev.apex.device.android;

import dev.apex.core.DeviceException;
import dev.apex.core.DeviceText;
import dev.apex.core.InvalidInputException;
import dev.apex.core.RawCapture;
import dev.apex.core.ScreenSize;
import dev.apex.device.Device;
import dev.apex.device.Gestures;
import dev.apex.device.Key;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An Android phone or emulator driven through the adb server ({@code --device android[:SERIAL]}).
 *
 * <p>Units: physical pixels of the current orientation, as in the dump and the screenshot. Each
 * call opens one adb connection and blocks until the device answers, at most until the command's
 * deadline ({@link AndroidOptions#commandTimeout()}); an answer larger than the capture cap fails
 * with a {@link dev.apex.core.CaptureTooLargeException}. Nothing is retried here: transport
 * failures, timeouts and uiautomator's {@code could not get idle state} are {@link
 * DeviceException}s for the runtime's executor to retry with backoff. Not thread-safe (one task
 * drives one device).
 *
 * <p>Gestures: a long press is {@code input swipe} to the same point; a drag is {@code input
 * draganddrop} from Android 7 (API 24, read once from {@code ro.build.version.sdk}), before that a
 * slower {@code input swipe}.
 */
public final class AndroidDevice implements Device, Gestures.LongPress, Gestures.Drag {

  /** The first API level whose {@code input} knows {@code draganddrop} (Android 7). */
  static final int DRAG_AND_DROP_SDK = 24;

  /**
   * Added to a drag's duration when it must be a plain swipe: the slower the move, the longer the
   * finger stays near the item, which is all {@code input swipe} can do to pick it up.
   */
  static final Duration SWIPE_DRAG_EXTRA = Duration.ofSeconds(1);

  private static final Pattern WM_SIZE =
      Pattern.compile("(Physical|Override) size:\\s*(\\d+)x(\\d+)");

  private final String serial;
  private final DeviceShell shell;
  private final AndroidCapture capture;
  private ScreenSize screenSize;
  private ScreenSize naturalSize;
  private Integer sdkLevel;

  private AndroidDevice(AdbServerClient client, String serial, AndroidOptions options) {
    this.serial = serial;
    this.shell = new DeviceShell(client, serial);
    this.capture = new AndroidCapture(shell, options.dumpMode());
  }

  /**
   * Connects to the device with {@code serial} (or the only one attached, when null) through the
   * adb server the environment names ({@link AdbAddress#fromEnvironment}).
   */
  public static AndroidDevice connect(String serial) {
    return connect(AdbAddress.fromEnvironment(System.getenv()), serial, AndroidOptions.DEFAULTS);
  }

  /**
   * Connects through the adb server at {@code address}; fails clearly (see {@link
   * AdbDevices#select}) when the device is unknown, offline, unauthorized or ambiguous.
   */
  public static AndroidDevice connect(AdbAddress address, String serial, AndroidOptions options) {
    Objects.requireNonNull(address, "address");
    Objects.requireNonNull(options, "options");
    AdbServerClient client =
        new AdbServerClient(
            address, options.connectTimeout(), options.commandTimeout(), options.maxCaptureBytes());
    AdbDevices.Entry entry = new AdbDevices(client).select(serial);
    return new AndroidDevice(client, entry.serial(), options);
  }

  public String serial() {
    return serial;
  }

  @Override
  public String id() {
    return shell.deviceId();
  }

  /**
   * The dump's bytes as received (trailer cut in TTY mode) and the PNG; the size is the PNG's,
   * which follows the rotation, and becomes what {@link #screenSize()} answers.
   */
  @Override
  public RawCapture capture() {
    RawCapture raw = capture.capture();
    screenSize = raw.screen();
    return raw;
  }

  /**
   * {@code uiautomator dump} alone, no {@code screencap}: the size is the display's ({@code wm
   * size}, read once), turned by the dump's rotation.
   */
  @Override
  public RawCapture captureTree() {
    if (naturalSize == null) {
      naturalSize = parseWmSize(id(), shell.execText(AndroidCommands.wmSize()));
    }
    return capture.captureTree(naturalSize);
  }

  @Override
  public void tap(int x, int y) {
    run(AndroidCommands.tap(x, y));
  }

  @Override
  public void swipe(int fromX, int fromY, int toX, int toY, Duration duration) {
    Objects.requireNonNull(duration, "duration");
    run(AndroidCommands.swipe(fromX, fromY, toX, toY, duration.toMillis()));
  }

  /** {@code input swipe x y x y ms}: {@code input} holds a swipe that does not move. */
  @Override
  public void longPress(int x, int y, Duration duration) {
    Gestures.requireDuration("long press", duration);
    run(AndroidCommands.swipe(x, y, x, y, duration.toMillis()));
  }

  /**
   * {@code input draganddrop} (it presses for the long-press timeout before moving) where the
   * device has it; otherwise, or when {@code input} answers that it does not know the verb, a swipe
   * {@link #SWIPE_DRAG_EXTRA} slower than {@code duration}.
   */
  @Override
  public void drag(int fromX, int fromY, int toX, int toY, Duration duration) {
    Gestures.requireDuration("drag", duration);
    long millis = duration.toMillis();
    String swipe =
        AndroidCommands.swipe(fromX, fromY, toX, toY, millis + SWIPE_DRAG_EXTRA.toMillis());
    if (sdkLevel() >= DRAG_AND_DROP_SDK) {
      String command = AndroidCommands.dragAndDrop(fromX, fromY, toX, toY, millis);
      String output = shell.execText(command);
      if (!output.contains("Unknown command")) {
        check(command, output);
        return;
      }
      // A build whose input lacks the verb despite its level: remember, and swipe from now on.
      sdkLevel = DRAG_AND_DROP_SDK - 1;
    }
    run(swipe);
  }

  /** ASCII only; anything else is an {@link InvalidInputException}, never typed wrong. */
  @Override
  public void typeText(String text) {
    Objects.requireNonNull(text, "text");
    if (!text.isEmpty()) {
      run(AndroidCommands.text(text));
    }
  }

  @Override
  public void pressKey(Key key) {
    Objects.requireNonNull(key, "key");
    run(AndroidCommands.keyEvent(key));
  }

  /**
   * Launches a package through its launcher activity ({@code monkey}), or an activity given as
   * {@code pkg/.Activity} ({@code am start -n}).
   */
  @Override
  public void launchApp(String appId) {
    if (AndroidCommands.isComponent(appId)) {
      String output = shell.execText(AndroidCommands.amStart(appId));
      output
          .lines()
          .filter(line -> line.startsWith("Error"))
          .reduce((first, second) -> second)
          .ifPresent(
              error -> {
                throw new InvalidInputException(
                    id()
                        + ": cannot start activity '"
                        + appId
                        + "': "
                        + DeviceText.excerpt(error.strip(), 300));
              });
      return;
    }
    String output = shell.execText(AndroidCommands.monkey(appId));
    if (output.contains("No activities found to run")) {
      throw new InvalidInputException(
          id()
              + ": no launchable activity in package '"
              + appId
              + "': check it is installed (pm list packages "
              + appId
              + ")");
    }
    if (output.contains("monkey aborted")) {
      throw new DeviceException(
          id(), "monkey could not launch '" + appId + "': " + lastLine(output));
    }
  }

  @Override
  public void terminateApp(String appId) {
    String pkg =
        AndroidCommands.isComponent(appId) ? appId.substring(0, appId.indexOf('/')) : appId;
    run(AndroidCommands.forceStop(pkg));
  }

  /** The foreground package; empty when no app window is focused (e.g. the lock screen). */
  @Override
  public Optional<String> currentApp() {
    return ForegroundApp.fromWindows(shell.execText(AndroidCommands.dumpsysWindows()))
        .or(() -> ForegroundApp.fromActivities(shell.execText(AndroidCommands.dumpsysActivities())))
        .or(() -> ForegroundApp.fromTop(shell.execText(AndroidCommands.dumpsysActivityTop())));
  }

  /**
   * The screen in pixels: the last capture's screenshot size (it follows rotation), or before any
   * capture the display size from {@code wm size} (an override wins over the physical size), read
   * once and cached.
   */
  @Override
  public ScreenSize screenSize() {
    if (screenSize == null) {
      screenSize = parseWmSize(id(), shell.execText(AndroidCommands.wmSize()));
    }
    return screenSize;
  }

  /** Holds no connection between calls, so there is nothing to release. */
  @Override
  public void close() {}

  static ScreenSize parseWmSize(String deviceId, String output) {
    Matcher m = WM_SIZE.matcher(output);
    ScreenSize size = null;
    while (m.find()) {
      ScreenSize found =
          ScreenSize.pixels(Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)));
      if (size == null || m.group(1).equals("Override")) {
        size = found;
      }
    }
    if (size == null) {
      throw new DeviceException(
          deviceId,
          "cannot read the screen size from 'wm size': got '"
              + DeviceText.excerpt(output.strip(), 200)
              + "'");
    }
    return size;
  }

  /**
   * The API level, read once; 0 (the oldest behaviour) when the property is missing or not a
   * number, so a gesture falls back rather than fails.
   */
  int sdkLevel() {
    if (sdkLevel == null) {
      String output = shell.execText(AndroidCommands.sdkLevel()).strip();
      sdkLevel = output.matches("\\d{1,4}") ? Integer.parseInt(output) : 0;
    }
    return sdkLevel;
  }

  private void run(String command) {
    check(command, shell.execText(command));
  }

  private void check(String command, String output) {
    if (output.contains("Exception") || output.startsWith("Error")) {
      throw new DeviceException(id(), "'" + command + "' failed: " + lastLine(output));
    }
  }

  private static String lastLine(String output) {
    return DeviceText.excerpt(output.strip().lines().reduce((a, b) -> b).orElse("").strip(), 300);
  }
}
