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
import dev.apex.timeline.StepRecord;
import dev.apex.tools.TestScenes;
import dev.apex.world.WorldConfig;
import dev.apex.world.WorldModel;
import dev.apex.world.WorldState;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The World Runtime's integration into the loop (seed 000, migration plan steps 2–4, D5, D6). */
class TaskRunnerWorldTest {

  private static final PlannedStep LAUNCH_SETTINGS =
      PlannedStep.of("launch_app", Map.of("app_id", "com.android.settings"));
  private static final PlannedStep LAUNCH_NOTES =
      PlannedStep.of("launch_app", Map.of("bundle_id", "com.apex.sim.notes"));
  private static final PlannedStep TERMINATE_NOTES =
      PlannedStep.of("terminate_app", Map.of("app_id", "com.apex.sim.notes"));

  private final FakeDevice device =
      new FakeDevice().install("com.android.settings", "com.apex.sim.notes");
  private final FakeClock clock = new FakeClock();
  private final List<Object> worldsSeenByPlanner = new ArrayList<>();
  private SemanticScene nextSemantic;

  private Observation observe() {
    Scene scene = TestScenes.settingsMain();
    return new Observation(scene, null, nextSemantic);
  }

  /** Plays the steps in order, recording the world each plan call was given. */
  private Planner script(PlannedStep... steps) {
    return new Planner() {
      @Override
      public List<PlannedStep> plan(String goal, Scene scene, TaskContext context) {
        throw new AssertionError("the runner must call the world overload");
      }

      @Override
      public List<PlannedStep> plan(
          String goal, Scene scene, TaskContext context, WorldState world) {
        worldsSeenByPlanner.add(world == null ? "null" : world);
        int done = context.stepCount();
        return done < steps.length ? List.of(steps[done]) : List.of();
      }
    };
  }

  private TaskRunner.Builder runner(Planner planner) {
    return TaskRunner.builder(device, this::observe, planner)
        .clock(clock)
        .sleeper(new RecordingSleeper(clock))
        .random(new FixedRandom(0.0))
        .taskIds(() -> TaskId.of("w1"));
  }

  @Test
  void byDefaultTheContextCarriesAWorldThatFollowsLaunchAndTerminate() {
    TaskOutcome outcome =
        runner(script(LAUNCH_SETTINGS, LAUNCH_NOTES, TERMINATE_NOTES)).build().run("apps");

    assertThat(outcome.status()).isEqualTo(TaskStatus.SUCCEEDED);
    WorldState world = outcome.context().world();
    assertThat(world).isNotNull();
    assertThat(world.currentApp()).isNull();
    assertThat(world.history()).hasSize(3);
    assertThat(world.history())
        .extracting(e -> e.action())
        .containsExactly("launch_app", "launch_app", "terminate_app");
    assertThat(world.screenSignature()).isNotBlank();
  }

  @Test
  void thePlannerSeesTheWorldAsItStoodAfterThePreviousStep() {
    runner(script(LAUNCH_SETTINGS, LAUNCH_NOTES)).build().run("apps");

    assertThat(worldsSeenByPlanner).hasSize(3);
    assertThat(((WorldState) worldsSeenByPlanner.get(0)).currentApp()).isNull();
    assertThat(((WorldState) worldsSeenByPlanner.get(1)).currentApp())
        .isEqualTo("com.android.settings");
    assertThat(((WorldState) worldsSeenByPlanner.get(2)).currentApp())
        .isEqualTo("com.apex.sim.notes");
  }

  @Test
  void observeRunsOncePerExecutedStepAndTheHistoryStaysBounded() {
    PlannedStep[] many = new PlannedStep[15];
    for (int i = 0; i < many.length; i++) {
      many[i] = PlannedStep.of("wait", Map.of("ms", 1));
    }
    TaskOutcome outcome =
        runner(script(many))
            .maxSteps(50)
            .worldConfig(WorldConfig.defaults().withHistorySize(4))
            .build()
            .run("wait a lot");

    assertThat(outcome.context().stepCount()).isEqualTo(15);
    assertThat(outcome.context().world().history()).hasSize(4);
    assertThat(outcome.context().world().history().get(3).index()).isEqualTo(15);
  }

