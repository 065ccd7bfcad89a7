package dev.apex.mcp;

import static dev.apex.mcp.McpFixture.isError;
import static dev.apex.mcp.McpFixture.text;
import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.ScreenSize;
import dev.apex.runtime.safety.SafetyPolicy;
import dev.apex.testkit.FakeBrowser;
import dev.apex.testkit.FakeDevice;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.ElicitResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * On a web page the client is offered {@code navigate} and a browser's keys instead of app ids, and
 * a {@code navigate} to an origin the user has not allowed asks by elicitation exactly as a {@code
 * launch_app} of it does; the page behind it is a fake that records what it was asked to open.
 */
@Timeout(120)
class NavigateToolTest {

  @TempDir Path dir;

  private static final String SHOP = "web:https://shop.example/";

  @Test
  void aPageIsOfferedNavigateAndKeysAndAnOriginNotAllowedAsksAndIsRefusedWithoutAYes() {
    FakeBrowser page = new FakeBrowser(new FakeDevice("page", ScreenSize.pixels(1280, 800)));
    try (McpFixture mcp =
        McpFixture.in(dir)
            .deviceFor(SHOP, page)
            .safety(SafetyPolicy.defaults().withAllowedOrigins(Set.of("https://shop.example")))
            .elicitation(
                r ->
                    ElicitResult.builder(ElicitResult.Action.ACCEPT)
                        .content(Map.of(McpConfirmer.FIELD, false))
                        .build())
            .start()) {
      assertThat(isError(mcp.call("use_device", Map.of("device", SHOP)))).isFalse();

      List<McpSchema.Tool> tools = mcp.client.listTools().tools();
      assertThat(tools)
          .extracting(McpSchema.Tool::name)
          .contains("navigate", "press_key")
          .doesNotContain("launch_app", "terminate_app");
      McpSchema.Tool keys =
          tools.stream().filter(t -> t.name().equals("press_key")).findFirst().orElseThrow();
      assertThat(keys.description()).contains("tab").contains("ctrl+a");

      assertThat(isError(mcp.call("navigate", Map.of("to", "https://shop.example/cart"))))
          .isFalse();
      assertThat(isError(mcp.call("press_key", Map.of("key", "shift+tab")))).isFalse();
      assertThat(mcp.asked).isEmpty();

      McpSchema.CallToolResult away = mcp.call("navigate", Map.of("to", "https://evil.example/"));

      assertThat(isError(away)).isTrue();
      assertThat(text(away)).contains("policy_denied: navigate").contains("evil.example");
      assertThat(mcp.asked).hasSize(1);
      assertThat(page.calls)
          .containsExactly("navigate https://shop.example/cart", "press [SHIFT] tab");
    }
  }
}
