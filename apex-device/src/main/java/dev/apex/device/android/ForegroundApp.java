package dev.apex.device.android;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the foreground app's package from {@code dumpsys} output, with the fallbacks adbutils and
 * appium use: the focused window can be a system window such as {@code NotificationShade}, which
 * names no activity.
 */
final class ForegroundApp {

  private static final Pattern CURRENT_FOCUS =
      Pattern.compile("mCurrentFocus=Window\\{.*\\s+([^\\s/{}]+)/([^\\s{}]+)\\}");
  private static final Pattern FOCUSED_APP =
      Pattern.compile("mFocusedApp=.*?ActivityRecord\\{.*?\\s+([^\\s/{}]+)/([^\\s{}]+)[\\s}]");
  private static final Pattern RESUMED_ACTIVITY =
      Pattern.compile(
          "ResumedActivity:?\\s*ActivityRecord\\{.*?\\s+([^\\s/{}]+)/([^\\s{}]+)[\\s}]");
  private static final Pattern TOP_ACTIVITY =
      Pattern.compile("ACTIVITY ([^\\s/]+)/([^\\s]+) \\w+ pid=(\\d+)");

  private ForegroundApp() {}

  /** From {@code dumpsys window windows}: {@code mCurrentFocus}, else {@code mFocusedApp}. */
  static Optional<String> fromWindows(String dumpsys) {
    return first(CURRENT_FOCUS, dumpsys).or(() -> first(FOCUSED_APP, dumpsys));
  }

  /** From {@code dumpsys activity activities}: {@code mResumedActivity}. */
  static Optional<String> fromActivities(String dumpsys) {
    return first(RESUMED_ACTIVITY, dumpsys);
  }

  /** From {@code dumpsys activity top}: the last {@code ACTIVITY} line, the top of the stack. */
  static Optional<String> fromTop(String dumpsys) {
    Matcher m = TOP_ACTIVITY.matcher(dumpsys);
    String pkg = null;
    while (m.find()) {
      pkg = m.group(1);
    }
    return Optional.ofNullable(pkg);
  }

  private static Optional<String> first(Pattern pattern, String text) {
    Matcher m = pattern.matcher(text);
    return m.find() ? Optional.of(m.group(1)) : Optional.empty();
  }
}
