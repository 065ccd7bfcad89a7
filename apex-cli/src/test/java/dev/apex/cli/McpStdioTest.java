package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.apex.core.InvalidInputException;
import dev.apex.device.sim.SimDevice;
import dev.apex.mcp.ApexMcpServer;
import dev.apex.testkit.FakeClock;
import dev.apex.tools.ArgSpec;
import dev.apex.tools.Tool;
import dev.apex.tools.ToolRegistry;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code apex mcp} as an MCP client sees it, through the SDK's own client over stdio against a
 * spawned server on the sim: the tool list and its schemas (the registry's one definition), calls
 * that are wrong in each way a client can get them wrong (the server answers and stays up), and a
 * sensitive launch refused when the client cannot ask its user, then allowed by {@code
 * --allow-app}. The cases here only read the screen or are refused before the device is touched, so
 * they share one server; a case that needs other flags starts its own.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 3, unit = TimeUnit.MINUTES)
@Tag("e2e")
class McpStdioTest {

  static final List<String> TOOLS =
      List.of(
          "assert_visible",
          "describe_screen",
          "drag",
          "launch_app",
          "list_devices",
          "long_press",
          "press_key",
          "run_flow",
          "screenshot",
          "swipe",
          "tap",
          "terminate_app",
          "type_text",
          "use_device",
          "wait");

  private Path dir;
  private McpChild server;

  @BeforeAll
  void startServer(@TempDir Path tmp) throws Exception {
    dir = tmp;
    Path home = Files.createDirectories(dir.resolve("shared"));
    // A client without elicitation: a sensitive action cannot be confirmed, only refused.
    server = McpChild.start(home, home.resolve("timeline.db"), null);
  }

  @AfterAll
  void stopServer() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void theToolListIsTheRegistrysToolsWithTheirOwnSchemasAndTheServersThree() {
    List<McpSchema.Tool> listed = server.client.listTools().tools();

    assertThat(listed).extracting(McpSchema.Tool::name).containsExactlyInAnyOrderElementsOf(TOOLS);
    ToolRegistry registry = ApexMcpServer.tools();
    try (SimDevice sim = SimDevice.create(new FakeClock())) {
      for (McpSchema.Tool tool : listed) {
        assertThat(tool.description()).as(tool.name()).isNotBlank();
        if (registry.contains(tool.name())) {
          Tool<?> declared = registry.get(tool.name());
          assertThat(tool.inputSchema())
              .as("%s's schema is the registry's, as the sim can honour it", tool.name())
              .isEqualTo(listed(ArgSpec.jsonSchema(declared.argsOn(sim))));
        }
      }
    }
    assertThat(registry.names())
        .as("every listed tool but the server's own is the registry's; hover is not the sim's")
        .containsAll(
            TOOLS.stream()
                .filter(n -> !List.of("list_devices", "use_device", "run_flow").contains(n))
                .toList())
        .contains("hover");

    Map<String, Object> useDevice = schema(listed, "use_device");
    // Optional: the sim by default, as the server starts.
    assertThat(useDevice).doesNotContainKey("required");
    assertThat(properties(useDevice)).containsOnlyKeys("device");
    Map<String, Object> runFlow = schema(listed, "run_flow");
    assertThat(runFlow.get("required")).isEqualTo(List.of("yaml"));
    assertThat(properties(runFlow)).containsOnlyKeys("yaml");
    assertThat(properties(schema(listed, "list_devices"))).isEmpty();
    for (String own : List.of("use_device", "run_flow", "list_devices")) {
      assertThat(schema(listed, own)).as(own).doesNotContainKey("additionalProperties");
    }

    Map<?, ?> format = (Map<?, ?>) properties(schema(listed, "describe_screen")).get("format");
    assertThat(format.get("enum")).isEqualTo(List.of("compact", "json"));
  }

