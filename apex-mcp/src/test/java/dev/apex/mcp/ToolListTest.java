package dev.apex.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.ScreenSize;
import dev.apex.device.sim.SimDevice;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.FakeDevice;
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
      // An empty required list and additionalProperties (the registry refuses an unknown argument
      // itself) are left out: tokens that tell a model nothing.
      assertThat(tool(tools, "use_device").inputSchema())
          .doesNotContainKey("required")
          .doesNotContainKey("additionalProperties");
      assertThat(tool(tools, "run_flow").inputSchema().get("required").toString()).contains("yaml");
      // The sim long-presses and drags, but has no hover nor modifier keys.
      assertThat(tools).extracting(McpSchema.Tool::name).contains("long_press", "drag");
      assertThat(tools).extracting(McpSchema.Tool::name).doesNotContain("hover");
      assertThat(properties(tool(tools, "tap"))).doesNotContainKey("modifiers");
      // The same list the CLI's benchmark measures.
      try (SimDevice sim = SimDevice.create(new FakeClock())) {
        assertThat(tools).isEqualTo(ApexMcpServer.toolList(sim));
      }
      assertThat(ApexMcpServer.toolList())
          .as("before any device opens, every tool")
          .extracting(McpSchema.Tool::name)
          .contains("hover");
      assertThat(mcp.tasks()).as("listing opens no session").isEmpty();
    }
  }

  @Test
  void useDeviceChangesTheListToWhatTheNewDeviceSupports() {
    FakeDevice plain = new FakeDevice("plain-1", ScreenSize.pixels(1080, 1920));
    try (McpFixture mcp = McpFixture.in(dir).deviceFor("android:plain-1", plain).start()) {
      assertThat(mcp.client.listTools().tools())
          .extracting(McpSchema.Tool::name)
          .contains("long_press");

      McpSchema.CallToolResult moved = mcp.call("use_device", Map.of("device", "android:plain-1"));

      assertThat(moved.isError()).isNotEqualTo(Boolean.TRUE);
      List<McpSchema.Tool> now = mcp.client.listTools().tools();
      assertThat(now)
          .extracting(McpSchema.Tool::name)
          .contains("tap", "use_device")
          .doesNotContain("long_press", "drag", "hover");
      assertThat(now).isEqualTo(ApexMcpServer.toolList(plain));
      assertThat(mcp.toolsChanged).as("the client was told the list changed").isNotEmpty();
      assertThatThrownBy(() -> mcp.call("long_press", Map.of("x", 1, "y", 2)))
          .as("a tool no longer listed is unknown")
          .hasMessageContaining("unknown tool 'long_press'");
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
