package dev.apex.perception.xml;

import dev.apex.core.Bounds;

/**
 * Attribute values parsed by hand, without regexes or intermediate strings: the hot path of every
 * capture. Malformed values read as absent ({@link Bounds#EMPTY}, the fallback number), since
 * devices omit or garble attributes and a missing box must not lose the whole tree.
 */
public final class XmlValues {

  private XmlValues() {}

  /** Parses uiautomator's {@code [left,top][right,bottom]}; {@link Bounds#EMPTY} if malformed. */
  public static Bounds bounds(String value) {
    if (value == null) {
      return Bounds.EMPTY;
    }
    int[] out = new int[4];
    int pos = 0;
    int n = value.length();
    for (int k = 0; k < 4; k++) {
      while (pos < n
          && (value.charAt(pos) == '['
              || value.charAt(pos) == ']'
              || value.charAt(pos) == ','
              || value.charAt(pos) == ' ')) {
        pos++;
      }
      boolean negative = pos < n && value.charAt(pos) == '-';
      if (negative) {
        pos++;
      }
      int start = pos;
      long number = 0;
      while (pos < n && value.charAt(pos) >= '0' && value.charAt(pos) <= '9') {
        number = number * 10 + (value.charAt(pos) - '0');
        if (number > Integer.MAX_VALUE) {
          return Bounds.EMPTY;
        }
        pos++;
      }
      if (pos == start) {
        return Bounds.EMPTY;
      }
      out[k] = (int) (negative ? -number : number);
    }
    return new Bounds(out[0], out[1], out[2], out[3]);
  }

  /** A decimal number such as {@code 12}, {@code -3.5}; {@code fallback} if absent or malformed. */
  public static double number(String value, double fallback) {
    if (value == null || value.isEmpty()) {
      return fallback;
    }
    int n = value.length();
    int pos = 0;
    boolean negative = value.charAt(0) == '-';
    if (negative) {
      pos++;
    }
    double whole = 0;
    int digits = 0;
    while (pos < n && value.charAt(pos) >= '0' && value.charAt(pos) <= '9') {
      whole = whole * 10 + (value.charAt(pos++) - '0');
      digits++;
    }
    if (pos < n && value.charAt(pos) == '.') {
      pos++;
      double scale = 0.1;
      while (pos < n && value.charAt(pos) >= '0' && value.charAt(pos) <= '9') {
        whole += (value.charAt(pos++) - '0') * scale;
        scale /= 10;
        digits++;
      }
    }
    if (digits == 0 || pos != n) {
      return fallback;
    }
    return negative ? -whole : whole;
  }

  /** A whole number; {@code fallback} if absent or malformed. */
  public static int integer(String value, int fallback) {
    double d = number(value, Double.NaN);
    return Double.isNaN(d) || d != Math.rint(d) ? fallback : (int) d;
  }

  /** {@code "true"} (any case) is true; anything else, or absent, is false. */
  public static boolean isTrue(String value) {
    return value != null && value.equalsIgnoreCase("true");
  }

  /** {@code "false"} (any case) is true; used for attributes that default to true. */
  public static boolean isFalse(String value) {
    return value != null && value.equalsIgnoreCase("false");
  }
}
