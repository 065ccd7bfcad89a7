package dev.apex.llm;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A tool the model may call, sent as a strict tool ({@code strict: true}): the API then guarantees
 * that a call's input matches {@code inputSchema}.
 *
 * @param name the tool's name, 1 to 64 of {@code [A-Za-z0-9_-]}
 * @param description what it does and when to use it, for the model
 * @param inputSchema the JSON schema of its input: an object schema ({@code type}, {@code
 *     properties}, {@code required}, {@code additionalProperties: false}) of JSON-like values
 *     (maps, lists, strings, numbers, booleans); within the strict subset (no {@code minimum}, no
 *     {@code maxLength}, no recursion)
 */
public record ToolDefinition(String name, String description, Map<String, Object> inputSchema) {

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{1,64}");

  public ToolDefinition {
    Objects.requireNonNull(name, "name");
    if (!NAME.matcher(name).matches()) {
      throw new IllegalArgumentException(
          "tool name must be 1-64 of [A-Za-z0-9_-], got '" + name + "'");
    }
    description = description == null ? "" : description;
    Objects.requireNonNull(inputSchema, "inputSchema");
    if (!"object".equals(inputSchema.get("type"))) {
      throw new IllegalArgumentException(
          "inputSchema of tool '"
              + name
              + "' must have type object, got "
              + inputSchema.get("type"));
    }
    inputSchema = Collections.unmodifiableMap(new LinkedHashMap<>(inputSchema));
  }
}
