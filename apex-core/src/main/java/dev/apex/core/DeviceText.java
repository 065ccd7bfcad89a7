package dev.apex.core;

/**
 * Makes text that came from a device safe to print: a device's output may hold control bytes and
 * terminal escape sequences, which must not reach a terminal, a log or a task's reason raw.
 * Stateless.
 */
public final class DeviceText {

  private DeviceText() {}

  /**
   * {@code text} with every control character written as an escape: {@code \n}, {@code \r}, {@code
   * \t}, {@code \x1b} for other C0 controls and DEL, {@code \u0085} for C1 controls and for the
   * bidirectional controls that make a terminal show text in another order (U+202A–U+202E,
   * U+2066–U+2069, U+200E, U+200F, U+061C). Printable characters of any script are kept;
   * backslashes are kept as they are, so escaping twice changes nothing. Null gives {@code "null"}.
   */
  public static String escape(String text) {
    if (text == null) {
      return "null";
    }
    int i = 0;
    while (i < text.length() && !needsEscape(text.charAt(i))) {
      i++;
    }
    if (i == text.length()) {
      return text;
    }
    StringBuilder out = new StringBuilder(text.length() + 16).append(text, 0, i);
    for (; i < text.length(); i++) {
      char c = text.charAt(i);
      if (!needsEscape(c)) {
        out.append(c);
      } else if (c == '\n') {
        out.append("\\n");
      } else if (c == '\r') {
        out.append("\\r");
      } else if (c == '\t') {
        out.append("\\t");
      } else if (c < 0x20 || c == 0x7f) {
        out.append(String.format("\\x%02x", (int) c));
      } else {
        out.append(String.format("\\u%04x", (int) c));
      }
    }
    return out.toString();
  }

  /**
   * {@link #escape escaped} {@code text}, redacted and cut to at most {@code max} characters with
   * {@code …} when longer ({@link Text#shorten}): for quoting a device's output in a one-line
   * message. A device may echo a credential (a WebDriver endpoint's user info, a typed password),
   * so it is redacted before the cut, like every other shortened string.
   *
   * @param max at least 1
   */
  public static String excerpt(String text, int max) {
    return Text.shorten(escape(text), max);
  }

  private static boolean needsEscape(char c) {
    if (c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f)) {
      return true;
    }
    // The bidirectional controls, which can make a terminal show text in another order.
    return (c >= 0x202a && c <= 0x202e)
        || (c >= 0x2066 && c <= 0x2069)
        || c == 0x200e
        || c == 0x200f
        || c == 0x061c;
  }
}
