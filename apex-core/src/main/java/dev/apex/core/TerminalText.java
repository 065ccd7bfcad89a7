package dev.apex.core;

/**
 * The one escaping of control characters in everything apex writes to a terminal or a log, applied
 * by {@link RedactingStream} and {@link RedactingWriter} after {@link Secrets#redact}, so text from
 * a screen, a model or a device can never drive the terminal (OSC 52 writing the clipboard, a
 * clear-screen, a window title, a bare CR that overwrites the line, an 8-bit CSI).
 *
 * <p>Escaped: every C0 control but TAB and LF (so NUL…BS, VT, FF, CR, SO…US, ESC among them), DEL,
 * and every C1 control (U+0080–U+009F). CR is written {@code \r}, the others {@code \u001b}-style;
 * both are also valid escapes inside a JSON string, so JSON output stays JSON that decodes to the
 * same text. A CR right before an LF (a CRLF line end) is kept. Everything else, backslashes
 * included, is left as it is, so escaping twice changes nothing. Stateless and thread-safe.
 */
public final class TerminalText {

  private TerminalText() {}

  /** {@code text} with its controls escaped as above. Null stays null. */
  public static String escapeControls(String text) {
    if (text == null) {
      return null;
    }
    int i = firstToEscape(text);
    if (i == text.length()) {
      return text;
    }
    StringBuilder out = new StringBuilder(text.length() + 16).append(text, 0, i);
    for (; i < text.length(); i++) {
      char c = text.charAt(i);
      if (mustEscape(text, i)) {
        appendEscape(c, out);
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  /** Whether {@code c} is a C0 control other than TAB and LF, DEL, or a C1 control. */
  public static boolean isControl(char c) {
    return (c < 0x20 && c != '\t' && c != '\n') || (c >= 0x7f && c <= 0x9f);
  }

  /**
   * Appends {@code c}'s escape: {@code \r} for CR, else {@code \}{@code u} and four hex digits. For
   * a character {@link #isControl} accepts, or any other a caller wants shown as a code.
   */
  static void appendEscape(char c, StringBuilder out) {
    if (c == '\r') {
      out.append("\\r");
    } else {
      out.append("\\u").append(String.format("%04x", (int) c));
    }
  }

  private static int firstToEscape(String text) {
    int i = 0;
    while (i < text.length() && !mustEscape(text, i)) {
      i++;
    }
    return i;
  }

  private static boolean mustEscape(String text, int i) {
    char c = text.charAt(i);
    if (c == '\r') {
      return i + 1 >= text.length() || text.charAt(i + 1) != '\n';
    }
    return isControl(c);
  }
}
