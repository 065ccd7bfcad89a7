package dev.apex.runtime.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.InvalidInputException;
import dev.apex.core.PlannedStep;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.device.Device;
import dev.apex.device.ForwardingDevice;
import dev.apex.device.sim.SimDevice;
import dev.apex.llm.SemanticConfig;
import dev.apex.perception.OcrEngine;
import dev.apex.runtime.TaskListener;
import dev.apex.runtime.planner.PlannerModels;
import dev.apex.runtime.safety.Confirmer;
import dev.apex.testkit.RecordingSleeper;
import dev.apex.timeline.StepRecord;
import dev.apex.world.WorldConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The entry point on the simulated phone: options checked once, a flow run to a typed outcome. */
class AgentTest {

  /** The project's example flow, written for the sim. */
  private static Path wifiFlow() {
    return Path.of("..")
        .toAbsolutePath()
        .normalize()
        .resolve("examples/flows/settings-wifi-on.yaml");
  }

  private static AgentBuilder sim() {
    return Agent.builder().device("sim").ocr(OcrEngine.NONE).sleeper(new RecordingSleeper());
  }

  @Test
  void aFlowOnTheSimRunsToATypedOutcome() {
    List<StepRecord> steps = new ArrayList<>();
    TaskListener listener =
        new TaskListener() {
          @Override
          public void stepRecorded(StepRecord record) {
            steps.add(record);
          }
        };
    AgentOutcome outcome;
    try (Agent agent = sim().listener(listener).build()) {
      outcome = agent.runFlow(wifiFlow());
    }

    assertThat(outcome.status()).isEqualTo(TaskStatus.SUCCEEDED);
    assertThat(outcome.steps()).isEqualTo(4).isEqualTo(steps.size());
    assertThat(steps).allSatisfy(s -> assertThat(s.taskId()).isEqualTo(outcome.taskId()));
    assertThat(outcome.world()).isNotNull();
    assertThat(outcome.world().variables()).isNotNull();
    assertThat(outcome.planning().calls()).isZero();
    assertThat(outcome.labels().calls()).isZero();
    assertThat(outcome.costUsd()).isZero();
    assertThat(outcome.summary()).isEmpty();
  }

  @Test
  void aRunKeepsTheIdAndListenersItIsGiven() {
    TaskId id = TaskId.random();
    AtomicInteger heard = new AtomicInteger();
    TaskListener counter =
        new TaskListener() {
          @Override
          public void stepRecorded(StepRecord record) {
            heard.incrementAndGet();
          }
        };
    try (Agent agent = sim().build()) {
      AgentOutcome outcome =
          agent.run(
              AgentRun.flow(dev.apex.runtime.flow.Flow.load(wifiFlow(), agent.tools()))
                  .withTaskId(id)
                  .withListener(counter));
      assertThat(outcome.taskId()).isEqualTo(id);
      assertThat(heard).hasValue(4);
    }
  }

  private static final dev.apex.runtime.Planner OPEN_SETTINGS =
      (goal, scene, context) ->
          context.stepCount() == 0
              ? List.of(new PlannedStep("launch_app", Map.of("app_id", "com.android.settings")))
              : List.of();

  @Test
  void aPlannerOfYourOwnPlansAGoal() {
    try (Agent agent = sim().build()) {
      AgentOutcome outcome =
          agent.run(
              AgentRun.planned("open settings", OPEN_SETTINGS).withConfirmer(Confirmer.AUTHORED));
      assertThat(outcome.status()).isEqualTo(TaskStatus.SUCCEEDED);
      assertThat(outcome.steps()).isEqualTo(1);
      assertThat(outcome.context().goal()).isEqualTo("open settings");
    }
  }

