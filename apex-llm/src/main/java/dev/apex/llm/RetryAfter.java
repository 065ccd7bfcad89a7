package dev.apex.llm;

import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;

/**
 * The wait a server asks for before a retry: {@code retry-after-ms} (milliseconds), else {@code
 * retry-after} (seconds, or an HTTP date). Every provider reads it the same way, so {@link
 * BoundedRetry} gets the same wait whichever SDK the response came through.
 */
public final class RetryAfter {

  private RetryAfter() {}

  /**
   * The requested wait, or null when the server sent none, or nothing usable (unparseable, zero or
   * in the past).
   *
   * @param header the first value of a response header by its lower-case name, or null when absent
   */
  public static Duration of(Function<String, String> header, Clock clock) {
    Objects.requireNonNull(header, "header");
    Objects.requireNonNull(clock, "clock");
    try {
      String ms = clean(header.apply("retry-after-ms"));
      if (ms != null) {
        return positive(Duration.ofNanos((long) (Double.parseDouble(ms) * 1_000_000)));
      }
      String after = clean(header.apply("retry-after"));
      if (after == null) {
        return null;
      }
      try {
        return positive(Duration.ofNanos((long) (Double.parseDouble(after) * 1_000_000_000)));
      } catch (NumberFormatException notSeconds) {
        OffsetDateTime at = OffsetDateTime.parse(after, DateTimeFormatter.RFC_1123_DATE_TIME);
        return positive(Duration.between(clock.instant(), at.toInstant()));
      }
    } catch (NumberFormatException | DateTimeParseException | ArithmeticException e) {
      return null;
    }
  }

  private static String clean(String value) {
    return value == null ? null : value.strip().toLowerCase(Locale.ROOT);
  }

  private static Duration positive(Duration d) {
    return d.isNegative() || d.isZero() ? null : d;
  }
}
