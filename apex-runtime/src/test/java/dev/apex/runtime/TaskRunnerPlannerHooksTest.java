package dev.apex.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.llm.LlmUsage;
import dev.apex.llm.SemanticScene;
import dev.apex.runtime.planner.LlmTotals;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.FakeDevice;
import dev.apex.testkit.RecordingSleeper;
import dev.apex.timeline.StepUsage;
import dev.apex.tools.TestScenes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What the runner offers a planner beyond plan(): a status of its choosing through {@link
 * StopTaskException}, its usage recorded with the first step of each plan, and the latest semantic
 * scene.
 */
class TaskRunnerPlannerHooksTest {

  private final FakeDevice device = new FakeDevice();
  private final FakeClock clock = new FakeClock();
  private final RecordingListener listener = new RecordingListener();
  private final SemanticScene labels = new SemanticScene("settings", List.of(), List.of());

  private static final LlmUsage LABELLING = new LlmUsage(400, 30, 0, 1200);
  private static final LlmUsage PLANNER_TOKENS = new LlmUsage(900, 60, 0, 2300);
  private static final LlmTotals PLANNER = new LlmTotals("m", 1, 900, 60, 0, 2300, 0.25);

  private TaskRunner.Builder runner(Planner planner) {
    return TaskRunner.builder(
            device, () -> new Observation(TestScenes.settingsMain(), null, labels), planner)
        .clock(clock)
        .sleeper(new RecordingSleeper(clock))
        .random(new FixedRandom(0.0))
        .taskIds(() -> TaskId.of("h1"))
        .listener(listener);
  }

  @Test
  void aStopTaskExceptionEndsTheTaskWithItsStatusAndReason() {
    Planner planner =
        (goal, scene, context) -> {
          if (context.stepCount() == 1) {
            throw new StopTaskException(
                TaskStatus.BUDGET_EXCEEDED, "budget exceeded (max LLM calls): 1 of at most 1");
          }
          return List.of(PlannedStep.of("wait", Map.of("ms", 1)));
        };

    TaskOutcome outcome = runner(planner).build().run("wait");

    assertThat(outcome.status()).isEqualTo(TaskStatus.BUDGET_EXCEEDED);
    assertThat(outcome.reason()).isEqualTo("budget exceeded (max LLM calls): 1 of at most 1");
    assertThat(listener.lines)
        .last()
        .isEqualTo("finished BUDGET_EXCEEDED: budget exceeded (max LLM calls): 1 of at most 1");
    assertThat(outcome.context().stepResults()).hasSize(1);
  }

  @Test
  void successIsNotAStatusAPlannerMayThrow() {
    assertThatThrownBy(() -> new StopTaskException(TaskStatus.SUCCEEDED, "done"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new StopTaskException(TaskStatus.RUNNING, "x"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void stepAnnotationsGoWithTheFirstStepOfTheirPlanAndTheSemanticSceneIsInTheContext() {
    List<SemanticScene> seen = new ArrayList<>();
    Planner planner =
        new Planner() {
          private int plans;

          @Override
          public List<PlannedStep> plan(String goal, Scene scene, TaskContext context) {
            seen.add(context.latestSemanticScene());
            plans++;
            return plans > 2
                ? List.of()
                : List.of(
                    PlannedStep.of("wait", Map.of("ms", 1)),
                    PlannedStep.of("wait", Map.of("ms", 2)));
          }

          @Override
          public Map<String, Object> stepAnnotations() {
            return Map.of("llm_usage", new LlmTotals("m", plans, 10, 1, 0, 0, 0.5));
          }
        };

    TaskOutcome outcome = runner(planner).build().run("wait");

    assertThat(outcome.status()).isEqualTo(TaskStatus.SUCCEEDED);
    assertThat(listener.records).hasSize(4);
    assertThat(listener.records.get(0).extras().llmUsage())
        .containsExactly(new StepUsage("m", 1, new LlmUsage(10, 1, 0, 0), 0.5));
    assertThat(listener.records.get(1).extras().llmUsage()).isEmpty();
    assertThat(listener.records.get(2).extras().llmUsage())
        .extracting(StepUsage::calls)
        .containsExactly(2);
    assertThat(listener.records.get(0).extras().semanticScene()).isEqualTo(labels);
    assertThat(listener.records.get(0).extras().world()).isNotNull();
    assertThat(seen).containsOnly(labels);
  }

  @Test
  void anEntryTheObserverAlsoRecordedKeepsBothValues() {
    Planner planner =
        new Planner() {
          @Override
          public List<PlannedStep> plan(String goal, Scene scene, TaskContext context) {
            return context.stepCount() == 0
                ? List.of(PlannedStep.of("wait", Map.of("ms", 1)))
                : List.of();
          }

          @Override
          public Map<String, Object> stepAnnotations() {
            return Map.of("llm_usage", PLANNER);
          }
        };

    TaskRunner.builder(
            device,
            () -> new Observation(TestScenes.settingsMain(), null, null, "timeout", LABELLING),
            planner)
        .clock(clock)
        .sleeper(new RecordingSleeper(clock))
        .listener(listener)
        .build()
        .run("wait");

    assertThat(listener.records.get(0).extras().llmUsage())
        .containsExactly(StepUsage.of(LABELLING), new StepUsage("m", 1, PLANNER_TOKENS, 0.25));
    assertThat(listener.records.get(0).extras().semanticUnavailable()).isEqualTo("timeout");
  }

  @Test
  void theLabellingCallIsCountedOnceWithTheFirstStepOfItsPlanAndItsOutcomeWithEveryStep() {
    Planner planner =
        (goal, scene, context) ->
            context.stepCount() == 0
                ? List.of(
                    PlannedStep.of("wait", Map.of("ms", 1)),
                    PlannedStep.of("wait", Map.of("ms", 2)))
                : List.of();

    TaskRunner.builder(
            device,
            () -> new Observation(TestScenes.settingsMain(), null, null, "overloaded", LABELLING),
            planner)
        .clock(clock)
        .sleeper(new RecordingSleeper(clock))
        .listener(listener)
        .build()
        .run("wait");

    assertThat(listener.records).hasSize(2);
    assertThat(listener.records.get(0).extras().llmUsage())
        .containsExactly(StepUsage.of(LABELLING));
    assertThat(listener.records.get(1).extras().llmUsage()).isEmpty();
    assertThat(listener.records)
        .allSatisfy(r -> assertThat(r.extras().semanticUnavailable()).isEqualTo("overloaded"));
  }

  @Test
  void aPlannerWhoseAnnotationsThrowLosesOnlyThem() {
    Planner planner =
        new Planner() {
          @Override
          public List<PlannedStep> plan(String goal, Scene scene, TaskContext context) {
            return context.stepCount() == 0
                ? List.of(PlannedStep.of("wait", Map.of("ms", 1)))
                : List.of();
          }

          @Override
          public Map<String, Object> stepAnnotations() {
            throw new IllegalStateException("broken");
          }
        };

    TaskOutcome outcome = runner(planner).build().run("wait");

    assertThat(outcome.status()).isEqualTo(TaskStatus.SUCCEEDED);
    assertThat(listener.records).hasSize(1);
    assertThat(listener.records.get(0).extras().llmUsage()).isEmpty();
  }
}