  @Test
  void theSafetyPolicyChecksEveryCallersSteps() {
    // Not a model's planner, but its launch outside the allow-list still needs a confirmation.
    try (Agent agent = sim().build()) {
      AgentOutcome refused = agent.run(AgentRun.planned("open settings", OPEN_SETTINGS));
      assertThat(refused.status()).isEqualTo(TaskStatus.FAILED);
      assertThat(refused.reason()).contains("policy_denied").contains("com.android.settings");
    }
    try (Agent agent =
        sim()
            .safety(
                dev.apex.runtime.safety.SafetyPolicy.defaults()
                    .withAllowedApps(java.util.Set.of("com.android.settings")))
            .build()) {
      assertThat(agent.run(AgentRun.planned("open settings", OPEN_SETTINGS)).succeeded()).isTrue();
    }
  }

  @Test
  void aGoalWithoutAModelIsRefusedBeforeTheDeviceOpens() {
    AtomicInteger opened = new AtomicInteger();
    try (Agent agent =
        sim()
            .deviceOpener(
                (selector, options) -> {
                  opened.incrementAndGet();
                  return SimDevice.create();
                })
            .build()) {
      assertThatThrownBy(() -> agent.runGoal("Turn Wi-Fi on"))
          .isInstanceOf(InvalidInputException.class)
          .hasMessage(PlannerModels.NONE_CONFIGURED);
      assertThat(agent.modelConfigured()).isFalse();
    }
    assertThat(opened).hasValue(0);
  }

  @Test
  void aKeyMakesTheModelConfigured() {
    try (Agent agent =
        sim().model(SemanticConfig.defaults().withApiKey("sk-test-123456789")).build()) {
      assertThat(agent.modelConfigured()).isTrue();
    }
  }

  @Test
  void badOptionsAreRefusedAtBuildNamingTheOption() {
    assertThatThrownBy(() -> sim().maxSteps(0).build())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("maxSteps")
        .hasMessageContaining("0");
    assertThatThrownBy(() -> sim().tapSettle(Duration.ofSeconds(-1)).build())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("tapSettle");
    assertThatThrownBy(() -> Agent.builder().device("toaster").build())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("unknown device 'toaster'");
  }

  @Test
  void aKindWhoseModuleIsMissingNamesTheModule() {
    // This module's tests have the phone drivers but not apex-webdriver.
    assertThatThrownBy(() -> Agent.builder().device("web:https://example.com").build())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("apex-webdriver");
  }

  @Test
  void aDeviceYouPassStaysOpenAndOneItOpenedIsClosed() {
    AtomicInteger closes = new AtomicInteger();
    Device yours =
        new ForwardingDevice(SimDevice.create()) {
          @Override
          public void close() {
            closes.incrementAndGet();
            super.close();
          }
        };
    try (Agent agent = sim().device(yours).build()) {
      assertThat(agent.scene().elements()).isNotEmpty();
    }
    assertThat(closes).hasValue(0);

    AtomicInteger opened = new AtomicInteger();
    try (Agent agent =
        sim()
            .deviceOpener(
                (selector, options) ->
                    new ForwardingDevice(SimDevice.create()) {
                      @Override
                      public void close() {
                        opened.incrementAndGet();
                        super.close();
                      }
                    })
            .build()) {
      agent.scene();
    }
    assertThat(opened).hasValue(1);
  }

  @Test
  void worldTrackingOffLeavesNoWorld() {
    try (Agent agent = sim().world(WorldConfig.disabled()).build()) {
      AgentOutcome outcome = agent.runFlow(wifiFlow());
      assertThat(outcome.succeeded()).isTrue();
      assertThat(outcome.world()).isNull();
    }
  }

  @Test
  void describeWithoutLabelsHasNoEnrichment() {
    try (Agent agent = sim().build()) {
      Agent.Description d = agent.describe();
      assertThat(d.enrichment()).isNull();
      assertThat(d.scene().elements()).isNotEmpty();
    }
  }

  @Test
  void labelsAskedWithoutAKeySayWhyThereAreNone() {
    try (Agent agent = sim().labels(true).build()) {
      Agent.Description d = agent.describe();
      assertThat(d.enrichment()).isNotNull();
      assertThat(d.enrichment().available()).isFalse();
    }
  }
}
