package dev.apex.device.web;

import dev.apex.core.InvalidInputException;
import java.util.List;
import org.openqa.selenium.JavascriptExecutor;

/**
 * Picks an option of a page's {@code <select>} by script ({@code select-option.js}): one round trip
 * that finds the list by the page's own hit test at a point, matches the option by visible text
 * (whitespace collapsed, exact, then ignoring case) or value, selects it and fires {@code input}
 * and {@code change} as a browser does. Scripted rather than clicked because a drop-down's options
 * are drawn by the browser outside the page, where W3C actions cannot reach them; the events are
 * untrusted, which frameworks listening for {@code change} (React, Vue, jQuery) accept.
 */
final class DropDowns {

  static final String SCRIPT = DomSnapshot.load("select-option.js");

  private DropDowns() {}

  /**
   * Selects {@code option} in the list at ({@code x}, {@code y}) CSS pixels.
   *
   * @return the selected option's visible text
   * @throws InvalidInputException when no {@code <select>} is there, it lacks the option (naming
   *     some it has), or the list or option is disabled
   */
  static String select(JavascriptExecutor page, String deviceId, int x, int y, String option) {
    Object result = page.executeScript(SCRIPT, x, y, option);
    if (!(result instanceof List<?> parts) || parts.isEmpty()) {
      throw new IllegalStateException("the select-option script returned " + result);
    }
    String at = " at (" + x + "," + y + ") CSS px";
    return switch (String.valueOf(parts.get(0))) {
      case "ok" -> String.valueOf(parts.get(1));
      case "none" ->
          throw new InvalidInputException(
              deviceId
                  + ": no drop-down list (<select>)"
                  + at
                  + ", found <"
                  + parts.get(1)
                  + ">; tap a custom list open and tap its option instead");
      case "missing" ->
          throw new InvalidInputException(
              deviceId
                  + ": the list"
                  + at
                  + " has no option '"
                  + option
                  + "' (by visible text or value); its "
                  + parts.get(2)
                  + " options include "
                  + String.join(
                      ", ", ((List<?>) parts.get(1)).stream().map(String::valueOf).toList()));
      case "disabled" ->
          throw new InvalidInputException(
              deviceId + ": option '" + parts.get(1) + "' of the list" + at + " is disabled");
      default -> throw new IllegalStateException("the select-option script returned " + result);
    };
  }
}
