package dev.apex.device;

import dev.apex.core.InvalidInputException;
import java.util.Objects;

/**
 * A device selector split into its kind and the rest: {@code sim}, {@code android:SERIAL}, {@code
 * ios:http://phone:8100}, {@code web:https://example.com}, {@code webdriver:http://grid:4444}.
 *
 * @param text the selector as given, stripped
 * @param kind the part before the first {@code :} (the whole selector when there is none)
 * @param argument the part after it, or null when there is none or it is blank
 */
public record DeviceSelector(String text, String kind, String argument) {

  public DeviceSelector {
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(kind, "kind");
  }

  /** Splits {@code selector}; null or blank means {@code sim}. */
  public static DeviceSelector parse(String selector) {
    String s = selector == null || selector.isBlank() ? "sim" : selector.strip();
    int colon = s.indexOf(':');
    if (colon == 0) {
      throw new InvalidInputException(
          "device selector '" + s + "' has no kind before ':': use " + DeviceProviders.SELECTORS);
    }
    if (colon < 0) {
      return new DeviceSelector(s, s, null);
    }
    String rest = s.substring(colon + 1).strip();
    return new DeviceSelector(s, s.substring(0, colon), rest.isEmpty() ? null : rest);
  }

  @Override
  public String toString() {
    return text;
  }
}
