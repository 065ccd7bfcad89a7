package dev.apex.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import java.nio.file.Path;
import java.util.function.ToIntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a whole task over MCP costs the client's model, counted as apex-bench counts tokens ({@code
 * cl100k_base}, special-token markers as ordinary text): the sim Wi-Fi task as a model drives it
 * ({@link McpTasks.Task#SIM_WIFI}: launch Settings, list the screen, tap the Wi-Fi row by its
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

  private static final Encoding ENCODING =
      Encodings.newLazyEncodingRegistry().getEncoding(EncodingType.CL100K_BASE);

  /** Tokens as apex-bench counts them. */
  static final ToIntFunction<String> CL100K = ENCODING::countTokensOrdinary;

  @TempDir Path dir;

  @Test
  void theSimWifiTaskTakesTheHandlesItsResultsGive() {
    try (McpFixture mcp = McpFixture.in(dir).start()) {
      McpTasks.Run run = McpTasks.run(McpTasks.Task.SIM_WIFI, new TaskTokens(mcp.client, CL100K));
      TaskTokens tokens = run.tokens();
      System.out.printf(
          "tools/list with every tool (what a web page offers): %d%n",
          tokens.toolList(ApexMcpServer.toolList()));
      report(run);
      assertThat(run.solved()).as("%s: %s", run.why(), tokens).isTrue();
      // The tap's result named the switch: no second listing.
      assertThat(tokens.calls())
          .extracting(TaskTokens.Call::tool)
          .containsExactly("launch_app", "describe_screen", "tap", "tap");
      assertWrappersWithin(tokens, MAX_WRAPPER);
      assertThat(run.listing())
          .as("tools/list and instructions")
          .isLessThanOrEqualTo(MAX_SIM_LISTING);
      assertThat(tokens.results())
          .as("the task's results, in tokens")
          .isLessThanOrEqualTo(MAX_RESULTS);
    }
  }

  static void report(McpTasks.Run run) {
    TaskTokens t = run.tokens();
    System.out.printf(
        "%s: calls %d, results %d, wrappers %d, requests %d, tools/list + instructions %d,"
            + " total %d%n%s",
        run.task().label(),
        t.calls().size(),
        t.results(),
        t.wrappers(),
        t.requests(),
        run.listing(),
        run.total(),
        t);
  }

  /** Fails unless every result spent at most {@code max} tokens around its content. */
  static void assertWrappersWithin(TaskTokens tokens, int max) {
    for (TaskTokens.Call c : tokens.calls()) {
      assertThat(c.wrapper())
          .as("the wrapper of %s's result: %s", c.tool(), c.result())
          .isLessThanOrEqualTo(max);
    }
  }
}
