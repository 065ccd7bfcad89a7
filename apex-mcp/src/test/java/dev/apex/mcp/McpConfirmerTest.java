package dev.apex.mcp;

import static dev.apex.mcp.McpFixture.isError;
import static dev.apex.mcp.McpFixture.text;
import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.TaskRecord;
import dev.apex.storage.StoredStep;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.ElicitResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sensitive actions through the server: the client's user is asked by elicitation when the client
 * can elicit, and a refusal says why and what the user can do. Notes is outside the fixture's
 * allow-list, so launching it is sensitive; Messages' "Delete all" button is a deletion.
 */
@Timeout(120)
class McpConfirmerTest {

  private static final String NOTES = "com.apex.sim.notes";
  private static final String MESSAGES = "com.apex.sim.messages";

  @TempDir Path dir;

  /** A client whose user accepts the form with the allow field set to {@code allow}. */
  private static java.util.function.Function<McpSchema.ElicitFormRequest, ElicitResult> accepting(
      boolean allow) {
    return r ->
        ElicitResult.builder(ElicitResult.Action.ACCEPT)
            .content(Map.of(McpConfirmer.FIELD, allow))
            .build();
  }

  @Test
  void aUserWhoDeclinesInTheClientGetsTheStepRefused() {
    try (McpFixture mcp =
        McpFixture.in(dir)
            .elicitation(r -> ElicitResult.builder(ElicitResult.Action.DECLINE).build())
            .start()) {
      McpSchema.CallToolResult launched = mcp.call("launch_app", Map.of("app_id", NOTES));

      assertThat(isError(launched)).isTrue();
      assertThat(ToolResultsTest.block(text(launched)))
          .startsWith("policy_denied:")
          .contains(NOTES)
          .contains("the user declined it in the MCP client");
      assertThat(mcp.asked)
          .singleElement()
          .satisfies(
              asked -> {
                assertThat(asked.message()).contains(NOTES);
                assertThat(asked.requestedSchema()).containsKey("properties");
                assertThat(asked.requestedSchema().get("properties").toString())
                    .contains(McpConfirmer.FIELD);
              });
      assertThat(text(mcp.call("describe_screen"))).doesNotContain("New note");
      mcp.closeClient();
      StoredStep step = firstStep(mcp);
      assertThat(step.action()).isEqualTo("launch_app");
      assertThat(step.success()).isFalse();
      assertThat(step.error()).startsWith("policy_denied:").contains("declined");
    }
  }

  @Test
  void acceptingWithoutAllowIsNoYes() {
    try (McpFixture mcp = McpFixture.in(dir).elicitation(accepting(false)).start()) {
      McpSchema.CallToolResult launched = mcp.call("launch_app", Map.of("app_id", NOTES));

      assertThat(isError(launched)).isTrue();
      assertThat(text(launched)).contains("the user declined it in the MCP client");
      assertThat(mcp.asked).hasSize(1);
    }
  }

  @Test
  void aUserWhoAllowsItInTheClientGetsTheStepRun() {
    try (McpFixture mcp = McpFixture.in(dir).elicitation(accepting(true)).start()) {
      McpSchema.CallToolResult launched = mcp.call("launch_app", Map.of("app_id", NOTES));

      assertThat(isError(launched)).as(text(launched)).isFalse();
      assertThat(ToolResultsTest.block(text(launched))).contains("New note");
      assertThat(mcp.asked).hasSize(1);
      mcp.closeClient();
      assertThat(firstStep(mcp).success()).isTrue();
    }
  }

  @Test
  void aClientThatCannotElicitGetsARefusalNamingTheUsersRemedy() {
    try (McpFixture mcp = McpFixture.in(dir).start()) {
      McpSchema.CallToolResult launched = mcp.call("launch_app", Map.of("app_id", NOTES));

      assertThat(isError(launched)).isTrue();
      assertThat(ToolResultsTest.block(text(launched)))
          .startsWith("policy_denied:")
          .contains("does not support elicitation")
          .contains("--allow-app " + NOTES)
          .contains("planner.allowed_apps");
      assertThat(mcp.asked).isEmpty();
      // Refused before the device was touched: still on the launcher.
      assertThat(text(mcp.call("describe_screen"))).contains("Messages").doesNotContain("New note");
    }
  }

  @Test
  void aSensitiveTapRefusedForAClientThatCannotElicitNamesTheAllowedActionsSetting() {
    try (McpFixture mcp = McpFixture.in(dir).start()) {
      assertThat(isError(mcp.call("launch_app", Map.of("app_id", MESSAGES)))).isFalse();

      McpSchema.CallToolResult deleted = mcp.call("tap", Map.of("text", "Delete all"));

      assertThat(isError(deleted)).isTrue();
      assertThat(ToolResultsTest.block(text(deleted)))
          .startsWith("policy_denied:")
          .contains("Delete all")
          .contains("planner.allowed_actions")
          .contains("\"deletion\"")
          .doesNotContain("--allow-app");
      // The inbox was not cleared.
      assertThat(text(mcp.call("describe_screen"))).contains("Unknown sender");
    }
  }

  @Test
  void aSensitiveTapTheUserAllowsRuns() {
    try (McpFixture mcp = McpFixture.in(dir).elicitation(accepting(true)).start()) {
      mcp.call("launch_app", Map.of("app_id", MESSAGES));

      McpSchema.CallToolResult deleted = mcp.call("tap", Map.of("text", "Delete all"));

      assertThat(isError(deleted)).as(text(deleted)).isFalse();
      assertThat(mcp.asked)
          .singleElement()
          .satisfies(a -> assertThat(a.message()).contains("Delete all"));
      assertThat(text(mcp.call("describe_screen"))).contains("No messages");
    }
  }

  @Test
  void aClientWhoseElicitationFailsGetsARefusalSayingSoWithTheRemedy() {
    try (McpFixture mcp =
        McpFixture.in(dir)
            .elicitation(
                r -> {
                  throw new IllegalStateException("the dialog could not be shown");
                })
            .start()) {
      mcp.call("launch_app", Map.of("app_id", MESSAGES));

      McpSchema.CallToolResult deleted = mcp.call("tap", Map.of("text", "Delete all"));

      assertThat(isError(deleted)).isTrue();
      assertThat(text(deleted))
          .contains("asking the user through the MCP client failed")
          .contains("planner.allowed_actions")
          .contains("\"deletion\"");
      assertThat(text(mcp.call("describe_screen"))).contains("Unknown sender");
    }
  }

  private static StoredStep firstStep(McpFixture mcp) {
    TaskRecord task = mcp.onlyTask();
    List<StoredStep> steps = mcp.steps(task.id());
    assertThat(steps).isNotEmpty();
    return steps.get(0);
  }
}
