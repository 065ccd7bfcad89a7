package dev.apex.runtime.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.InvalidInputException;
import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.TaskStatus;
import dev.apex.perception.OcrEngine;
import dev.apex.runtime.Planner;
import dev.apex.runtime.TaskContext;
import dev.apex.runtime.flow.Flow;
import dev.apex.runtime.safety.Confirmer;
import dev.apex.testkit.RecordingSleeper;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A planned run on the sim recorded as a flow, then replayed with no planner: located by resource
 * id or text (never a per-capture handle), each step with its screen, effects asserted.
 */
class FlowRecordingTest {

  private static AgentBuilder sim() {
    return Agent.builder().device("sim").ocr(OcrEngine.NONE).sleeper(new RecordingSleeper());
  }

  /** The handle the task gives the element with this resource id on this scene. */
  private static String handle(Scene scene, TaskContext context, String resourceId) {
    for (SceneElement e : scene.elements()) {
      if (resourceId.equals(e.resourceId())) {
        return context.handles().name(e);
      }
    }
    throw new AssertionError("no " + resourceId + " on screen");
  }

  /** Plans as a model would: handles of the scene it was shown, a describe in between. */
  private static final Planner WIFI_ON =
      (goal, scene, context) ->
          switch (context.stepCount()) {
            case 0 ->
                List.of(PlannedStep.of("launch_app", Map.of("app_id", "com.android.settings")));
            case 1 -> List.of(PlannedStep.of("describe_screen"));
            case 2 -> List.of(PlannedStep.of("tap", Map.of("text", "Wi-Fi")));
            case 3 ->
                List.of(
                    PlannedStep.of(
                        "tap",
                        Map.of(
                            "element",
                            handle(scene, context, "com.android.settings:id/wifi_switch"))));
            default -> List.of();
          };

  @Test
  void aPlannedRunBecomesAFlowThatReplaysToTheSameEndWithNoPlanner() {
    FlowRecording recording = new FlowRecording();
    String yaml;
    try (Agent agent = sim().build()) {
      AgentOutcome outcome =
          agent.run(
              AgentRun.planned("Turn Wi-Fi on", WIFI_ON)
                  .withConfirmer(Confirmer.AUTHORED)
                  .withListener(recording));
      assertThat(outcome.status()).isEqualTo(TaskStatus.SUCCEEDED);
      yaml = recording.toFlow(outcome);
    }

    assertThat(yaml).startsWith("# Recorded by apex from task ").contains("# goal: Turn Wi-Fi on");
    Flow flow;
    try (Agent agent = sim().build()) {
      flow = Flow.parse(yaml, "recorded.yaml", agent.tools());
    }
    assertThat(flow.name()).isEqualTo("Turn Wi-Fi on");
    List<String> actions = flow.steps().stream().map(PlannedStep::action).toList();
    // describe_screen is left out; each effect that shows is asserted.
    assertThat(actions).doesNotContain("describe_screen");
    assertThat(actions).containsSubsequence("launch_app", "tap", "tap", "assert_visible");
    PlannedStep lastTap =
        flow.steps().stream().filter(s -> s.action().equals("tap")).reduce((a, b) -> b).get();
    // The per-capture handle became the switch's resource id.
    assertThat(lastTap.args()).isEqualTo(Map.of("element", "com.android.settings:id/wifi_switch"));
    assertThat(flow.steps().get(flow.steps().size() - 1).args())
        .containsEntry("id", "com.android.settings:id/wifi_switch")
        .containsEntry("checked", true);
    // Every recorded step says the screen it ran on; the asserts it added have none of their own.
    for (int i = 0; i < flow.steps().size(); i++) {
      if (!flow.steps().get(i).action().equals("assert_visible")) {
        assertThat(flow.screens().get(i)).as("screen of step %d", i + 1).matches("[0-9a-f]{16}");
      }
    }

    try (Agent agent = sim().build()) {
      AgentOutcome replay = agent.run(flow);
      assertThat(replay.status()).isEqualTo(TaskStatus.SUCCEEDED);
      assertThat(replay.planning().calls()).isZero();
      assertThat(replay.world().currentApp()).isEqualTo("com.android.settings");
      assertThat(agent.scene().elements())
          .anySatisfy(
              e -> {
                assertThat(e.resourceId()).isEqualTo("com.android.settings:id/wifi_switch");
                assertThat(e.has(dev.apex.core.ElementFlag.CHECKED)).isTrue();
              });
    }
  }

  @Test
  void aRunThatDidNotSucceedRecordsNoFlowAndSaysWhy() {
    FlowRecording recording = new FlowRecording();
    Planner lost =
        (goal, scene, context) ->
            context.stepCount() == 0
                ? List.of(PlannedStep.of("tap", Map.of("text", "No such row", "timeout_ms", 0)))
                : List.of();
    try (Agent agent = sim().build()) {
      AgentOutcome outcome = agent.run(AgentRun.planned("lost", lost).withListener(recording));
      assertThat(outcome.status()).isEqualTo(TaskStatus.FAILED);
      assertThatThrownBy(() -> recording.toFlow(outcome))
          .isInstanceOf(InvalidInputException.class)
          .hasMessageStartingWith("no flow recorded: task " + outcome.taskId() + " ended FAILED")
          .hasMessageContaining("only a task that SUCCEEDED is recorded");
    }
  }

  @Test
  void aFlowWithAVariableLeftUnfilledIsRefusedBeforeItRuns() {
    try (Agent agent = sim().build()) {
      Flow flow =
          Flow.parse(
              "name: login\nsteps:\n  - type_text: { text: \"${APEX_TEST_PASSWORD}\", secret: true }\n",
              "login.yaml",
              agent.tools());
      assertThat(flow.variables()).containsExactly("APEX_TEST_PASSWORD");
      assertThatThrownBy(() -> agent.run(flow))
          .isInstanceOf(InvalidInputException.class)
          .hasMessageContaining("${APEX_TEST_PASSWORD}");
    }
  }
}