  @Test
  void thePlannerCannotChangeTheWorldItIsGiven() {
    Planner meddler =
        new Planner() {
          @Override
          public List<PlannedStep> plan(String goal, Scene scene, TaskContext context) {
            return List.of();
          }

          @Override
          public List<PlannedStep> plan(
              String goal, Scene scene, TaskContext context, WorldState world) {
            if (context.stepCount() == 1) {
              assertThatThrownBy(() -> world.variables().put("k", "v"))
                  .isInstanceOf(UnsupportedOperationException.class);
              assertThatThrownBy(() -> world.history().clear())
                  .isInstanceOf(UnsupportedOperationException.class);
              return List.of(PlannedStep.of("wait", Map.of("ms", 1)));
            }
            return context.stepCount() == 0 ? List.of(LAUNCH_SETTINGS) : List.of();
          }
        };

    TaskOutcome outcome = runner(meddler).build().run("meddle");

    assertThat(outcome.status()).isEqualTo(TaskStatus.SUCCEEDED);
    assertThat(outcome.context().world().variables()).isEmpty();
    assertThat(outcome.context().world().history()).hasSize(2);
  }

  @Test
  void rememberedVariablesAndTheSemanticPageReachTheWorld() {
    nextSemantic = new SemanticScene("settings", List.of("open wi-fi"), List.of());
    Map<String, Object> args = new HashMap<>(Map.of("ms", 1));
    args.put("remember", Map.of("wifi", "on"));

    TaskOutcome outcome = runner(script(PlannedStep.of("wait", args))).build().run("remember");

    assertThat(outcome.context().world().currentPage()).isEqualTo("settings");
    assertThat(outcome.context().world().variables()).containsEntry("wifi", "on");
  }

  @Test
  void eachStepRecordCarriesTheWorldAfterItAndTheSemanticScene() {
    nextSemantic = new SemanticScene("settings", List.of(), List.of());
    List<StepRecord> records = new ArrayList<>();
    runner(script(LAUNCH_SETTINGS, LAUNCH_NOTES))
        .listener(
            new TaskListener() {
              @Override
              public void stepRecorded(StepRecord record) {
                records.add(record);
              }
            })
        .build()
        .run("apps");

    assertThat(records).hasSize(2);
    assertThat(records.get(0).extras().world().currentApp()).isEqualTo("com.android.settings");
    assertThat(records.get(1).extras().world().currentApp()).isEqualTo("com.apex.sim.notes");
    assertThat(records.get(0).extras().semanticScene()).isEqualTo(nextSemantic);
  }

  @Test
  void aGivenWorldModelIsTheOneUpdated() {
    WorldModel model = new WorldModel();

    runner(script(LAUNCH_SETTINGS)).worldModel(model).build().run("given");

    assertThat(model.state().currentApp()).isEqualTo("com.android.settings");
  }

  @Test
  void switchedOffTheContextHasNoWorldAndTheLoopBehavesAsBefore() {
    List<StepRecord> records = new ArrayList<>();
    TaskOutcome outcome =
        runner(script(LAUNCH_SETTINGS, LAUNCH_NOTES))
            .worldConfig(WorldConfig.disabled())
            .listener(
                new TaskListener() {
                  @Override
                  public void stepRecorded(StepRecord record) {
                    records.add(record);
                  }
                })
            .build()
            .run("apps");

    assertThat(outcome.status()).isEqualTo(TaskStatus.SUCCEEDED);
    assertThat(outcome.context().world()).isNull();
    assertThat(worldsSeenByPlanner).containsOnly("null");
    assertThat(records).allSatisfy(r -> assertThat(r.extras().world()).isNull());
  }

  @Test
  void theStubPlannerIgnoresTheWorld() {
    TaskOutcome on = runner(new StubPlanner()).build().run("look");
    TaskOutcome off =
        runner(new StubPlanner()).worldConfig(WorldConfig.disabled()).build().run("look");

    assertThat(on.status()).isEqualTo(off.status()).isEqualTo(TaskStatus.SUCCEEDED);
    assertThat(on.context().stepResults()).hasSameSizeAs(off.context().stepResults());
    assertThat(on.context().world()).isNotNull();
  }
}
