package dev.apex.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code tools/list} as the SDK's client reads it: the tools and schemas of the one definition. */
@Timeout(120)
class ToolListTest {

  @TempDir Path dir;

  @Test
  void theClientListsTheDeviceToolsAndTheServersOwnWithTheirSchemas() {
    try (McpFixture mcp = McpFixture.in(dir).start()) {
      List<McpSchema.Tool> tools = mcp.client.listTools().tools();

      assertThat(tools)
          .extracting(McpSchema.Tool::name)
          .contains(
              "list_devices",
              "use_device",
              "describe_screen",
              "screenshot",
              "tap",
              "type_text",
              "press_key",
              "swipe",
              "launch_app",
              "terminate_app",
              "assert_visible",
              "wait",
              "run_flow")
          .doesNotContain("describe_screen_semantic")
          .isSorted();
      assertThat(tools).allSatisfy(t -> assertThat(t.description()).isNotBlank());
      assertThat(properties(tool(tools, "describe_screen")).get("format").toString())
          .contains("compact")
          .contains("json");
      assertThat(properties(tool(tools, "tap"))).containsKeys("element", "text", "x", "y");
      assertThat(properties(tool(tools, "screenshot")).get("max_width").toString())
          .contains("integer");
      // Optional: the sim by default, where the server starts.
      assertThat(properties(tool(tools, "use_device"))).containsOnlyKeys("device");
      assertThat(tool(tools, "use_device").inputSchema().get("required").toString())
          .doesNotContain("device");
      assertThat(tool(tools, "run_flow").inputSchema().get("required").toString()).contains("yaml");
      // The same list the CLI's benchmark measures.
      assertThat(tools)
          .extracting(McpSchema.Tool::name)
          .containsExactlyElementsOf(
              ApexMcpServer.toolList().stream().map(McpSchema.Tool::name).toList());
      assertThat(mcp.tasks()).as("listing opens no session").isEmpty();
    }
  }

  private static McpSchema.Tool tool(List<McpSchema.Tool> tools, String name) {
    return tools.stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> properties(McpSchema.Tool tool) {
    assertThat(tool.inputSchema().get("type")).isEqualTo("object");
    return (Map<String, Object>) tool.inputSchema().get("properties");
  }
}
