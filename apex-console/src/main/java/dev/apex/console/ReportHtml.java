package dev.apex.console;

import dev.apex.core.Secrets;

/**
 * The report's one way to put text into HTML: redacted first ({@link Secrets#redact}, the one
 * redaction point, before anything shortens the text), then escaped for element content and quoted
 * attribute values alike. Stateless.
 */
final class ReportHtml {

  /** The longest text kept in one cell; longer is cut after redaction, with an ellipsis. */
  static final int MAX_TEXT = 2_000;

  private ReportHtml() {}

  /** {@code text} redacted, cut to {@value #MAX_TEXT} characters and escaped; null is empty. */
  static String text(String text) {
    if (text == null) {
      return "";
    }
    String clean = Secrets.redact(text);
    if (clean.length() > MAX_TEXT) {
      clean = clean.substring(0, MAX_TEXT) + "…";
    }
    return escape(clean);
  }

  /** Escapes {@code & < > " '} so the text can be neither markup nor leave an attribute. */
  static String escape(String text) {
    StringBuilder out = new StringBuilder(text.length() + 16);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&#39;");
        default -> out.append(c);
      }
    }
    return out.toString();
  }
}
