package dev.apex.runtime.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.StepResult;
import dev.apex.core.TaskStatus;
import dev.apex.perception.OcrEngine;
import dev.apex.runtime.Planner;
import dev.apex.runtime.TaskListener;
import dev.apex.runtime.flow.Flow;
import dev.apex.runtime.safety.Confirmer;
import dev.apex.runtime.safety.SafetyPolicy;
import dev.apex.runtime.safety.SensitiveAction;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.RecordingSleeper;
import dev.apex.timeline.ReplayMark;
import dev.apex.timeline.StepRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A flow recorded on the sim, replayed on each drift variant: healed by a scripted healer (the
 * healed flow then replays with no healer), failed with the tool's message without one, counted
 * (not healed) where only the screen's signature changed.
 */
class FlowHealTest {

  private static String recorded;

  private static AgentBuilder on(String device) {
    FakeClock clock = new FakeClock();
    return Agent.builder()
        .device(device)
        .ocr(OcrEngine.NONE)
        .clock(clock)
        .sleeper(new RecordingSleeper(clock));
  }

  private static boolean shows(Scene scene, String text) {
    return dev.apex.tools.ElementLocator.find(scene, dev.apex.tools.ElementQuery.byText(text))
        .isPresent();
  }

  /** Heals as a model would, from what is on screen: the renamed row, the pop-up's "Not now". */
  private static final class ScriptedHealer implements Planner {
    final List<String> goals = new CopyOnWriteArrayList<>();

    @Override
    public List<PlannedStep> plan(String goal, Scene scene, dev.apex.runtime.TaskContext context) {
      goals.add(goal);
      if (shows(scene, "WLAN")) {
        return List.of(PlannedStep.of("tap", Map.of("text", "WLAN")));
      }
      if (shows(scene, "Not now")) {
        return List.of(PlannedStep.of("tap", Map.of("text", "Not now")));
      }
      return List.of();
    }
  }

  @BeforeAll
  static void record() {
    Planner wifiOn =
        (goal, scene, context) ->
            switch (context.stepCount()) {
              case 0 ->
                  List.of(PlannedStep.of("launch_app", Map.of("app_id", "com.android.settings")));
              case 1 -> List.of(PlannedStep.of("tap", Map.of("text", "Wi-Fi")));
              case 2 ->
                  List.of(
                      PlannedStep.of(
                          "tap", Map.of("element", "com.android.settings:id/wifi_switch")));
              default -> List.of();
            };
    FlowRecording recording = new FlowRecording();
    try (Agent agent = on("sim").build()) {
      AgentOutcome outcome =
          agent.run(
              AgentRun.planned("Turn Wi-Fi on", wifiOn)
                  .withConfirmer(Confirmer.AUTHORED)
                  .withListener(recording));
      assertThat(outcome.status()).isEqualTo(TaskStatus.SUCCEEDED);
      recorded = recording.toFlow(outcome);
    }
    assertThat(recorded).contains("element: com.android.settings:id/wifi_row");
  }

  private static Flow flow(Agent agent) {
    return Flow.parse(recorded, "wifi.yaml", agent.tools());
  }

  private static boolean wifiOn(AgentOutcome outcome) {
    Scene last = outcome.context().latestScene();
    return last.elements().stream()
        .anyMatch(
            e ->
                "com.android.settings:id/wifi_switch".equals(e.resourceId())
                    && e.has(dev.apex.core.ElementFlag.CHECKED));
  }

  @Test
  void theRenamedRowIsHealedWithOnePlanAndTheHealedFlowReplaysWithNoHealer() {
    healsAndReplays("sim:drift-renamed", "WLAN", 3);
  }

  @Test
  void thePopupIsDismissedWithOnePlanAndTheStepItHidRunsAfterAll() {
    healsAndReplays("sim:drift-popup", "Not now", 4);
  }

