package dev.apex.mcp;

import static dev.apex.mcp.McpFixture.isError;
import static dev.apex.mcp.McpFixture.text;
import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.ScreenSize;
import dev.apex.runtime.safety.SafetyPolicy;
import dev.apex.testkit.FakeDevice;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.ElicitResult;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What {@code use_device} opens on a client's word is policy, as a {@code launch_app} of it is: a
 * scheme but http and https is refused outright naming it, an origin the user did not allow asks by
 * elicitation and is refused without it, {@code --allow-url} lets it open, and a loopback address
 * asks even under {@code *}. Each address has a fake device behind it, so a check that let it
 * through would open it (and describe_screen would read it).
 */
@Timeout(120)
class UseDeviceOriginTest {

  @TempDir Path dir;

  private static Function<McpSchema.ElicitFormRequest, ElicitResult> answering(boolean allow) {
    return r ->
        ElicitResult.builder(ElicitResult.Action.ACCEPT)
            .content(Map.of(McpConfirmer.FIELD, allow))
            .build();
  }

  private static FakeDevice page() {
    return new FakeDevice("page", ScreenSize.pixels(1280, 800));
  }

  @Test
  void aFileUrlIsRefusedAndDescribeScreenNeverReadsIt() {
    String passwd = "web:file:///etc/passwd";
    try (McpFixture mcp =
        McpFixture.in(dir)
            .deviceFor(passwd, page())
            .safety(SafetyPolicy.defaults().withAllowedOrigins(Set.of("*")))
            .elicitation(answering(true))
            .start()) {
      McpSchema.CallToolResult used = mcp.call("use_device", Map.of("device", passwd));

      assertThat(isError(used)).isTrue();
      assertThat(text(used))
          .contains("file: URL")
          .contains("only http and https")
          .doesNotContain("\n");
      // Refused outright: nobody was asked, nothing opened, the session stays on the sim.
      assertThat(mcp.asked).isEmpty();
      assertThat(mcp.opened).containsExactly("sim");
      McpSchema.CallToolResult screen = mcp.call("describe_screen");
      assertThat(isError(screen)).as(text(screen)).isFalse();
      assertThat(mcp.opened).doesNotContain(passwd);
      assertThat(text(mcp.call("list_devices"))).contains("in use: sim");
    }
  }

  @ParameterizedTest
  @CsvSource({
    "'web:data:text/html,<h1>hi</h1>', data:",
    "web:javascript:alert(1), javascript:",
    "web:chrome://settings, chrome:",
    "web:about:config, about:",
    "web:view-source:https://example.com, view-source:"
  })
  void otherSchemesAreRefusedNamingTheScheme(String selector, String scheme) {
    try (McpFixture mcp =
        McpFixture.in(dir).deviceFor(selector, page()).elicitation(answering(true)).start()) {
      McpSchema.CallToolResult used = mcp.call("use_device", Map.of("device", selector));

      assertThat(isError(used)).isTrue();
      assertThat(text(used)).contains("it is a " + scheme + " URL").doesNotContain("\n");
      assertThat(mcp.asked).isEmpty();
      assertThat(mcp.opened).doesNotContain(selector);
    }
  }

  @Test
  void anOriginTheUserDidNotAllowAsksAndOpensWhenAllowed() {
    String site = "web:https://shop.example.com/cart";
    try (McpFixture mcp =
        McpFixture.in(dir).deviceFor(site, page()).elicitation(answering(true)).start()) {
      McpSchema.CallToolResult used = mcp.call("use_device", Map.of("device", site));

      assertThat(isError(used)).as(text(used)).isFalse();
      assertThat(mcp.asked).hasSize(1);
      assertThat(mcp.asked.get(0).message())
          .contains("https://shop.example.com is not an allowed origin");
      assertThat(mcp.opened).contains(site);
    }
  }

  @Test
  void anOriginTheUserDeclinesDoesNotOpen() {
    String site = "web:https://shop.example.com/cart";
    try (McpFixture mcp =
        McpFixture.in(dir).deviceFor(site, page()).elicitation(answering(false)).start()) {
      McpSchema.CallToolResult used = mcp.call("use_device", Map.of("device", site));

      assertThat(isError(used)).isTrue();
      assertThat(text(used)).contains("the user declined it");
      assertThat(mcp.asked).hasSize(1);
      assertThat(mcp.opened).doesNotContain(site);
    }
  }

  @Test
  void withoutElicitationAnUnallowedOriginIsRefusedNamingAllowUrl() {
    String site = "web:https://shop.example.com/cart";
    try (McpFixture mcp = McpFixture.in(dir).deviceFor(site, page()).start()) {
      McpSchema.CallToolResult used = mcp.call("use_device", Map.of("device", site));

      assertThat(isError(used)).isTrue();
      assertThat(text(used))
          .contains("--allow-url https://shop.example.com")
          .contains("planner.allowed_urls")
          .doesNotContain("\n");
      assertThat(mcp.opened).doesNotContain(site);
    }
  }

  @Test
  void anAllowedOriginOpensWithoutAsking() {
    String site = "web:https://shop.example.com/cart";
    try (McpFixture mcp =
        McpFixture.in(dir)
            .deviceFor(site, page())
            .safety(SafetyPolicy.defaults().withAllowedOrigins(Set.of("https://shop.example.com")))
            .start()) {
      McpSchema.CallToolResult used = mcp.call("use_device", Map.of("device", site));

      assertThat(isError(used)).as(text(used)).isFalse();
      assertThat(mcp.opened).contains(site);
    }
  }

  @Test
  void loopbackAsksEvenUnderAWildcardUnlessNamedExactly() {
    String local = "web:http://127.0.0.1:8080/admin";
    try (McpFixture mcp =
        McpFixture.in(dir)
            .deviceFor(local, page())
            .safety(SafetyPolicy.defaults().withAllowedOrigins(Set.of("*")))
            .start()) {
      McpSchema.CallToolResult used = mcp.call("use_device", Map.of("device", local));

      assertThat(isError(used)).isTrue();
      assertThat(text(used)).contains("--allow-url http://127.0.0.1:8080");
      assertThat(mcp.opened).doesNotContain(local);
    }
    try (McpFixture mcp =
        McpFixture.in(dir)
            .deviceFor(local, page())
            .safety(
                SafetyPolicy.defaults().withAllowedOrigins(Set.of("*", "http://127.0.0.1:8080")))
            .start()) {
      McpSchema.CallToolResult used = mcp.call("use_device", Map.of("device", local));

      assertThat(isError(used)).as(text(used)).isFalse();
      assertThat(mcp.opened).contains(local);
    }
  }

  @Test
  void theUsersOwnDeviceIsNotChecked() {
    String local = "web:http://127.0.0.1:8080/";
    try (McpFixture mcp = McpFixture.in(dir).device(local).deviceFor(local, page()).start()) {
      McpSchema.CallToolResult used = mcp.call("use_device", Map.of("device", local));

      assertThat(isError(used)).as(text(used)).isFalse();
    }
  }
}
