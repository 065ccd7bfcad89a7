package dev.apex.device;

import dev.apex.core.InvalidInputException;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Keys every device can press. */
public enum Key {
  BACK,
  HOME,
  ENTER;

  /** Parses {@code back}, {@code HOME}, … with a clear error naming the known keys. */
  public static Key parse(String name) {
    try {
      return valueOf(name.strip().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException | NullPointerException e) {
      throw new InvalidInputException(
          "unknown key '"
              + name
              + "': use one of "
              + Arrays.stream(values())
                  .map(k -> k.name().toLowerCase(Locale.ROOT))
                  .collect(Collectors.joining(", ")));
    }
  }
}