  private void healsAndReplays(String device, String tapped, int driftedStep) {
    ScriptedHealer healer = new ScriptedHealer();
    List<StepRecord> steps = new ArrayList<>();
    AgentOutcome healed;
    try (Agent agent = on(device).build()) {
      healed =
          agent.run(
              AgentRun.flow(flow(agent))
                  .withHealer(healer, 2)
                  .withListener(
                      new TaskListener() {
                        @Override
                        public void stepRecorded(StepRecord record) {
                          steps.add(record);
                        }
                      }));
    }
    assertThat(healed.status()).as(healed.reason()).isEqualTo(TaskStatus.SUCCEEDED);
    assertThat(wifiOn(healed)).isTrue();
    ReplayReport report = healed.replay();
    assertThat(report.healedSteps()).isEqualTo(1);
    assertThat(report.healCalls()).isEqualTo(1);
    assertThat(healer.goals).hasSize(1);
    assertThat(healer.goals.get(0))
        .startsWith(
            "Turn Wi-Fi on. A recorded flow for this goal is being replayed, and its step "
                + driftedStep
                + " no longer works");
    // The timeline marks the healed step, naming the flow step it stood in for.
    List<StepRecord> marked =
        steps.stream()
            .filter(
                s ->
                    s.extras().replay() != null
                        && s.extras().replay().kind() == ReplayMark.Kind.HEALED)
            .toList();
    assertThat(marked).hasSize(1);
    assertThat(marked.get(0).step().args()).containsEntry("text", tapped);
    assertThat(marked.get(0).extras().replay().flowStep()).isEqualTo(driftedStep);

    String yaml = report.healedFlow().orElseThrow();
    assertThat(yaml).startsWith("# Healed by apex from task ").contains("# healed: in place of");
    try (Agent agent = on(device).build()) {
      Flow again = Flow.parse(yaml, "wifi.healed.yaml", agent.tools());
      AgentOutcome replayed = agent.run(AgentRun.flow(again));
      assertThat(replayed.status()).as(replayed.reason()).isEqualTo(TaskStatus.SUCCEEDED);
      assertThat(wifiOn(replayed)).isTrue();
      assertThat(replayed.planning().calls()).isZero();
      assertThat(replayed.replay().heal()).isFalse();
    }
  }

  @Test
  void withoutAHealerEachDriftFailsNamingTheStepWhatItLookedForAndWhatIsOnScreen() {
    try (Agent agent = on("sim:drift-renamed").build()) {
      AgentOutcome outcome = agent.run(AgentRun.flow(flow(agent)));
      assertThat(outcome.status()).isEqualTo(TaskStatus.FAILED);
      assertThat(outcome.reason())
          .startsWith(
              "step 3 (tap) failed after 1 attempt(s): no element on screen matches id"
                  + " \"com.android.settings:id/wifi_row\"; on screen: ")
          .contains("WLAN");
    }
    try (Agent agent = on("sim:drift-popup").build()) {
      AgentOutcome outcome = agent.run(AgentRun.flow(flow(agent)));
      assertThat(outcome.status()).isEqualTo(TaskStatus.FAILED);
      assertThat(outcome.reason())
          .startsWith("step 4 (assert_visible) failed after 1 attempt(s): no element on screen")
          .contains("Not now");
    }
  }

  @Test
  void aRowInsertedAboveTheTargetIsCountedAsScreenDriftNotHealed() {
    ScriptedHealer healer = new ScriptedHealer();
    try (Agent agent = on("sim:drift-row").build()) {
      AgentOutcome outcome = agent.run(AgentRun.flow(flow(agent)).withHealer(healer, 2));
      assertThat(outcome.status()).as(outcome.reason()).isEqualTo(TaskStatus.SUCCEEDED);
      assertThat(wifiOn(outcome)).isTrue();
      ReplayReport report = outcome.replay();
      assertThat(report.healCalls()).isZero();
      assertThat(report.healedSteps()).isZero();
      assertThat(report.screenDrifts()).isPositive();
      assertThat(report.marks()).allMatch(m -> m.kind() == ReplayMark.Kind.SCREEN_DRIFT);
      assertThat(report.healedFlow()).isEmpty();
      assertThat(report.noHealedFlow()).contains("no step needed healing");
      assertThat(healer.goals).isEmpty();
    }
  }

