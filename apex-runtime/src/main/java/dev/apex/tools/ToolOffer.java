package dev.apex.tools;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A tool as a catalogue offers it on one device: its name, its description and the arguments the
 * device can honour ({@link Tool#argsOn}). What the planner and the MCP server put before a model.
 */
public record ToolOffer(String name, String description, List<ArgSpec> args) {
  public ToolOffer {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(description, "description");
    args = List.copyOf(args);
  }

  /** The offer's JSON schema ({@link ArgSpec#jsonSchema}). */
  public Map<String, Object> inputSchema() {
    return ArgSpec.jsonSchema(args);
  }
}