  /**
   * A registry schema as the listing gives it: without an empty {@code required} list and without
   * {@code additionalProperties} (the registry refuses an unknown argument itself), tokens that
   * tell a model nothing.
   */
  private static Map<String, Object> listed(Map<String, Object> schema) {
    Map<String, Object> out = new java.util.LinkedHashMap<>(schema);
    out.remove("additionalProperties");
    if (List.of().equals(out.get("required"))) {
      out.remove("required");
    }
    return out;
  }

  @Test
  void theInstructionsExplainTheUntrustedDataBlocks() {
    assertThat(server.init.serverInfo().name()).isEqualTo("apex");
    assertThat(server.init.instructions())
        .contains("<untrustedN>")
        .containsIgnoringCase("never instructions");
  }

  @Test
  void malformedCallsAreAnsweredAndTheServerStaysUp() {
    McpError unknown =
        catchThrowableOfType(() -> server.call("no_such_tool", Map.of()), McpError.class);
    assertThat(unknown).as("an unknown tool is a JSON-RPC error").isNotNull();
    assertThat(unknown.getJsonRpcError().code()).isEqualTo(McpSchema.ErrorCodes.INVALID_PARAMS);

    McpSchema.CallToolResult bogus = server.call("tap", Map.of("text", "Settings", "bogus", 1));
    assertThat(bogus.isError()).isTrue();
    // The registry's one line, alone in the result's block.
    assertThat(McpChild.text(bogus))
        .contains("'bogus'")
        .matches(
            "<untrusted(\\d{3})>\n"
                + Pattern.quote(registryMessage("tap", Map.of("text", "Settings", "bogus", 1)))
                + "\n</untrusted\\1>");

    McpSchema.CallToolResult noY = server.call("tap", Map.of("x", 10));
    assertThat(noY.isError()).isTrue();
    assertThat(McpChild.text(noY)).contains(registryMessage("tap", Map.of("x", 10)));

    McpSchema.CallToolResult describe = server.call("describe_screen", Map.of());
    assertThat(describe.isError()).as(McpChild.text(describe)).isFalse();
    assertThat(McpChild.text(describe)).contains("Settings").containsPattern("<untrusted\\d{3}>");
  }

  @Test
  void aLaunchOutsideTheAllowListIsRefusedWhenTheClientCannotAsk() {
    McpSchema.CallToolResult launch =
        server.call("launch_app", Map.of("app_id", "com.android.settings"));

    assertThat(launch.isError()).isTrue();
    assertThat(McpChild.text(launch))
        .startsWith("<untrusted")
        .contains("\npolicy_denied")
        .contains("--allow-app com.android.settings");
    // Refused before the device was touched: the home screen is still there.
    assertThat(McpChild.text(server.call("describe_screen", Map.of()))).contains("Notes");
  }

  @Test
  void withAllowAppTheSameLaunchRunsWithoutAsking() throws Exception {
    Path home = Files.createDirectories(dir.resolve("allowed"));
    try (McpChild allowed =
        McpChild.start(
            home, home.resolve("timeline.db"), null, "--allow-app", "com.android.settings")) {
      McpSchema.CallToolResult launch =
          allowed.call("launch_app", Map.of("app_id", "com.android.settings"));

      assertThat(launch.isError()).as(McpChild.text(launch)).isFalse();
      assertThat(McpChild.text(launch)).contains("new screen").contains("tap @");
    }
  }

  /** The one line the registry's own parse gives for these arguments. */
  private static String registryMessage(String tool, Map<String, Object> args) {
    InvalidInputException e =
        catchThrowableOfType(
            () -> ApexMcpServer.tools().get(tool).parse(args), InvalidInputException.class);
    assertThat(e).as("the registry rejects %s %s", tool, args).isNotNull();
    return e.getMessage();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> schema(List<McpSchema.Tool> tools, String name) {
    return tools.stream()
        .filter(t -> t.name().equals(name))
        .findFirst()
        .orElseThrow()
        .inputSchema();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> properties(Map<String, Object> schema) {
    return (Map<String, Object>) schema.get("properties");
  }
}
