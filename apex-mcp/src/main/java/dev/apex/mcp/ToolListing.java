package dev.apex.mcp;

import dev.apex.device.Device;
import dev.apex.tools.ToolOffer;
import dev.apex.tools.ToolRegistry;
import dev.apex.tools.ToolSpec;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The server's {@code tools/list}: the registry's tools the device in use supports ({@link
 * ToolRegistry#offeredOn}: no {@code hover} on a phone, no {@code tap} modifiers off the web), each
 * with the arguments it can honour there, and the server's own three. Sorted by name.
 */
final class ToolListing {

  private ToolListing() {}

  /** The server's own tools: always listed, whatever the device. */
  static List<ToolSpec<?>> serverTools() {
    return List.of(
        new ServerTools.ListDevices(), new ServerTools.UseDevice(), new ServerTools.RunFlow());
  }

  /**
   * The listing on {@code device}, or of every tool with all its arguments when {@code device} is
   * null (no device could be opened yet).
   */
  static List<McpSchema.Tool> on(ToolRegistry registry, Device device) {
    List<McpSchema.Tool> tools = new ArrayList<>();
    for (ToolOffer offer : device == null ? registry.offered() : registry.offeredOn(device)) {
      tools.add(tool(offer.name(), offer.description(), offer.inputSchema()));
    }
    for (ToolSpec<?> own : serverTools()) {
      tools.add(tool(own.name(), own.description(), own.inputSchema()));
    }
    tools.sort(Comparator.comparing(McpSchema.Tool::name));
    return List.copyOf(tools);
  }

  private static McpSchema.Tool tool(
      String name, String description, java.util.Map<String, Object> schema) {
    return McpSchema.Tool.builder(name, compact(schema)).description(description).build();
  }

  /**
   * {@code schema} without what costs a model tokens and tells it nothing: an empty {@code
   * required} list, and {@code additionalProperties: false}, which the registry enforces itself (an
   * unknown argument is refused in one line naming it, as a missing required one is).
   */
  static java.util.Map<String, Object> compact(java.util.Map<String, Object> schema) {
    java.util.Map<String, Object> out = new java.util.LinkedHashMap<>(schema);
    out.remove("additionalProperties");
    if (out.get("required") instanceof List<?> required && required.isEmpty()) {
      out.remove("required");
    }
    return out;
  }
}
