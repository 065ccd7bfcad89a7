package dev.apex.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.Bounds;
import dev.apex.core.ElementFlag;
import dev.apex.core.Scene;
import dev.apex.core.StepResult;
import dev.apex.core.TaskStatus;
import dev.apex.runtime.flow.Flow;
import dev.apex.runtime.flow.FlowReplay;
import dev.apex.runtime.safety.Confirmer;
import dev.apex.runtime.safety.SafetyPolicy;
import dev.apex.runtime.safety.SensitiveAction;
import dev.apex.runtime.safety.SensitiveKind;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.FakeDevice;
import dev.apex.testkit.RecordingSleeper;
import dev.apex.tools.TestScenes;
import dev.apex.tools.ToolRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The safety policy applies at the executor, whoever planned the step: a flow's tap on a sensitive
 * element is refused, or asked about, exactly as a model's would be.
 */
class FlowSafetyTest {

  private static final Scene INBOX =
      TestScenes.scene(
          TestScenes.element("inbox/title", "Inbox", new Bounds(40, 80, 600, 160)),
          TestScenes.element(
              "inbox/rename", "Rename", new Bounds(40, 300, 1040, 400), ElementFlag.CLICKABLE),
          TestScenes.element(
              "inbox/delete", "Delete all", new Bounds(40, 420, 1040, 520), ElementFlag.CLICKABLE));

  private static final String FLOW =
      """
      steps:
        - tap: { text: Rename }
        - tap: { text: Delete all }
        - press_key: back
      """;

  private final FakeDevice device = new FakeDevice();
  private final FakeClock clock = new FakeClock();
  private final RecordingListener listener = new RecordingListener();
  private final List<SensitiveAction> asked = new ArrayList<>();

  private TaskRunner.Builder runner() {
    Flow flow = Flow.parse(FLOW, "inbox.yaml", ToolRegistry.defaultRegistry());
    return TaskRunner.builder(
            device,
            () -> Observation.of(INBOX),
            new FlowReplay(flow, ToolRegistry.defaultRegistry()))
        .clock(clock)
        .sleeper(new RecordingSleeper(clock))
        .settleBound(Duration.ZERO)
        .listener(listener);
  }

  private Confirmer answering(boolean yes) {
    return action -> {
      asked.add(action);
      return yes;
    };
  }

  @Test
  void aRefusedTapFailsTheFlowAtThatStepAndTheDeviceIsNotTouched() {
    TaskOutcome outcome =
        runner().safety(SafetyPolicy.defaults(), answering(false)).build().run("inbox");

    assertThat(outcome.status()).isEqualTo(TaskStatus.FAILED);
    assertThat(outcome.reason())
        .startsWith(
            "step 2 (tap) failed after 0 attempt(s): policy_denied: tap \"Delete all\""
                + " (deletion: \"delete\")");
    StepResult refused = outcome.context().stepResults().get(1);
    assertThat(refused.success()).isFalse();
    assertThat(refused.attempts()).isZero();
    assertThat(listener.records.get(1).result().error()).startsWith("policy_denied: ");
    // Only the harmless Rename reached the device; nothing after the refusal ran.
    assertThat(device.events(FakeDevice.Tap.class)).hasSize(1);
    assertThat(device.events(FakeDevice.PressKey.class)).isEmpty();
    assertThat(asked)
        .singleElement()
        .extracting(SensitiveAction::kind)
        .isEqualTo(SensitiveKind.DELETION);
  }

  @Test
  void aConfirmersOwnRefusalEndsTheRecordedStepsError() {
    List<SensitiveAction> explained = new ArrayList<>();
    Confirmer noElicitation =
        new Confirmer() {
          @Override
          public boolean confirm(SensitiveAction action) {
            return false;
          }

          @Override
          public String refusal(SensitiveAction action) {
            explained.add(action);
            return "the client cannot ask the user; restart the server with --allow "
                + action.kind().code();
          }
        };

    TaskOutcome outcome = runner().safety(SafetyPolicy.defaults(), noElicitation).build().run("x");

    assertThat(outcome.status()).isEqualTo(TaskStatus.FAILED);
    String error = listener.records.get(1).result().error();
    assertThat(error)
        .isEqualTo(
            "policy_denied: tap \"Delete all\" (deletion: \"delete\") needs the user's"
                + " confirmation; the client cannot ask the user; restart the server with"
                + " --allow deletion")
        .doesNotContain("skip asking");
    assertThat(outcome.context().stepResults().get(1).error()).isEqualTo(error);
    assertThat(outcome.reason()).endsWith("restart the server with --allow deletion");
    assertThat(explained)
        .singleElement()
        .extracting(SensitiveAction::kind)
        .isEqualTo(SensitiveKind.DELETION);
    assertThat(device.events(FakeDevice.Tap.class)).hasSize(1);
  }

  @Test
  void theDefaultRefusalStillNamesThePolicyRemedy() {
    TaskOutcome outcome =
        runner().safety(SafetyPolicy.defaults(), answering(false)).build().run("inbox");

    assertThat(listener.records.get(1).result().error())
        .isEqualTo(
            "policy_denied: tap \"Delete all\" (deletion: \"delete\") needs the user's"
                + " confirmation; it was not confirmed (allow the kind in the safety policy to"
                + " skip asking)");
    assertThat(outcome.reason())
        .endsWith("it was not confirmed (allow the kind in the safety policy to skip asking)");
  }

  @Test
  void aConfirmedTapRunsAndIsAskedOnce() {
    TaskOutcome outcome =
        runner().safety(SafetyPolicy.defaults(), answering(true)).build().run("inbox");

    assertThat(outcome.status()).as(outcome.reason()).isEqualTo(TaskStatus.SUCCEEDED);
    assertThat(device.events(FakeDevice.Tap.class)).hasSize(2);
    assertThat(asked).hasSize(1);
  }

  @Test
  void anAllowedKindRunsWithoutAsking() {
    SafetyPolicy policy = SafetyPolicy.defaults().withAllowedKinds(Set.of(SensitiveKind.DELETION));

    TaskOutcome outcome = runner().safety(policy, answering(false)).build().run("inbox");

    assertThat(outcome.status()).as(outcome.reason()).isEqualTo(TaskStatus.SUCCEEDED);
    assertThat(asked).isEmpty();
  }

  @Test
  void withoutAPolicyTheRunnerRunsWhatTheFlowSays() {
    TaskOutcome outcome = runner().build().run("inbox");

    assertThat(outcome.status()).as(outcome.reason()).isEqualTo(TaskStatus.SUCCEEDED);
    assertThat(device.events(FakeDevice.Tap.class)).hasSize(2);
  }

  @Test
  void aRefusedStepEndsTheReplayEvenWhereTheRunnerWouldGoOn() {
    TaskOutcome outcome =
        runner()
            .safety(SafetyPolicy.defaults(), Confirmer.DENY)
            .stopOnStepFailure(false)
            .build()
            .run("inbox");

    // The replay, not the runner, ends a flow at a step it could not run (it has no healer here).
    assertThat(outcome.status()).isEqualTo(TaskStatus.FAILED);
    assertThat(outcome.context().stepResults())
        .extracting(StepResult::success)
        .containsExactly(true, false);
    assertThat(device.events(FakeDevice.Tap.class)).hasSize(1);
  }
}
