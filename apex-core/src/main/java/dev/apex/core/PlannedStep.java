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

  /** The argument as a string, or null when absent or not a string/number/boolean. */
  public String stringArg(String name) {
    Object v = args.get(name);
    return v instanceof String || v instanceof Number || v instanceof Boolean ? v.toString() : null;
  }
}
