package dev.apex.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.llm.SemanticScene;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.FakeDevice;
import dev.apex.testkit.RecordingSleeper;
import dev.apex.tools.TestScenes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What the runner offers a planner beyond plan(): a status of its choosing through {@link
 * StopTaskException}, annotations for the first step of each plan, and the latest semantic scene.
 */
class TaskRunnerPlannerHooksTest {

  private final FakeDevice device = new FakeDevice();
  private final FakeClock clock = new FakeClock();
  private final RecordingListener listener = new RecordingListener();
  private final SemanticScene labels = new SemanticScene("settings", List.of(), List.of());

  private TaskRunner.Builder runner(Planner planner) {
    return TaskRunner.builder(
            device,
            () -> new Observation(TestScenes.settingsMain(), null, labels, Map.of()),
            planner)
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
            return Map.of("llm_usage", Map.of("calls", plans));
          }
        };

    TaskOutcome outcome = runner(planner).build().run("wait");

    assertThat(outcome.status()).isEqualTo(TaskStatus.SUCCEEDED);
    assertThat(listener.records).hasSize(4);
    assertThat(listener.records.get(0).annotations())
        .containsEntry("llm_usage", Map.of("calls", 1));
    assertThat(listener.records.get(1).annotations()).doesNotContainKey("llm_usage");
    assertThat(listener.records.get(2).annotations())
        .containsEntry("llm_usage", Map.of("calls", 2));
    assertThat(listener.records.get(0).annotations()).containsKeys("semantic_scene", "world");
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
            return Map.of("llm_usage", "planner");
          }
        };

    TaskRunner.builder(
            device,
            () ->
                new Observation(
                    TestScenes.settingsMain(), null, null, Map.of("llm_usage", "labelling")),
            planner)
        .clock(clock)
        .sleeper(new RecordingSleeper(clock))
        .listener(listener)
        .build()
        .run("wait");

    assertThat(listener.records.get(0).annotations())
        .containsEntry("llm_usage", List.of("labelling", "planner"));
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
    assertThat(listener.records.get(0).annotations()).doesNotContainKey("llm_usage");
  }
}