  @Test
  void aHealerThatCannotGetPastTheStepFailsItAfterItsPlans() {
    List<String> goals = new CopyOnWriteArrayList<>();
    Planner lost =
        (goal, scene, context) -> {
          goals.add(goal);
          return List.of(PlannedStep.of("swipe", Map.of("direction", "up")));
        };
    try (Agent agent = on("sim:drift-renamed").build()) {
      AgentOutcome outcome = agent.run(AgentRun.flow(flow(agent)).withHealer(lost, 2));
      assertThat(outcome.status()).isEqualTo(TaskStatus.FAILED);
      assertThat(outcome.reason())
          .startsWith(
              "flow step 3 (tap element=\"com.android.settings:id/wifi_row\") could not be"
                  + " healed in 2 model call(s): no element on screen matches");
      assertThat(goals).hasSize(2);
    }
  }

  @Test
  void aHealedStepThatIsSensitiveAsksThePersonWhileTheFlowsOwnStepsDoNot() {
    List<SensitiveAction> asked = new CopyOnWriteArrayList<>();
    Confirmer refuses =
        action -> {
          asked.add(action);
          return false;
        };
    Planner opensNotes =
        (goal, scene, context) -> {
          List<StepResult> done = context.stepResults();
          boolean refused =
              done.stream().anyMatch(r -> r.error() != null && r.error().contains("policy_denied"));
          return refused
              ? List.of(PlannedStep.of("tap", Map.of("text", "WLAN")))
              : List.of(PlannedStep.of("launch_app", Map.of("app_id", "com.apex.sim.notes")));
        };
    SafetyPolicy policy = SafetyPolicy.defaults().withAllowedApps(Set.of());
    try (Agent agent = on("sim:drift-renamed").safety(policy).confirmer(refuses).build()) {
      AgentOutcome outcome = agent.run(AgentRun.flow(flow(agent)).withHealer(opensNotes, 3));
      assertThat(outcome.status()).as(outcome.reason()).isEqualTo(TaskStatus.SUCCEEDED);
      // The flow's launch_app of Settings ran unasked; the healer's launch of Notes was asked and
      // refused, the device untouched.
      assertThat(asked).hasSize(1);
      assertThat(asked.get(0).target()).contains("com.apex.sim.notes");
      assertThat(outcome.context().stepResults())
          .anyMatch(r -> !r.success() && r.error().startsWith("policy_denied"));
    }
  }

  /** A recorded tap whose text, unique when recorded, now matches several rows. */
  private static final String AMBIGUOUS =
      """
      name: Open the Wi-Fi page
      steps:
        - launch_app: com.android.settings
        - tap: { text: "Off" }
          screen: 0123456789abcdef
        - assert_visible: { text: "Networks nearby appear when Wi-Fi is on." }
      """;

  @Test
  void aRecordedLocatorThatNowMatchesSeveralElementsFailsNamingThemOrIsHealed() {
    try (Agent agent = on("sim").build()) {
      AgentOutcome outcome =
          agent.run(AgentRun.flow(Flow.parse(AMBIGUOUS, "open.yaml", agent.tools())));
      assertThat(outcome.status()).isEqualTo(TaskStatus.FAILED);
      assertThat(outcome.reason())
          .startsWith("flow step 2 (tap text=\"Off\"): text \"Off\" matches ")
          .contains("it was unique when recorded; run with --heal and a model to let it pick");
      // The ambiguous tap never ran: the task stopped before it.
      assertThat(outcome.steps()).isEqualTo(1);
    }
    List<String> goals = new CopyOnWriteArrayList<>();
    Planner picks =
        (goal, scene, context) -> {
          goals.add(goal);
          return List.of(PlannedStep.of("tap", Map.of("text", "Wi-Fi")));
        };
    try (Agent agent = on("sim").build()) {
      AgentOutcome outcome =
          agent.run(
              AgentRun.flow(Flow.parse(AMBIGUOUS, "open.yaml", agent.tools()))
                  .withHealer(picks, 2));
      assertThat(outcome.status()).as(outcome.reason()).isEqualTo(TaskStatus.SUCCEEDED);
      assertThat(goals).hasSize(1);
      assertThat(goals.get(0)).contains("matches").contains("it was unique when recorded");
      assertThat(outcome.replay().healedSteps()).isEqualTo(1);
      // The healer's pick replaces the ambiguous tap, located by the row's own resource id.
      assertThat(outcome.replay().healedFlow().orElseThrow())
          .doesNotContain("text: \"Off\"")
          .contains("element: com.android.settings:id/wifi_row");
    }
  }
}
