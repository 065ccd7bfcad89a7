package dev.apex.core;

/**
 * Shortening a string for a message, a log line or a progress line, always after {@link
 * Secrets#redact} — a secret cut in half before redaction would leave its first half behind.
 */
public final class Text {

  /** What ends a shortened string. */
  public static final String ELLIPSIS = "…";

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

  private static String cut(String text, int max) {
    if (max < 1) {
      throw new IllegalArgumentException("max must be at least 1, was " + max);
    }
    return text.length() <= max ? text : text.substring(0, max - 1) + ELLIPSIS;
  }
}
