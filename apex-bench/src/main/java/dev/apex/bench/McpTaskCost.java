package dev.apex.bench;

import dev.apex.core.ApexException;
import dev.apex.device.web.WebDevice;
import dev.apex.mcp.ApexMcpServer;
import dev.apex.mcp.InProcessSession;
import dev.apex.mcp.McpTasks;
import dev.apex.mcp.TaskTokens;
import dev.apex.perception.OcrEngine;
import dev.apex.runtime.agent.Agent;
import dev.apex.runtime.safety.SafetyPolicy;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.RecordingSleeper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * M6's whole tasks: each of {@link McpTasks.Task} run through {@code apex mcp}'s server ({@link
 * ApexMcpServer}, in this JVM over in-memory pipes: {@link InProcessSession}) by the official MCP
 * Java SDK client, as a model drives it by the handles the results give, counting in cl100k tokens
 * ({@link Tokens}) everything the client's model reads: the calls, the results, and tools/list with
 * the instructions. The web tasks run in headless Chromium on pages served from 127.0.0.1; when
 * Chromium does not start they are reported as not run, with the reason. Deterministic in tokens,
 * save the results' random nonces (a few tokens either way).
 */
public final class McpTaskCost {

  /** The longest any one request of a task may take. */
  static final Duration BOUND = Duration.ofSeconds(60);

  /** The one app the sim task launches, allowed without asking. */
  private static final Set<String> APPS = Set.of("com.android.settings");

  private McpTaskCost() {}

  /** Runs every task; the web ones only when Chromium starts. */
  public static McpCostResult.Tasks measure(PrintWriter progress) {
    String browserMissing = browserMissing();
    List<McpCostResult.TaskRow> rows = new ArrayList<>();
    try (McpTasks.Pages pages = new McpTasks.Pages()) {
      for (McpTasks.Task task : McpTasks.Task.values()) {
        if (task.web() && browserMissing != null) {
          rows.add(McpCostResult.TaskRow.notRun(task.label(), true, browserMissing));
          continue;
        }
        String device = task.web() ? "web:" + pages.url(task) : "sim";
        McpCostResult.TaskRow row = run(task, device);
        rows.add(row);
        progress.printf(
            "  %s: %s tokens in all (%s)%n",
            row.task(),
            Fmt.count(row.total()),
            row.solved() ? "solved" : "NOT solved: " + row.why());
        progress.flush();
      }
    }
    return new McpCostResult.Tasks(rows, browserMissing);
  }

  private static McpCostResult.TaskRow run(McpTasks.Task task, String device) {
    SafetyPolicy safety = SafetyPolicy.defaults().withAllowedApps(APPS);
    ApexMcpServer.AgentFactory agents =
        (selector, tools, confirmer) -> {
          FakeClock clock = new FakeClock();
          return Agent.builder()
              .ocr(OcrEngine.NONE)
              .tapSettle(Duration.ZERO)
              .clock(clock)
              .sleeper(new RecordingSleeper(clock))
              .tools(tools)
              .safety(safety)
              .confirmer(confirmer)
              .device(selector)
              .build();
        };
    ApexMcpServer.Options options =
        new ApexMcpServer.Options(
            device,
            agents,
            () -> "sim  the simulated phone",
            null,
            "bench",
            BOUND,
            line -> {},
            safety);
    try (InProcessSession session =
        InProcessSession.connect(
            options,
            BOUND,
            spec ->
                // The client's user allows what the server asks (opening the task's page).
                spec.elicitation(
                    request ->
                        McpSchema.ElicitResult.builder(McpSchema.ElicitResult.Action.ACCEPT)
                            .content(Map.of("allow", true))
                            .build()))) {
      McpTasks.Run run = McpTasks.run(task, new TaskTokens(session.client(), Tokens::count));
      TaskTokens t = run.tokens();
      return new McpCostResult.TaskRow(
          task.label(),
          task.web(),
          t.calls().size(),
          t.requests(),
          t.results(),
          t.wrappers(),
          run.listing(),
          run.solved(),
          run.why());
    }
  }

  /** Why Chromium cannot run the web tasks, or null when it starts. */
  private static String browserMissing() {
    try (WebDevice browser = WebTaskSuite.chromium()) {
      return null;
    } catch (ApexException e) {
      return "Chromium did not start: " + e.getMessage();
    }
  }
}
