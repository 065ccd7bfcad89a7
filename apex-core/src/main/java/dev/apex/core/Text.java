package dev.apex.core;

/**
 * Shortening a string for a message, a log line or a progress line, always after {@link
 * Secrets#redact} — a secret cut in half before redaction would leave its first half behind.
 */
public final class Text {

  /** What ends a shortened string. */
  public static final String ELLIPSIS = "…";

  /**
   * The most characters of one model- or screen-controlled string (a step's arguments, an error, a
   * task's reason) that a printed line shows: {@link #inLine(String, int)}'s usual bound.
   */
  public static final int IN_LINE_MAX = 300;

  private Text() {}

  /**
   * {@code text} redacted, every run of whitespace (newlines included) made one space, stripped,
   * and cut to at most {@code max} characters ending in {@value #ELLIPSIS}. Null gives "".
   *
   * @param max at least 1
   */
  public static String oneLine(String text, int max) {
    if (text == null) {
      return "";
    }
    return cut(Secrets.redact(text).replaceAll("\\s+", " ").strip(), max);
  }

  /**
   * {@code text} redacted, then cut to at most {@code max} characters ending in {@value #ELLIPSIS};
   * nothing else changes. Null gives "".
   *
   * @param max at least 1
   */
  public static String shorten(String text, int max) {
    return text == null ? "" : cut(Secrets.redact(text), max);
  }

  /**
   * {@code text} made fit for one printed line: redacted first, line breaks made spaces, controls
   * escaped ({@link TerminalText#escapeControls}), and cut to at most {@code max} characters of
   * that escaped form, followed by {@code "… (N more characters)"} when longer, N counting the
   * redacted characters left out. Never cuts an escape or a surrogate pair in two. Null gives "".
   *
   * @param max at least 1
   */
  public static String inLine(String text, int max) {
    if (max < 1) {
      throw new IllegalArgumentException("max must be at least 1, was " + max);
    }
    if (text == null) {
      return "";
    }
    String redacted = Secrets.redact(text).replace("\r\n", " ").replace('\n', ' ');
    StringBuilder out = new StringBuilder(Math.min(redacted.length(), max) + 32);
    int i = 0;
    for (; i < redacted.length(); i++) {
      int before = out.length();
      appendShown(redacted.charAt(i), out);
      if (out.length() > max) {
        out.setLength(before);
        break;
      }
    }
    if (i > 0 && i < redacted.length() && Character.isHighSurrogate(redacted.charAt(i - 1))) {
      out.setLength(out.length() - 1);
      i--;
    }
    if (i < redacted.length()) {
      out.append(ELLIPSIS).append(" (").append(redacted.length() - i).append(" more characters)");
    }
    return out.toString();
  }

  private static void appendShown(char c, StringBuilder out) {
    if (TerminalText.isControl(c)) {
      TerminalText.appendEscape(c, out);
    } else {
      out.append(c);
    }
  }

  private static String cut(String text, int max) {
    if (max < 1) {
      throw new IllegalArgumentException("max must be at least 1, was " + max);
    }
    return text.length() <= max ? text : text.substring(0, max - 1) + ELLIPSIS;
  }
}
