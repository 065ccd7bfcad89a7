package dev.apex.config;

import dev.apex.core.InvalidInputException;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a duration flag: plain milliseconds ({@code 5000}) or a number with a unit ({@code 300ms},
 * {@code 5s}, {@code 1.5s}, {@code 2m}). Bad input is an {@link InvalidInputException} naming the
 * flag and the forms it takes.
 */
public final class DurationOption {

  private static final Pattern FORM =
      Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m)?", Pattern.CASE_INSENSITIVE);

  private DurationOption() {}

  public static Duration parse(String flag, String text, Duration min, Duration max) {
    Matcher m = FORM.matcher(text == null ? "" : text.strip());
    if (!m.matches()) {
      throw invalid(flag, text, min, max);
    }
    double number = Double.parseDouble(m.group(1));
    String unit = m.group(2) == null ? "ms" : m.group(2).toLowerCase(Locale.ROOT);
    double millis =
        switch (unit) {
          case "s" -> number * 1000;
          case "m" -> number * 60_000;
          default -> number;
        };
    Duration d = Duration.ofMillis(Math.round(millis));
    if (d.compareTo(min) < 0 || d.compareTo(max) > 0) {
      throw invalid(flag, text, min, max);
    }
    return d;
  }

  private static InvalidInputException invalid(
      String flag, String text, Duration min, Duration max) {
    return new InvalidInputException(
        flag
            + " must be milliseconds or a duration such as 500ms, 5s or 2m, from "
            + min.toMillis()
            + " ms to "
            + max.toMillis()
            + " ms; got '"
            + dev.apex.core.DeviceText.excerpt(String.valueOf(text), 40)
            + "'");
  }
}
