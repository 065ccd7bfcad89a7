package dev.apex.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a whole task over MCP costs the client's model, counted as apex-bench counts tokens: the sim
 * Wi-Fi task as a model drives it (launch Settings, list the screen, tap the Wi-Fi row by its
 * handle, then the switch by the handle the tap's result names). A guard against regressions: the
 * fixed wrapper of a result, what the result adds around the screen's own text, stays within {@link
 * #MAX_WRAPPER} tokens, and the task within its budget.
 */
@Timeout(120)
class TaskTokensTest {

  /** The most tokens a result may spend around its content. */
  static final int MAX_WRAPPER = 12;

  /** The sim Wi-Fi task's results, in tokens (252 when this was written; 546 before issue 30). */
  static final int MAX_RESULTS = 290;

  /** tools/list and instructions on the sim, in tokens: issue 30's goal for a phone. */
  static final int MAX_SIM_LISTING = 2_000;

  private static final String SWITCH = "switch off.*";

  @TempDir Path dir;

  @Test
  void theSimWifiTaskTakesTheHandlesItsResultsGive() {
    try (McpFixture mcp = McpFixture.in(dir).start()) {
      ClientTokens tokens = new ClientTokens();
      tokens.call(mcp, "launch_app", Map.of("app_id", "com.android.settings"));
      String listing = tokens.call(mcp, "describe_screen", Map.of());
      String row = handle(listing, "Wi-Fi").orElseThrow(() -> new AssertionError(listing));
      String opened = tokens.call(mcp, "tap", Map.of("element", row));
      Optional<String> named = handle(opened, SWITCH);
      String relisted = named.isPresent() ? "" : tokens.call(mcp, "describe_screen", Map.of());
      String toggle =
          named.or(() -> handle(relisted, SWITCH)).orElseThrow(() -> new AssertionError(tokens));
      String done = tokens.call(mcp, "tap", Map.of("element", toggle));
      int tools = ClientTokens.toolList(mcp.client.listTools().tools());
      int everyTool = ClientTokens.toolList(ApexMcpServer.toolList());
      System.out.printf("tools/list with every tool (what a web page offers): %d%n", everyTool);
      int instructions = ClientTokens.count(ApexMcpServer.INSTRUCTIONS);
      System.out.printf(
          "sim wifi: calls %d, results %d, wrappers %d, requests %d, tools/list %d,"
              + " instructions %d%n%s",
          tokens.calls.size(),
          tokens.results(),
          tokens.wrappers(),
          tokens.requests(),
          tools,
          instructions,
          tokens);
      assertThat(done).contains(toggle + " switch off → on");
      // The tap's result named the switch: no second listing.
      assertThat(named).as("the switch's handle in the tap's result").isPresent();
      assertThat(tokens.calls).hasSize(4);
      tokens.assertWrappersWithin(MAX_WRAPPER);
      assertThat(tools + instructions)
          .as("tools/list and instructions")
          .isLessThanOrEqualTo(MAX_SIM_LISTING);
      assertThat(tokens.results())
          .as("the task's results, in tokens")
          .isLessThanOrEqualTo(MAX_RESULTS);
    }
  }

  /** The handle of the first listed line whose rest matches {@code what}. */
  static Optional<String> handle(String text, String what) {
    Matcher m = Pattern.compile("(?m)^(\\d+) .*" + what + ".*$").matcher(text);
    return m.find() ? Optional.of(m.group(1)) : Optional.empty();
  }
}
