package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.TaskRecord;
import dev.apex.core.TaskStatus;
import dev.apex.storage.SqliteTimeline;
import dev.apex.storage.StoredStep;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The session, end to end over stdio with the SDK's own client: on the sim, launch Settings
 * (outside the allow-list, so the server asks the client's user by elicitation, who accepts), tap
 * Wi-Fi, tap its switch, assert it reads on; the client closes; the timeline then holds that
 * session as one task, ENDED, with one step per call. It also writes {@code
 * target/mcp-transcript.txt} (the tool list and three calls with their results) for the issue's
 * closing note; nothing asserts on that file.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
@Tag("e2e")
class McpSimSessionTest {

  private static final String SWITCH = "com.android.settings:id/wifi_switch";

  @TempDir Path dir;

  @Test
  void aSessionOnTheSimIsOneEndedTaskWithAStepPerCall() throws Exception {
    Path db = dir.resolve("timeline.db");
    List<McpSchema.ElicitFormRequest> asked = new CopyOnWriteArrayList<>();
    McpTranscript transcript = new McpTranscript();
    try (McpChild server =
        McpChild.start(
            dir,
            db,
            request -> {
              asked.add(request);
              return McpSchema.ElicitResult.builder(McpSchema.ElicitResult.Action.ACCEPT)
                  .content(Map.of("allow", true))
                  .build();
            })) {
      transcript.tools(server.client.listTools().tools());

      Map<String, Object> launchArgs = Map.of("app_id", "com.android.settings");
      McpSchema.CallToolResult launch = ok(server.call("launch_app", launchArgs));
      assertThat(asked).as("the launch was confirmed by elicitation, once").hasSize(1);
      assertThat(asked.get(0).message()).contains("com.android.settings");
      transcript.call(
          "launch_app",
          launchArgs,
          launch,
          "(the client's user was asked: \"" + asked.get(0).message() + "\" and accepted)");

      Map<String, Object> wifiArgs = Map.of("text", "Wi-Fi");
      McpSchema.CallToolResult wifi = ok(server.call("tap", wifiArgs));
      transcript.call("tap", wifiArgs, wifi, null);

      Map<String, Object> switchArgs = Map.of("element", SWITCH);
      McpSchema.CallToolResult toggle = ok(server.call("tap", switchArgs));
      assertThat(McpChild.text(toggle)).as("what changed").containsPattern("(?i)off\\W+on");
      transcript.call("tap", switchArgs, toggle, null);

      ok(server.call("assert_visible", Map.of("id", SWITCH, "checked", true, "text", "On")));
      assertThat(asked).as("nothing else was sensitive").hasSize(1);

      server.awaitExit();
    }
    transcript.write(Cli.projectRoot().resolve("apex-cli/target/mcp-transcript.txt"));

    try (SqliteTimeline timeline = SqliteTimeline.open(db)) {
      List<TaskRecord> tasks = timeline.tasks(10, 0);
      assertThat(tasks).hasSize(1);
      TaskRecord task = tasks.get(0);
      assertThat(task.goal()).startsWith("MCP session");
      assertThat(task.status()).isEqualTo(TaskStatus.ENDED);
      assertThat(task.reason()).contains("4 call(s), 0 failed");
      List<StoredStep> steps = timeline.steps(task.id());
      assertThat(steps)
          .extracting(StoredStep::action)
          .containsExactly("launch_app", "tap", "tap", "assert_visible");
      assertThat(steps).allSatisfy(s -> assertThat(s.success()).isTrue());
      assertThat(steps).allSatisfy(s -> assertThat(s.sceneJson()).as("a scene").isNotBlank());
    }
  }

  private static McpSchema.CallToolResult ok(McpSchema.CallToolResult result) {
    assertThat(result.isError()).as(McpChild.text(result)).isFalse();
    return result;
  }
}
