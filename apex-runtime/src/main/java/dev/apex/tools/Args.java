package dev.apex.tools;

import dev.apex.core.InvalidInputException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Map;

/**
 * Reads arguments of the types {@link ArgSpec} checks. Values come from YAML, JSON or code, so a
 * whole number may arrive as any {@link Number}; strings accept any scalar's text.
 */
public final class Args {

  private Args() {}

  /** The argument's text, or null when absent. */
  public static String string(Map<String, Object> args, String name) {
    Object v = args.get(name);
    return v == null ? null : v.toString();
  }

  /** The argument's text; throws when absent or blank. */
  public static String requireString(String tool, Map<String, Object> args, String name) {
    String v = string(args, name);
    if (v == null || v.isBlank()) {
      throw new InvalidInputException(tool + ": argument '" + name + "' must not be empty");
    }
    return v;
  }

  /** The argument as an int, or null when absent. */
  public static Integer integer(String tool, Map<String, Object> args, String name) {
    Object v = args.get(name);
    if (v == null) {
      return null;
    }
    if (!isWholeNumber(v)) {
      throw new InvalidInputException(
          tool + ": argument '" + name + "' must be an integer, got " + v);
    }
    long n = ((Number) v).longValue();
    if (n < Integer.MIN_VALUE || n > Integer.MAX_VALUE) {
      throw new InvalidInputException(tool + ": argument '" + name + "' is out of range: " + v);
    }
    return (int) n;
  }

  /** The argument as a boolean, or null when absent. */
  public static Boolean bool(String tool, Map<String, Object> args, String name) {
    Object v = args.get(name);
    if (v == null) {
      return null;
    }
    if (!(v instanceof Boolean b)) {
      throw new InvalidInputException(
          tool + ": argument '" + name + "' must be true or false, got " + v);
    }
    return b;
  }

  /**
   * A string-list argument's items, stripped and lower-cased, in order without repeats; empty when
   * absent. Call after {@link ArgSpec#validate}.
   *
   * @throws InvalidInputException naming the tool when the value is not a list of strings
   */
  public static java.util.List<String> strings(String tool, Map<String, Object> args, String name) {
    Object v = args.get(name);
    if (v == null) {
      return java.util.List.of();
    }
    if (!(v instanceof java.util.List<?> list)) {
      throw new InvalidInputException(tool + ": '" + name + "' must be a list of strings");
    }
    java.util.LinkedHashSet<String> out = new java.util.LinkedHashSet<>();
    for (Object item : list) {
      if (!(item instanceof String s)) {
        throw new InvalidInputException(tool + ": '" + name + "' must be a list of strings");
      }
      out.add(s.strip().toLowerCase(java.util.Locale.ROOT));
    }
    return java.util.List.copyOf(out);
  }

  static boolean isWholeNumber(Object v) {
    if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte) {
      return true;
    }
    if (v instanceof BigInteger b) {
      return b.bitLength() < 64;
    }
    if (v instanceof Double || v instanceof Float || v instanceof BigDecimal) {
      double d = ((Number) v).doubleValue();
      return Double.isFinite(d) && d == Math.rint(d) && Math.abs(d) < 1e15;
    }
    return false;
  }
}
