package dev.apex.bench;

import java.util.Locale;

/** Number formats shared by the report's tables. */
final class Fmt {

  private Fmt() {}

  /**
   * A duration in nanoseconds as {@code 812 ns}, {@code 41.3 µs}, {@code 3.07 ms}, {@code 2.41 s}.
   */
  static String nanos(double nanos) {
    if (nanos < 1_000) {
      return String.format(Locale.ROOT, "%.0f ns", nanos);
    }
    if (nanos < 1_000_000) {
      return String.format(Locale.ROOT, nanos < 100_000 ? "%.1f µs" : "%.0f µs", nanos / 1e3);
    }
    if (nanos < 1_000_000_000) {
      return String.format(Locale.ROOT, nanos < 100_000_000 ? "%.2f ms" : "%.0f ms", nanos / 1e6);
    }
    return String.format(Locale.ROOT, "%.2f s", nanos / 1e9);
  }

  /** A ratio below 1 as its reciprocal fraction, {@code 1/31.4}. */
  static String fraction(double ratio) {
    if (ratio <= 0) {
      return "0";
    }
    return String.format(Locale.ROOT, "1/%.1f", 1 / ratio);
  }

  /** A ratio as {@code 1.84×}. */
  static String times(double ratio) {
    return String.format(Locale.ROOT, "%.2f×", ratio);
  }

  /** A share as {@code 99.7 %}, or {@code 100 %} exactly when whole. */
  static String percent(double share) {
    if (share == 1.0) {
      return "100 %";
    }
    return String.format(Locale.ROOT, share >= 0.1 ? "%.1f %%" : "%.2f %%", share * 100);
  }

  static String decimal(double value, int places) {
    return String.format(Locale.ROOT, "%." + places + "f", value);
  }

  static String count(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }

  /** A size as {@code 812 B}, {@code 41.3 KiB}, {@code 1.27 MiB}. */
  static String bytes(long n) {
    if (n < 1024) {
      return n + " B";
    }
    if (n < 1024 * 1024) {
      return String.format(Locale.ROOT, "%.1f KiB", n / 1024.0);
    }
    return String.format(Locale.ROOT, "%.2f MiB", n / (1024.0 * 1024));
  }
}
