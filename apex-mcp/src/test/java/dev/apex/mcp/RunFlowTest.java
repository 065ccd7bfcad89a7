package dev.apex.mcp;

import static dev.apex.mcp.McpFixture.end;
import static dev.apex.mcp.McpFixture.isError;
import static dev.apex.mcp.McpFixture.text;
import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.TaskRecord;
import dev.apex.storage.StoredStep;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code run_flow}: a flow's steps run as steps of the session, through the same policy. */
@Timeout(120)
class RunFlowTest {

  @TempDir Path dir;

  @Test
  void aFlowsStepsRunAsStepsOfTheSessionAndTheResultListsEachWithItsChange() {
    try (McpFixture mcp = McpFixture.in(dir).start()) {
      McpSchema.CallToolResult ran =
          mcp.call(
              "run_flow",
              Map.of(
                  "yaml",
                  """
                  name: Wi-Fi page
                  steps:
                    - launch_app: com.android.settings
                    - tap: { text: "Wi-Fi" }
                  """));

      String text = text(ran);
      assertThat(isError(ran)).as(text).isFalse();
      assertThat(text).startsWith("flow Wi-Fi page: all 2 step(s) ok");
      String steps = flowSteps(text);
      assertThat(steps.lines())
          .hasSize(2)
          .satisfiesExactly(
              first -> assertThat(first).startsWith("1 ok launch_app → new screen"),
              second -> assertThat(second).startsWith("2 ok tap → ").contains("new"));
      mcp.closeClient();
      TaskRecord task = mcp.onlyTask();
      assertThat(mcp.steps(task.id()))
          .extracting(StoredStep::action)
          .containsExactly("launch_app", "tap");
      assertThat(mcp.steps(task.id())).allMatch(StoredStep::success);
      assertThat(end(task))
          .isEqualTo("ENDED the client closed the session after 1 call(s), 0 failed");
    }
  }

  @Test
  void aMalformedFlowOrOneNamingAnUnknownToolIsAnErrorAndRunsNothing() {
    try (McpFixture mcp = McpFixture.in(dir).start()) {
      McpSchema.CallToolResult malformed =
          mcp.call("run_flow", Map.of("yaml", "name: x\nsteps: [ - launch_app: {"));
      McpSchema.CallToolResult unknown =
          mcp.call("run_flow", Map.of("yaml", "steps:\n  - press_key: home\n  - fly: high\n"));
      McpSchema.CallToolResult empty = mcp.call("run_flow", Map.of("yaml", ""));
      McpSchema.CallToolResult variable =
          mcp.call(
              "run_flow",
              Map.of("yaml", "steps:\n  - type_text: { text: \"${ANTHROPIC_API_KEY}\" }\n"));
      // Nor does a model name variables: run_flow takes no vars (issue 28, item 2).
      McpSchema.CallToolResult named =
          mcp.call(
              "run_flow",
              Map.of(
                  "yaml",
                  "steps:\n  - type_text: { text: \"${APEX_M_X}\" }\n",
                  "vars",
                  Map.of("APEX_M_X", "typed-by-a-model")));

      assertThat(isError(malformed)).isTrue();
      assertThat(text(malformed)).startsWith("run_flow is not valid YAML").doesNotContain("\n");
      assertThat(isError(unknown)).isTrue();
      assertThat(text(unknown))
          .startsWith("run_flow")
          .contains("step 2")
          .contains("unknown action 'fly'")
          .doesNotContain("\n");
      // The server's environment is never typed anywhere a model asks.
      assertThat(isError(variable)).isTrue();
      assertThat(text(variable))
          .startsWith("run_flow: the flow uses ${ANTHROPIC_API_KEY}")
          .contains("never fills variables")
          .contains("--var NAME");
      assertThat(isError(named)).isTrue();
      assertThat(text(named)).contains("vars").doesNotContain("typed-by-a-model");
      assertThat(isError(empty)).isTrue();
      assertThat(text(empty)).contains("run_flow").doesNotContain("\n");
      mcp.closeClient();
      for (TaskRecord task : mcp.tasks()) {
        assertThat(mcp.steps(task.id())).as("steps of %s", task.id()).isEmpty();
      }
      // The empty text is refused by run_flow's own argument check, before the session: not a call
      // of it; the two flows that did not parse and the one with a variable are its failed calls.
      assertThat(end(mcp.onlyTask()))
          .isEqualTo("ENDED the client closed the session after 3 call(s), 3 failed");
    }
  }

  @Test
  void aFlowWhoseSecondOfThreeStepsFailsStopsThere() {
    try (McpFixture mcp = McpFixture.in(dir).start()) {
      McpSchema.CallToolResult ran =
          mcp.call(
              "run_flow",
              Map.of(
                  "yaml",
                  """
                  name: stops
                  steps:
                    - launch_app: com.android.settings
                    - assert_visible: { text: "No such row", timeout_ms: 0 }
                    - tap: { text: "Wi-Fi" }
                  """));

      String text = text(ran);
      assertThat(isError(ran)).isTrue();
      assertThat(text).startsWith("flow stops: step 2 of 3 failed; the rest did not run");
      String steps = flowSteps(text);
      assertThat(steps.lines()).hasSize(2);
      assertThat(steps.lines().toList().get(1)).startsWith("2 FAILED assert_visible: ");
      mcp.closeClient();
      TaskRecord task = mcp.onlyTask();
      assertThat(mcp.steps(task.id()))
          .extracting(StoredStep::action)
          .containsExactly("launch_app", "assert_visible");
      assertThat(end(task)).endsWith("after 1 call(s), 1 failed");
    }
  }

  @Test
  void aFlowsStepsPassThroughTheSafetyPolicy() {
    try (McpFixture mcp = McpFixture.in(dir).start()) {
      McpSchema.CallToolResult ran =
          mcp.call(
              "run_flow",
              Map.of("yaml", "steps:\n  - launch_app: com.apex.sim.notes\n  - press_key: back\n"));

      String text = text(ran);
      assertThat(isError(ran)).isTrue();
      assertThat(text).contains("step 1 of 2 failed");
      assertThat(flowSteps(text))
          .startsWith("1 FAILED launch_app: policy_denied:")
          .contains("--allow-app com.apex.sim.notes");
      mcp.closeClient();
      assertThat(mcp.steps(mcp.onlyTask().id())).hasSize(1);
    }
  }

  /** The block after a flow's first line: its steps. */
  private static String flowSteps(String text) {
    return ToolResultsTest.block(text.substring(text.indexOf('\n') + 1));
  }
}
