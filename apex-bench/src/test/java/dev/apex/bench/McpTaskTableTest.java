package dev.apex.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** M6's whole-task table and goals, from given figures. */
class McpTaskTableTest {

  private static McpCostResult with(McpCostResult.Tasks tasks) {
    McpCostResult sample = Reports.sample(false).mcp();
    return new McpCostResult(sample.screens(), sample.sim(), sample.toolList(), tasks);
  }

  private static McpCostResult.TaskRow web(String task, int results, int listing) {
    return new McpCostResult.TaskRow(task, true, 3, 20, results, 30, listing, true, null);
  }

  private static final McpCostResult.TaskRow SIM =
      new McpCostResult.TaskRow("sim Wi-Fi", false, 4, 60, 250, 40, 1_900, true, null);

  @Test
  void theTableShowsEachTasksPartsTotalAndPlaywrightsTotal() {
    McpCostResult mcp =
        with(
            new McpCostResult.Tasks(
                List.of(SIM, web("click-checkboxes", 300, 2_300), web("login-user", 350, 2_300)),
                null));

    String md = BenchmarksMarkdown.render(Reports.withMcp(mcp));

    assertThat(md)
        .contains("| sim Wi-Fi (sim) | 4 | 60 | 250 | 40 | 1,900 | **2,210** | – | – | yes |")
        .contains("| click-checkboxes (Chromium) | 3 | 20 | 300 | 30 | 2,300 | **2,620** | 8,117 |")
        .contains("≤ Playwright MCP's ÷ 2.5");
    assertThat(mcp.goals()).allMatch(Goal::met);
  }

  @Test
  void aWebTaskOverPlaywrightsTotalDividedBy2Point5MissesTheGoal() {
    // 7,781 ÷ 2.5 = 3,112: one token more misses it.
    McpCostResult mcp =
        with(
            new McpCostResult.Tasks(
                List.of(SIM, web("click-tab", 3_113 - 20 - 2_300, 2_300)), null));

    Goal totals = mcp.goals().get(0);

    assertThat(totals.required()).isTrue();
    assertThat(totals.met()).isFalse();
    assertThat(totals.measured()).isEqualTo("click-tab 3,113 (≤ 3,112)");
  }

  @Test
  void aListingOverItsBudgetMissesTheGoal() {
    McpCostResult mcp =
        with(
            new McpCostResult.Tasks(
                List.of(
                    new McpCostResult.TaskRow(
                        "sim Wi-Fi", false, 4, 60, 250, 40, 2_001, true, null),
                    web("click-tab", 100, 2_400)),
                null));

    Goal listing = mcp.goals().get(1);

    assertThat(listing.met()).isFalse();
    assertThat(listing.measured()).isEqualTo("sim Wi-Fi 2,001; click-tab 2,400");
  }

  @Test
  void withoutChromiumTheWebTasksAreReportedNotRunAndNotEnforced() {
    String why = "Chromium did not start: no chromium on the PATH";
    McpCostResult mcp =
        with(
            new McpCostResult.Tasks(
                List.of(SIM, McpCostResult.TaskRow.notRun("click-tab", true, why)), why));

    String md = BenchmarksMarkdown.render(Reports.withMcp(mcp));

    assertThat(md).contains("| click-tab | – | – | – | – | – | not run: " + why + " | 7,781 |");
    assertThat(mcp.goals().get(0).required()).isFalse();
    assertThat(mcp.goals().get(1).met()).isTrue();
    assertThat(mcp.goals()).allMatch(Goal::passes);
  }
}
