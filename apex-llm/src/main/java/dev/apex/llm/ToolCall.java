package dev.apex.llm;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One tool call the model made ({@code tool_use} content block).
 *
 * @param id the call's id, e.g. {@code toolu_…}
 * @param name the tool's name, as the model gave it
 * @param input the call's input as JSON-like values (maps, lists, strings, numbers, booleans);
 *     never null, empty when the model gave none
 */
public record ToolCall(String id, String name, Map<String, Object> input) {

  public ToolCall {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(name, "name");
    input = input == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(input));
  }
}
