package dev.apex.llm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import dev.apex.core.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Checks a tool call's arguments against the tool's input schema, for providers whose API does not
 * guarantee it (an OpenAI-compatible local server ignores {@code strict}). It checks what the
 * planner's tools use: a JSON object, every required property present and not null, no property the
 * schema lacks when {@code additionalProperties} is false, and each property's JSON type ({@code
 * string}, {@code integer}, {@code number}, {@code boolean}, {@code array}, {@code object}, a list
 * of types, and {@code enum}). The problem it reports names only the schema's own property names,
 * never text the model wrote, so it can be told to the model as trusted text.
 */
public final class ToolArguments {

  private ToolArguments() {}

  /**
   * The arguments {@code json} holds as JSON-like values.
   *
   * @return the object, or empty when {@code json} is not one JSON object
   */
  @SuppressWarnings("unchecked")
  public static Optional<Map<String, Object>> parse(String json) {
    if (json == null || json.isBlank()) {
      return Optional.of(Map.of());
    }
    try {
      Object value =
          Json.mapper()
              .reader()
              .with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
              .forType(Object.class)
              .readValue(json);
      return value instanceof Map<?, ?> m
          ? Optional.of(new LinkedHashMap<>((Map<String, Object>) m))
          : Optional.empty();
    } catch (JsonProcessingException e) {
      return Optional.empty();
    }
  }

  /**
   * What is wrong with {@code arguments} for {@code tool}, or empty when they fit its schema.
   *
   * @return e.g. {@code "tap: 'element' is required"}
   */
  public static Optional<String> problem(ToolDefinition tool, Map<String, Object> arguments) {
    Map<String, Object> schema = tool.inputSchema();
    Map<?, ?> properties =
        schema.get("properties") instanceof Map<?, ?> p ? p : Map.<String, Object>of();
    List<String> problems = new ArrayList<>();
    if (schema.get("required") instanceof List<?> required) {
      for (Object name : required) {
        if (arguments.get(String.valueOf(name)) == null) {
          problems.add("'" + name + "' is required");
        }
      }
    }
    boolean closed = Boolean.FALSE.equals(schema.get("additionalProperties"));
    int unknown = 0;
    for (Map.Entry<String, Object> entry : arguments.entrySet()) {
      Object property = properties.get(entry.getKey());
      if (property == null) {
        unknown += closed ? 1 : 0;
        continue;
      }
      if (entry.getValue() != null
          && property instanceof Map<?, ?> p
          && !fits(p, entry.getValue())) {
        problems.add("'" + entry.getKey() + "' must be " + expected(p));
      }
    }
    if (unknown > 0) {
      problems.add(
          unknown
              + " propert"
              + (unknown == 1 ? "y" : "ies")
              + " the tool does not have (it takes "
              + String.join(", ", properties.keySet().stream().map(String::valueOf).toList())
              + ")");
    }
    return problems.isEmpty()
        ? Optional.empty()
        : Optional.of(tool.name() + ": " + String.join("; ", problems));
  }

  private static boolean fits(Map<?, ?> property, Object value) {
    if (property.get("enum") instanceof List<?> values && !values.contains(value)) {
      return false;
    }
    Object type = property.get("type");
    if (type instanceof String one) {
      return fitsType(one, value);
    }
    if (type instanceof List<?> types) {
      return types.stream().anyMatch(t -> fitsType(String.valueOf(t), value));
    }
    return true;
  }

  private static boolean fitsType(String type, Object value) {
    return switch (type) {
      case "string" -> value instanceof String;
      case "integer" ->
          value instanceof Integer
              || value instanceof Long
              || value instanceof java.math.BigInteger
              || (value instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue()));
      case "number" -> value instanceof Number;
      case "boolean" -> value instanceof Boolean;
      case "array" -> value instanceof List<?>;
      case "object" -> value instanceof Map<?, ?>;
      case "null" -> value == null;
      default -> true;
    };
  }

  private static String expected(Map<?, ?> property) {
    if (property.get("enum") instanceof List<?> values) {
      return "one of " + values;
    }
    Object type = property.get("type");
    return type instanceof List<?> types
        ? String.join(" or ", types.stream().map(String::valueOf).toList())
        : ("integer".equals(type) || "object".equals(type) || "array".equals(type) ? "an " : "a ")
            + type;
  }
}
