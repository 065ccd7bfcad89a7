package dev.apex.core;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One action the planner wants executed, by tool name.
 *
 * @param action the tool's name, e.g. {@code tap} or {@code launch_app}
 * @param args the tool's arguments (JSON-like values: strings, numbers, booleans, lists, maps);
 *     null values are not allowed
 */
public record PlannedStep(String action, Map<String, Object> args) {

  public PlannedStep {
    Objects.requireNonNull(action, "action");
    args = args == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(args));
  }

  public static PlannedStep of(String action) {
    return new PlannedStep(action, Map.of());
  }

  public static PlannedStep of(String action, Map<String, Object> args) {
    return new PlannedStep(action, args);
  }

  /**
   * The step on one line, as progress lines, the timeline, test failures and the MCP server's log
   * show it: {@code tap text="Wi-Fi" timeout_ms=0}. Each value is redacted before it is cut to 40
   * characters, with newlines made spaces; a value that is not a string is written as JSON.
   */
  public String describe() {
    StringBuilder line = new StringBuilder(action);
    for (Map.Entry<String, Object> arg : args.entrySet()) {
      Object v = arg.getValue();
      String shown = v instanceof String text ? "\"" + shown(text) + "\"" : shown(Json.write(v));
      line.append(' ').append(arg.getKey()).append('=').append(shown);
    }
    return line.toString();
  }

  private static String shown(String value) {
    return Text.shorten(value.replace('\n', ' '), 40);
  }

  /** The argument as a string, or null when absent or not a string/number/boolean. */
  public String stringArg(String name) {
    Object v = args.get(name);
    return v instanceof String || v instanceof Number || v instanceof Boolean ? v.toString() : null;
  }
}
