package dev.apex.core;

/**
 * What {@link Secrets} needs to know of JSON's backslash escapes: a secret as it appears inside a
 * JSON string, and how to widen a redaction so that it never cuts an escape in half.
 */
final class JsonEscapes {

  private JsonEscapes() {}

  /** {@code text} as a JSON string holds it, without the quotes. */
  static String escaped(String text) {
    StringBuilder out = new StringBuilder(text.length() + 8);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.toString();
  }

  /**
   * Widens each hidden run so that it neither starts inside nor ends on a backslash escape ({@code
   * \\"}, {@code \\\\}, {@code \\u0041}): redacting part of an escape would leave JSON (the
   * timeline's, a console answer) that no longer parses.
   */
  static void keepWhole(String text, boolean[] hidden) {
    int n = text.length();
    for (int i = 0; i < n; i++) {
      if (!hidden[i] || (i > 0 && hidden[i - 1])) {
        continue;
      }
      // Start of a run: an odd streak of backslashes just before it escapes its first character.
      int streak = 0;
      for (int j = i - 1; j >= 0 && text.charAt(j) == '\\'; j--) {
        streak++;
      }
      if (streak % 2 == 1) {
        hidden[i - 1] = true;
      }
      int end = i;
      while (end < n && hidden[end]) {
        end++;
      }
      // End of a run: an odd streak of backslashes ending it escapes the character after it.
      streak = 0;
      for (int j = end - 1; j >= 0 && text.charAt(j) == '\\'; j--) {
        streak++;
      }
      if (streak % 2 == 1 && end < n) {
        int escaped = text.charAt(end) == 'u' ? 5 : 1;
        for (int k = end; k < Math.min(n, end + escaped); k++) {
          hidden[k] = true;
        }
      }
      i = end;
    }
  }
}
