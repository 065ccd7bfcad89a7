package dev.apex.device.android;

import dev.apex.core.InvalidInputException;
import dev.apex.device.Key;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The shell commands the driver sends, built in one place so tests can state them exactly. Every
 * argument that comes from a caller is validated or escaped here: the device runs each command
 * through {@code sh -c}.
 */
public final class AndroidCommands {

  /** Where the file form of {@code uiautomator dump} writes. */
  public static final String DUMP_FILE = "/data/local/tmp/apex-uidump.xml";

  private static final Pattern PACKAGE =
      Pattern.compile("[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z0-9_]+)*");
  private static final Pattern ACTIVITY = Pattern.compile("\\.?[A-Za-z0-9_$]+(\\.[A-Za-z0-9_$]+)*");

  private AndroidCommands() {}

  public static String tap(int x, int y) {
    requireNonNegative(x, "x");
    requireNonNegative(y, "y");
    return "input tap " + x + " " + y;
  }

  /** {@code input swipe}; a long press is a swipe to the same point. */
  public static String swipe(int fromX, int fromY, int toX, int toY, long millis) {
    return motion("swipe", fromX, fromY, toX, toY, millis);
  }

  /**
   * {@code input draganddrop} (Android 7, API 24, and later): presses, waits for the long-press
   * timeout so the item is picked up, then moves over {@code millis} and drops.
   */
  public static String dragAndDrop(int fromX, int fromY, int toX, int toY, long millis) {
    return motion("draganddrop", fromX, fromY, toX, toY, millis);
  }

  private static String motion(String verb, int fromX, int fromY, int toX, int toY, long millis) {
    requireNonNegative(fromX, "fromX");
    requireNonNegative(fromY, "fromY");
    requireNonNegative(toX, "toX");
    requireNonNegative(toY, "toY");
    if (millis < 0) {
      throw new InvalidInputException(
          verb + " duration must not be negative, got " + millis + " ms");
    }
    return "input " + verb + " " + fromX + " " + fromY + " " + toX + " " + toY + " " + millis;
  }

  /** The device's API level is {@code ro.build.version.sdk}, e.g. {@code 34}. */
  public static String sdkLevel() {
    return "getprop ro.build.version.sdk";
  }

  public static String keyEvent(Key key) {
    int code =
        switch (key) {
          case HOME -> 3;
          case BACK -> 4;
          case ENTER -> 66;
        };
    return "input keyevent " + code;
  }

  /**
   * {@code input text} for printable ASCII: spaces become {@code %s} (input's own escape) and every
   * other character that is not a letter or digit is backslash-escaped for the device's shell.
   * {@code input} reads any {@code %s} as a space, so a literal {@code %s} is typed in two commands
   * joined by {@code &&}.
   *
   * @throws InvalidInputException for non-ASCII or control characters, which {@code input text}
   *     would type wrong or not at all
   */
  public static String text(String text) {
    if (text == null || text.isEmpty()) {
      throw new InvalidInputException("text to type is empty");
    }
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < 0x20 || c > 0x7e) {
        throw new InvalidInputException(
            "'input text' types printable ASCII only; cannot type "
                + describe(text.codePointAt(i))
                + " at index "
                + i
                + ": type it through an IME (e.g. ADBKeyboard) or press keys instead");
      }
    }
    List<String> parts = new ArrayList<>();
    int from = 0;
    for (int at = text.indexOf("%s"); at >= 0; at = text.indexOf("%s", at + 1)) {
      parts.add(text.substring(from, at + 1));
      from = at + 1;
    }
    parts.add(text.substring(from));
    List<String> commands = new ArrayList<>();
    for (String part : parts) {
      commands.add("input text " + escape(part));
    }
    return String.join(" && ", commands);
  }

  /** Launch by package through the launcher intent, as adbutils and Maestro do. */
  public static String monkey(String pkg) {
    return "monkey -p " + requirePackage(pkg) + " -c android.intent.category.LAUNCHER 1";
  }

  /** {@code am start -n pkg/.Activity}. */
  public static String amStart(String component) {
    return "am start -n " + requireComponent(component);
  }

  public static String forceStop(String pkg) {
    return "am force-stop " + requirePackage(pkg);
  }

  /** Dump to {@link #DUMP_FILE}; prints {@code success} only when the dump worked. */
  public static String dumpToFile() {
    return "rm -f " + DUMP_FILE + "; uiautomator dump " + DUMP_FILE + " && echo success";
  }

  public static String catDumpFile() {
    return "cat " + DUMP_FILE;
  }

  /** Dump to the terminal: needs a pty ({@code shell:}); prints a trailer after the XML. */
  public static String dumpToTty() {
    return "uiautomator dump /dev/tty";
  }

  public static String screencap() {
    return "screencap -p";
  }

  public static String wmSize() {
    return "wm size";
  }

  public static String dumpsysWindows() {
    return "dumpsys window windows";
  }

  public static String dumpsysActivities() {
    return "dumpsys activity activities";
  }

  public static String dumpsysActivityTop() {
    return "dumpsys activity top";
  }

  /** Whether an app id names an activity ({@code pkg/.Activity}) rather than a package. */
  public static boolean isComponent(String appId) {
    return appId != null && appId.indexOf('/') > 0;
  }

  static String requirePackage(String pkg) {
    if (pkg == null || !PACKAGE.matcher(pkg).matches()) {
      throw new InvalidInputException(
          "'" + pkg + "' is not an Android package name: use e.g. com.android.settings");
    }
    return pkg;
  }

  static String requireComponent(String component) {
    int slash = component == null ? -1 : component.indexOf('/');
    if (slash < 0
        || !PACKAGE.matcher(component.substring(0, slash)).matches()
        || !ACTIVITY.matcher(component.substring(slash + 1)).matches()) {
      throw new InvalidInputException(
          "'"
              + component
              + "' is not an Android activity: use pkg/.Activity, e.g."
              + " com.android.settings/.Settings");
    }
    return component;
  }

  private static String escape(String part) {
    StringBuilder out = new StringBuilder(part.length() * 2);
    for (int i = 0; i < part.length(); i++) {
      char c = part.charAt(i);
      if (c == ' ') {
        out.append("%s");
      } else if (Character.isLetterOrDigit(c)) {
        out.append(c);
      } else {
        out.append('\\').append(c);
      }
    }
    return out.toString();
  }

  private static String describe(int codePoint) {
    return codePoint < 0x20
        ? String.format("control character U+%04X", codePoint)
        : "'" + new String(Character.toChars(codePoint)) + String.format("' (U+%04X)", codePoint);
  }

  private static void requireNonNegative(int value, String name) {
    if (value < 0) {
      throw new InvalidInputException(name + " must be a pixel on the screen, got " + value);
    }
  }
}
