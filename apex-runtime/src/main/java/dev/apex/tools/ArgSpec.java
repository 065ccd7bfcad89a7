package dev.apex.tools;

import dev.apex.core.InvalidInputException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * One argument of a {@link Tool}.
 *
 * @param name the argument's name, in snake case
 * @param type its JSON type
 * @param required whether a step must give it
 * @param description one line for people and LLMs, with units (pixels, milliseconds)
 * @param allowed the values a string argument (or each item of a string list) may take, compared
 *     ignoring case; empty for any
 */
public record ArgSpec(
    String name, Type type, boolean required, String description, List<String> allowed) {

  /** JSON types an argument can have. */
  public enum Type {
    /** Any scalar; numbers and booleans are taken as their text. */
    STRING("string"),
    /** A whole number (a JSON number without a fraction). */
    INTEGER("integer"),
    BOOLEAN("boolean"),
    /**
     * A list of strings (a JSON array); with {@link #allowed()}, each item must be one of them: a
     * set of choices such as a tap's {@code modifiers: [ctrl, shift]}.
     */
    STRING_LIST("array");

    private final String jsonType;

    Type(String jsonType) {
      this.jsonType = jsonType;
    }

    public String jsonType() {
      return jsonType;
    }
  }

  public ArgSpec {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    description = description == null ? "" : description;
    allowed = allowed == null ? List.of() : List.copyOf(allowed);
  }

  public static ArgSpec required(String name, Type type, String description) {
    return new ArgSpec(name, type, true, description, List.of());
  }

  public static ArgSpec optional(String name, Type type, String description) {
    return new ArgSpec(name, type, false, description, List.of());
  }

  /** The step argument that carries variables for the world state; no tool reads it. */
  public static final String REMEMBER = "remember";

  /** A copy that accepts only these values (for a string argument). */
  public ArgSpec oneOf(String... values) {
    return new ArgSpec(name, type, required, description, List.of(values));
  }

  /**
   * Checks {@code args} against {@code specs}: no unknown names, required ones present, types and
   * allowed values right. Throws {@link InvalidInputException} with a one-line message naming the
   * tool and the argument. {@value #REMEMBER}, a map a planner adds to any step for the world
   * state's variables (seed 000, D2), is allowed on every tool and must be a map.
   */
  public static void validate(String tool, List<ArgSpec> specs, Map<String, Object> args) {
    Map<String, ArgSpec> byName =
        specs.stream()
            .collect(Collectors.toMap(ArgSpec::name, s -> s, (a, b) -> a, LinkedHashMap::new));
    for (String given : args.keySet()) {
      if (given.equals(REMEMBER)) {
        if (!(args.get(given) instanceof Map)) {
          throw new InvalidInputException(
              tool + ": '" + REMEMBER + "' must be a map of names to values");
        }
        continue;
      }
      if (!byName.containsKey(given)) {
        throw new InvalidInputException(
            tool
                + ": unknown argument '"
                + given
                + "'; use "
                + (byName.isEmpty() ? "no arguments" : String.join(", ", byName.keySet())));
      }
    }
    for (ArgSpec spec : specs) {
      Object value = args.get(spec.name());
      if (value == null) {
        if (spec.required()) {
          throw new InvalidInputException(
              tool
                  + ": missing argument '"
                  + spec.name()
                  + "'"
                  + (spec.description().isBlank() ? "" : " (" + spec.description() + ")"));
        }
        continue;
      }
      spec.check(tool, value);
    }
  }

  /**
   * The object schema of these arguments, as an LLM tool definition wants it; an argument with no
   * description has none in the schema.
   */
  public static Map<String, Object> jsonSchema(List<ArgSpec> specs) {
    Map<String, Object> properties = new LinkedHashMap<>();
    for (ArgSpec spec : specs) {
      Map<String, Object> property = new LinkedHashMap<>();
      property.put("type", spec.type().jsonType());
      if (!spec.description().isBlank()) {
        property.put("description", spec.description());
      }
      if (spec.type() == Type.STRING_LIST) {
        Map<String, Object> items = new LinkedHashMap<>();
        items.put("type", "string");
        if (!spec.allowed().isEmpty()) {
          items.put("enum", spec.allowed());
        }
        property.put("items", items);
      } else if (!spec.allowed().isEmpty()) {
        property.put("enum", spec.allowed());
      }
      properties.put(spec.name(), property);
    }
    Map<String, Object> schema = new LinkedHashMap<>();
    schema.put("type", "object");
    schema.put("properties", properties);
    schema.put("required", specs.stream().filter(ArgSpec::required).map(ArgSpec::name).toList());
    schema.put("additionalProperties", false);
    return schema;
  }

  private void check(String tool, Object value) {
    boolean ok =
        switch (type) {
          case STRING ->
              value instanceof String || value instanceof Number || value instanceof Boolean;
          case INTEGER -> Args.isWholeNumber(value);
          case BOOLEAN -> value instanceof Boolean;
          case STRING_LIST ->
              value instanceof List<?> list && list.stream().allMatch(i -> i instanceof String);
        };
    if (!ok) {
      throw new InvalidInputException(
          tool
              + ": argument '"
              + name
              + "' must be "
              + (type == Type.INTEGER
                  ? "an integer"
                  : type == Type.STRING_LIST ? "a list of strings" : "a " + type.jsonType())
              + ", got "
              + describe(value));
    }
    if (!allowed.isEmpty() && value instanceof List<?> items) {
      for (Object item : items) {
        if (allowed.stream().noneMatch(a -> a.equalsIgnoreCase(item.toString().strip()))) {
          throw new InvalidInputException(
              tool
                  + ": argument '"
                  + name
                  + "' takes items from "
                  + String.join(", ", allowed)
                  + ", got '"
                  + item
                  + "'");
        }
      }
    } else if (!allowed.isEmpty()) {
      String text = value.toString().strip().toLowerCase(Locale.ROOT);
      if (allowed.stream().noneMatch(a -> a.equalsIgnoreCase(text))) {
        throw new InvalidInputException(
            tool
                + ": argument '"
                + name
                + "' must be one of "
                + String.join(", ", allowed)
                + ", got '"
                + value
                + "'");
      }
    }
  }

  private static String describe(Object value) {
    if (value instanceof String s) {
      return "\"" + s + "\"";
    }
    if (value instanceof Map<?, ?>) {
      return "a map";
    }
    if (value instanceof List<?>) {
      return "a list";
    }
    return String.valueOf(value);
  }
}
