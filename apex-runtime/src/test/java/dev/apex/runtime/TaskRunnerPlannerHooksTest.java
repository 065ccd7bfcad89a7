package dev.apex.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.llm.LlmUsage;
import dev.apex.llm.SemanticScene;
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
 * StopTaskException}, a listener for its model calls (recorded with the first step of each plan),
 * and the latest semantic scene.
 */
class TaskRunnerPlannerHooksTest {

  private final FakeDevice device = new FakeDevice();
  private final FakeClock clock = new FakeClock();
  private final RecordingListener listener = new RecordingListener();
  private final SemanticScene labels = new SemanticScene("settings", List.of(), List.of());

  private static final LlmUsage LABELLING = new LlmUsage(400, 30, 0, 1200);

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

  /** A model call of {@code tokens} input tokens, reported as a planner that asks a model does. */
  private static void called(TaskContext context, long tokens) {
    context.planListener().modelCalled("m1", new LlmUsage(tokens, 0, 0, 0), 0.5);
  }

  @Test
  void reportedCallsGoWithTheFirstStepOfTheirPlanAndTheSemanticSceneIsInTheContext() {
    List<SemanticScene> seen = new ArrayList<>();
    Planner planner =
        new Planner() {
          private int plans;

          @Override
          public List<PlannedStep> plan(String goal, Scene scene, TaskContext context) {
            seen.add(context.latestSemanticScene());
            plans++;
            for (int i = 0; i < plans; i++) {
              called(context, 100);
            }
            return plans > 2
                ? List.of()
                : List.of(
                    PlannedStep.of("wait", Map.of("ms", 1)),
                    PlannedStep.of("wait", Map.of("ms", 2)));
          }
        };

    TaskOutcome outcome = runner(planner).build().run("wait");

    assertThat(outcome.status()).isEqualTo(TaskStatus.SUCCEEDED);
    assertThat(listener.records).hasSize(4);
    assertThat(listener.records.get(0).extras().llmUsage())
        .containsExactly(new StepUsage("m1", 1, new LlmUsage(100, 0, 0, 0), 0.5));
    assertThat(listener.records.get(1).extras().llmUsage()).isEmpty();
    assertThat(listener.records.get(2).extras().llmUsage())
        .containsExactly(new StepUsage("m1", 2, new LlmUsage(200, 0, 0, 0), 1.0));
    assertThat(listener.records.get(0).extras().semanticScene()).isEqualTo(labels);
    assertThat(listener.records.get(0).extras().world()).isNotNull();
    assertThat(seen).containsOnly(labels);
  }

  @Test
  void theRunnersPlanListenersHearEveryCallAndTheReachedGoal() {
    List<String> heard = new ArrayList<>();
    Planner planner =
        (goal, scene, context) -> {
          called(context, 10);
          if (context.stepCount() == 0) {
            return List.of(PlannedStep.of("wait", Map.of("ms", 1)));
          }
          called(context, 20);
          context.planListener().goalReached("waited");
          return List.of();
        };

    runner(planner)
        .planListener(
            new PlanListener() {
              @Override
              public void modelCalled(String model, LlmUsage usage, double costUsd) {
                heard.add(model + " " + usage.inputTokens());
              }

              @Override
              public void goalReached(String summary) {
                heard.add("reached: " + summary);
              }
            })
        .build()
        .run("wait");

    // The last plan's calls belong to no step, but the listeners heard them.
    assertThat(heard).containsExactly("m1 10", "m1 10", "m1 20", "reached: waited");
    assertThat(listener.records).hasSize(1);
  }

  @Test
  void anEntryTheObserverAlsoRecordedKeepsBothValues() {
    Planner planner =
        (goal, scene, context) -> {
          if (context.stepCount() > 0) {
            return List.of();
          }
          called(context, 7);
          return List.of(PlannedStep.of("wait", Map.of("ms", 1)));
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
        .containsExactly(
            StepUsage.of(LABELLING), new StepUsage("m1", 1, new LlmUsage(7, 0, 0, 0), 0.5));
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
  void aPlanListenerThatThrowsLosesTheTaskNothing() {
    Planner planner =
        (goal, scene, context) -> {
          if (context.stepCount() > 0) {
            return List.of();
          }
          called(context, 7);
          return List.of(PlannedStep.of("wait", Map.of("ms", 1)));
        };

    TaskOutcome outcome =
        runner(planner)
            .planListener(
                new PlanListener() {
                  @Override
                  public void modelCalled(String model, LlmUsage usage, double costUsd) {
                    throw new IllegalStateException("broken");
                  }
                })
            .build()
            .run("wait");

    assertThat(outcome.status()).isEqualTo(TaskStatus.SUCCEEDED);
    assertThat(listener.records).hasSize(1);
    assertThat(listener.records.get(0).extras().llmUsage())
        .containsExactly(new StepUsage("m1", 1, new LlmUsage(7, 0, 0, 0), 0.5));
  }

  @Test
  void aContextMadeOutsideARunnerHearsNothing() {
    TaskContext context = new TaskContext(TaskId.of("x"), "goal");

    called(context, 5);

    assertThat(context.planListener()).isSameAs(PlanListener.NONE);
  }
}
