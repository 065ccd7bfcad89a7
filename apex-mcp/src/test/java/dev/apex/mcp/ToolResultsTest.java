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

/**
 * What a tool call's result carries: one untrusted block and nothing around it; what changed, with
 * the handles of what appeared, for acting tools; the screen for describe; handles that keep naming
 * their element and fail at once when it has gone.
 */
@Timeout(120)
class ToolResultsTest {

  /** A result's one block, alone: its nonce and its content. */
  static final Pattern BLOCK =
      Pattern.compile("<untrusted(\\d{3})>\\n(.*)\\n</untrusted\\1>", Pattern.DOTALL);

  @TempDir Path dir;
  private McpFixture mcp;

  @AfterEach
  void close() {
    if (mcp != null) {
      mcp.close();
    }
  }

  @Test
  void anActingToolsResultListsWhatAppearedWithHandlesTheNextCallTakes() {
    mcp = McpFixture.in(dir).start();

    McpSchema.CallToolResult launched =
        mcp.call("launch_app", Map.of("app_id", "com.android.settings"));
    McpSchema.CallToolResult tapped = mcp.call("tap", Map.of("text", "Wi-Fi"));

    assertThat(isError(launched)).as(text(launched)).isFalse();
    assertThat(block(text(launched))).startsWith("new screen");
    assertThat(isError(tapped)).as(text(tapped)).isFalse();
    // The Wi-Fi page: its switch appeared, with a handle, so no describe_screen is needed.
    String change = block(text(tapped));
    String toggle =
        McpTasks.handle(change, "switch off").orElseThrow(() -> new AssertionError(change));
    McpSchema.CallToolResult toggled = mcp.call("tap", Map.of("element", toggle));
    assertThat(isError(toggled)).as(text(toggled)).isFalse();
    assertThat(block(text(toggled))).contains(toggle + " switch off → on");
  }

  @Test
  void aHandleFromAnEarlierListingOfTheSameScreenStillNamesItsElement() {
    mcp = McpFixture.in(dir).start();
    mcp.call("launch_app", Map.of("app_id", "com.android.settings"));
    String first = block(text(mcp.call("describe_screen")));
    String row = McpTasks.handle(first, "tap .*Bluetooth").orElseThrow();

    String second = block(text(mcp.call("describe_screen")));
    McpSchema.CallToolResult tapped = mcp.call("tap", Map.of("element", row));

    assertThat(second).isEqualTo(first);
    assertThat(isError(tapped)).as(text(tapped)).isFalse();
    assertThat(block(text(tapped))).contains("Visible as Apex Sim Phone");
  }

  @Test
  void aHandleWhoseElementLeftTheScreenFailsAtOnceSayingTheScreenChanged() {
    mcp = McpFixture.in(dir).start();
    mcp.call("launch_app", Map.of("app_id", "com.android.settings"));
    String listing = block(text(mcp.call("describe_screen")));
    String bluetooth = McpTasks.handle(listing, "tap .*Bluetooth").orElseThrow();
    mcp.call("tap", Map.of("text", "Wi-Fi"));

    McpSchema.CallToolResult stale = mcp.call("tap", Map.of("element", bluetooth));
    McpSchema.CallToolResult unknown = mcp.call("tap", Map.of("element", "999"));

    assertThat(isError(stale)).isTrue();
    assertThat(block(text(stale)))
        .contains("element " + bluetooth + " (\"Bluetooth | Off\") is no longer on screen")
        .contains("the screen changed");
    assertThat(block(text(unknown))).startsWith("no element has handle 999");
    // Refused before the tool ran: no wait for the element, nothing recorded as tried.
    assertThat(mcp.steps(mcp.onlyTask().id()).get(3).resultJson()).contains("\"attempts\":0");
  }

  @Test
  void describeScreensResultIsTheListingAlone() {
    mcp = McpFixture.in(dir).start();

    McpSchema.CallToolResult described = mcp.call("describe_screen");

    String text = text(described);
    assertThat(isError(described)).as(text).isFalse();
    assertThat(block(text))
        .startsWith("720x1600\n")
        .contains("Settings")
        .doesNotContain("new screen");
  }

  @Test
  void describeScreenAsJsonReturnsTheSceneInsideItsBlock() {
    mcp = McpFixture.in(dir).start();

    McpSchema.CallToolResult described = mcp.call("describe_screen", Map.of("format", "json"));

    String text = text(described);
    assertThat(isError(described)).as(text).isFalse();
    Scene scene = Json.read(block(text), Scene.class);
    assertThat(scene.width()).isEqualTo(720);
    assertThat(scene.height()).isEqualTo(1600);
    assertThat(scene.elements()).anyMatch(e -> e.text().equals("Settings"));
  }

  /** The content of {@code text}'s one block, which is all of it. */
  static String block(String text) {
    Matcher m = BLOCK.matcher(text);
    assertThat(m.matches()).as("one block and nothing else in %s", text).isTrue();
    assertThat(m.group(2)).as("one block in %s", text).doesNotContain("<untrusted");
    return m.group(2);
  }
}
