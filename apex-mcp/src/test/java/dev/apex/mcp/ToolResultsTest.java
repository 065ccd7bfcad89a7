package dev.apex.mcp;

import static dev.apex.mcp.McpFixture.isError;
import static dev.apex.mcp.McpFixture.text;
import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.Json;
import dev.apex.core.Scene;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** What a tool call's result carries: what changed for acting tools, the screen for describe. */
@Timeout(120)
class ToolResultsTest {

  private static final Pattern BLOCK =
      Pattern.compile(
          "<untrusted-data-([0-9a-f]{16}) kind=\"([a-z-]+)\">\\n(.*?)\\n</untrusted-data-\\1>",
          Pattern.DOTALL);

  @TempDir Path dir;
  private McpFixture mcp;

  @AfterEach
  void close() {
    if (mcp != null) {
      mcp.close();
    }
  }

  @Test
  void anActingToolsResultSaysWhatChangedOnScreen() {
    mcp = McpFixture.in(dir).start();

    McpSchema.CallToolResult launched =
        mcp.call("launch_app", Map.of("app_id", "com.android.settings"));
    McpSchema.CallToolResult tapped = mcp.call("tap", Map.of("text", "Wi-Fi"));

    assertThat(isError(launched)).as(text(launched)).isFalse();
    assertThat(block(text(launched), "screen-change")).contains("new screen");
    assertThat(isError(tapped)).as(text(tapped)).isFalse();
    // The Wi-Fi page: its switch appeared.
    assertThat(block(text(tapped), "screen-change")).contains("elements").contains("Wi-Fi");
  }

  @Test
  void describeScreensResultHasNoScreenChangeBlock() {
    mcp = McpFixture.in(dir).start();

    McpSchema.CallToolResult described = mcp.call("describe_screen");

    String text = text(described);
    assertThat(isError(described)).as(text).isFalse();
    assertThat(text).doesNotContain("kind=\"screen-change\"");
    assertThat(block(text, "screen")).contains("Settings");
  }

  @Test
  void describeScreenAsJsonReturnsTheSceneInsideAScreenBlock() {
    mcp = McpFixture.in(dir).start();

    McpSchema.CallToolResult described = mcp.call("describe_screen", Map.of("format", "json"));

    String text = text(described);
    assertThat(isError(described)).as(text).isFalse();
    assertThat(text).doesNotContain("kind=\"screen-change\"");
    Scene scene = Json.read(block(text, "screen"), Scene.class);
    assertThat(scene.width()).isEqualTo(720);
    assertThat(scene.height()).isEqualTo(1600);
    assertThat(scene.elements()).anyMatch(e -> e.text().equals("Settings"));
  }

  /** The content of the one block of {@code kind} in {@code text}. */
  static String block(String text, String kind) {
    Matcher m = BLOCK.matcher(text);
    String found = null;
    while (m.find()) {
      if (m.group(2).equals(kind)) {
        assertThat(found).as("one %s block in %s", kind, text).isNull();
        found = m.group(3);
      }
    }
    assertThat(found).as("a %s block in %s", kind, text).isNotNull();
    return found;
  }
}
