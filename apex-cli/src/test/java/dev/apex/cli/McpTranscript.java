package dev.apex.cli;

import dev.apex.core.Json;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A readable record of an MCP session (the tool list, then each call with its result text), for a
 * person to read, e.g. in an issue's closing note. Untrusted-data nonces are random per result, so
 * they are replaced by {@code NONCE} to keep two runs comparable.
 */
final class McpTranscript {

  private final StringBuilder text = new StringBuilder();

  void tools(List<McpSchema.Tool> tools) {
    text.append("tools/list (").append(tools.size()).append(" tools)\n");
    for (McpSchema.Tool tool :
        tools.stream().sorted((a, b) -> a.name().compareTo(b.name())).toList()) {
      text.append("  ").append(tool.name()).append(" — ").append(tool.description()).append('\n');
    }
  }

  /**
   * @param note a line said about the call (what the client's user was asked), or null
   */
  void call(String tool, Map<String, Object> args, McpSchema.CallToolResult result, String note) {
    text.append("\n> tools/call ")
        .append(tool)
        .append(' ')
        .append(Json.write(new TreeMap<>(args)))
        .append('\n');
    if (note != null) {
      text.append("  ").append(note).append('\n');
    }
    text.append(Boolean.TRUE.equals(result.isError()) ? "< result (isError)\n" : "< result\n");
    String body = McpChild.text(result).replaceAll("untrusted\\d{3}>", "untrustedNONCE>");
    body.lines().forEach(line -> text.append("  ").append(line).append('\n'));
  }

  void write(Path file) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, text.toString());
  }
}
