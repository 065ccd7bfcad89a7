package dev.apex.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.DeviceException;
import dev.apex.core.InvalidInputException;
import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.StepResult;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.core.retry.RetryEvent;
import dev.apex.perception.CompactEncoder;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.FakeDevice;
import dev.apex.testkit.RecordingSleeper;
import dev.apex.timeline.StepRecord;
import dev.apex.tools.TestScenes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TaskRunnerTest {

  private static final PlannedStep WAIT = PlannedStep.of("wait", Map.of("ms", 10));
  private static final PlannedStep BAD = PlannedStep.of("launch_app", Map.of("app_id", "x.y"));

  private final FakeDevice device = new FakeDevice().install("com.android.settings");
  private final FakeClock clock = new FakeClock();
  private final RecordingSleeper sleeper = new RecordingSleeper(clock);
  private final RecordingListener listener = new RecordingListener();
  private int observations;

  @AfterEach
  void clearInterrupt() {
    Thread.interrupted();
  }

  /** Observing takes 100 ms of fake time and shows the launcher. */
  private Observation observe() {
    observations++;
    clock.advance(Duration.ofMillis(100));
    return new Observation(TestScenes.home(), new byte[] {1, 2, 3});
  }

  private TaskRunner.Builder runner(Planner planner) {
    return TaskRunner.builder(device, this::observe, planner)
        .clock(clock)
        .sleeper(sleeper)
        .random(new FixedRandom(0.0))
        .taskIds(() -> TaskId.of("t1"))
        .listener(listener);
  }

  /** A planner that plays batches in order, then says the goal is reached. */
  private static Planner script(List<List<PlannedStep>> batches) {
    return (goal, scene, context) -> {
      int done = context.stepCount();
      for (List<PlannedStep> batch : batches) {
        if (done < batch.size()) {
          return batch.subList(done, batch.size());
        }
        done -= batch.size();
      }
      return List.of();
    };
  }

  @Test
  void theStubPlannerReachesItsGoalAfterOneDescribeScreen() {
    TaskOutcome outcome = runner(new StubPlanner()).build().run("look");

    assertThat(outcome.status()).isEqualTo(TaskStatus.SUCCEEDED);
    assertThat(outcome.reason()).isEqualTo("goal reached after 1 step(s)");
    assertThat(outcome.context().stepResults())
        .singleElement()
        .satisfies(r -> assertThat(r.output()).isEqualTo(CompactEncoder.encode(TestScenes.home())));
    assertThat(listener.lines)
        .containsExactly(
            "started t1 on fake: look",
            "step 1 describe_screen true",
            "finished SUCCEEDED: goal reached after 1 step(s)");
  }

  @Test
  void theStubPlannerPlansDescribeScreenUntilAStepSucceeded() {
    StubPlanner stub = new StubPlanner();
    TaskContext context = new TaskContext(TaskId.of("t"), "g");
    Scene scene = TestScenes.home();
    PlannedStep describe = PlannedStep.of("describe_screen");

    assertThat(stub.plan("g", scene, context)).containsExactly(describe);
    context.addStepResult(StepResult.failed(describe, "down", 3, null));
    assertThat(stub.plan("g", scene, context)).containsExactly(describe);
    context.addStepResult(StepResult.ok(describe, scene, 1, null));
    assertThat(stub.plan("g", scene, context)).isEmpty();
  }

  @Test
  void recordsEachStepWithItsSceneScreenshotAndTimes() {
    Planner planner =
        script(List.of(List.of(WAIT, PlannedStep.of("wait", Map.of("ms", 20))), List.of(WAIT)));

    TaskOutcome outcome = runner(planner).build().run("wait a bit");

    assertThat(outcome.status()).isEqualTo(TaskStatus.SUCCEEDED);
    assertThat(listener.records).extracting(StepRecord::index).containsExactly(1, 2, 3);
    StepRecord first = listener.records.get(0);
    assertThat(first.taskId()).isEqualTo(TaskId.of("t1"));
    assertThat(first.scene()).isEqualTo(TestScenes.home());
    assertThat(first.screenshot()).containsExactly(1, 2, 3);
    // Fake time: observing advances the clock 100 ms, each wait its own ms.
    assertThat(first.observeTime()).isEqualTo(Duration.ofMillis(100));
    assertThat(first.actTime()).isEqualTo(Duration.ofMillis(10));
    StepRecord second = listener.records.get(1);
    assertThat(second.observeTime()).isZero();
    assertThat(second.actTime()).isEqualTo(Duration.ofMillis(20));
    assertThat(second.startedAt()).isEqualTo(first.startedAt().plusMillis(110));
    assertThat(outcome.context().scenes()).hasSize(3);
    assertThat(observations).isEqualTo(3);
  }

  @Test
  void stopsAtMaxStepsWhenThePlannerNeverFinishes() {
    TaskOutcome outcome =
        runner((goal, scene, ctx) -> List.of(WAIT, WAIT)).maxSteps(5).build().run("forever");

    assertThat(outcome.status()).isEqualTo(TaskStatus.MAX_STEPS);
    assertThat(outcome.reason())
        .startsWith("reached the step limit (5 steps) before the goal")
        .contains("--max-steps")
        .contains("max_steps")
        .contains("APEX_MAX_STEPS")
        .doesNotContain("maxSteps");
    assertThat(outcome.context().stepCount()).isEqualTo(5);
    assertThat(sleeper.sleeps()).hasSize(5);
  }

  @Test
  void aFlowOfExactlyMaxStepsSucceeds() {
    TaskOutcome outcome =
        runner(script(List.of(List.of(WAIT), List.of(WAIT)))).maxSteps(2).build().run("two");

    assertThat(outcome.status()).isEqualTo(TaskStatus.SUCCEEDED);
  }

  @Test
  void theDefaultStepLimitIsTwenty() {
    TaskOutcome outcome = runner((goal, scene, ctx) -> List.of(WAIT)).build().run("forever");

    assertThat(outcome.status()).isEqualTo(TaskStatus.MAX_STEPS);
    assertThat(outcome.context().stepCount()).isEqualTo(TaskRunner.DEFAULT_MAX_STEPS);
  }

  @Test
  void aFailedStepEndsTheTaskWithItsReason() {
    TaskOutcome outcome = runner(script(List.of(List.of(WAIT, BAD, WAIT)))).build().run("launch");

    assertThat(outcome.status()).isEqualTo(TaskStatus.FAILED);
    assertThat(outcome.reason())
        .startsWith("step 2 (launch_app) failed after 1 attempt(s): app 'x.y' is not installed");
    assertThat(outcome.context().stepCount()).isEqualTo(2);
    assertThat(listener.lines).last().asString().startsWith("finished FAILED: step 2");
  }

  @Test
  void withoutStopOnStepFailureTheTaskGoesOnAfterAFailedStep() {
    TaskOutcome outcome =
        runner(script(List.of(List.of(WAIT, BAD, WAIT))))
            .stopOnStepFailure(false)
            .build()
            .run("launch");

    assertThat(outcome.status()).isEqualTo(TaskStatus.SUCCEEDED);
    assertThat(outcome.context().stepResults())
        .extracting(StepResult::success)
        .containsExactly(true, false, true);
  }

  @Test
  void aRetriedStepCountsItsAttempts() {
    device.failNext(2);
    PlannedStep launch = PlannedStep.of("launch_app", Map.of("app_id", "com.android.settings"));

    TaskOutcome outcome = runner(script(List.of(List.of(launch)))).build().run("launch");

    assertThat(outcome.status()).isEqualTo(TaskStatus.SUCCEEDED);
    assertThat(outcome.context().stepResults().get(0).attempts()).isEqualTo(3);
    assertThat(sleeper.sleeps()).containsExactly(Duration.ofMillis(500), Duration.ofMillis(1000));
  }

  @Test
  void cancellingStopsTheTaskBetweenSteps() {
    Cancellation cancel = new Cancellation();
    TaskRunner runner =
        runner((goal, scene, ctx) -> List.of(WAIT, WAIT, WAIT))
            .listener(
                new TaskListener() {
                  @Override
                  public void stepRecorded(StepRecord record) {
                    if (record.index() == 2) {
                      cancel.cancel();
                    }
                  }
                })
            .build();

    TaskOutcome outcome = runner.run("wait", cancel);

    assertThat(outcome.status()).isEqualTo(TaskStatus.CANCELLED);
    assertThat(outcome.reason()).isEqualTo("cancelled after 2 step(s)");
    assertThat(outcome.context().stepCount()).isEqualTo(2);
  }

  @Test
  void aCancelledTaskNeverObserves() {
    Cancellation cancel = new Cancellation();
    cancel.cancel();

    TaskOutcome outcome = runner(new StubPlanner()).build().run("look", cancel);

    assertThat(outcome.status()).isEqualTo(TaskStatus.CANCELLED);
    assertThat(observations).isZero();
    assertThat(listener.lines).last().isEqualTo("finished CANCELLED: cancelled after 0 step(s)");
  }

  @Test
  void anInterruptedThreadCancelsTheTask() {
    Thread.currentThread().interrupt();

    TaskOutcome outcome = runner(new StubPlanner()).build().run("look");

    assertThat(outcome.status()).isEqualTo(TaskStatus.CANCELLED);
  }

  @Test
  void aThrowingListenerDoesNotBreakTheLoopOrStarveOtherListeners() {
    TaskListener broken =
        new TaskListener() {
          @Override
          public void taskStarted(TaskId id, String device, String goal) {
            throw new IllegalStateException("started");
          }

          @Override
          public void stepRecorded(StepRecord record) {
            throw new IllegalStateException("step");
          }

          @Override
          public void taskFinished(TaskId id, TaskStatus status, String reason) {
            throw new IllegalStateException("finished");
          }
        };
    RecordingListener after = new RecordingListener();

    TaskOutcome outcome =
        TaskRunner.builder(device, this::observe, new StubPlanner())
            .clock(clock)
            .sleeper(sleeper)
            .taskIds(() -> TaskId.of("t1"))
            .listener(broken)
            .listener(after)
            .build()
            .run("look");

    assertThat(outcome.status()).isEqualTo(TaskStatus.SUCCEEDED);
    assertThat(after.lines).hasSize(3);
  }

  @Test
  void aRetriableObservationFailureIsRetried() {
    int[] calls = {0};
    Observer flaky =
        () -> {
          if (++calls[0] == 1) {
            throw new DeviceException("fake", "capture timed out");
          }
          return observe();
        };
    List<RetryEvent> retries = new ArrayList<>();

    TaskOutcome outcome =
        TaskRunner.builder(device, flaky, new StubPlanner())
            .clock(clock)
            .sleeper(sleeper)
            .random(new FixedRandom(0.0))
            .retryListener(retries::add)
            .build()
            .run("look");

    assertThat(outcome.status()).isEqualTo(TaskStatus.SUCCEEDED);
    assertThat(retries).extracting(RetryEvent::operation).containsExactly("observe");
  }

  @Test
  void anObservationThatKeepsFailingFailsTheTask() {
    Observer broken =
        () -> {
          throw new InvalidInputException("unparseable dump");
        };

    TaskOutcome outcome =
        TaskRunner.builder(device, broken, new StubPlanner())
            .clock(clock)
            .sleeper(sleeper)
            .listener(listener)
            .build()
            .run("look");

    assertThat(outcome.status()).isEqualTo(TaskStatus.FAILED);
    assertThat(outcome.reason()).isEqualTo("observe failed: unparseable dump");
    assertThat(listener.lines)
        .last()
        .isEqualTo("finished FAILED: observe failed: unparseable dump");
  }

  @Test
  void aThrowingPlannerFailsTheTask() {
    TaskOutcome outcome =
        runner(
                (goal, scene, ctx) -> {
                  throw new IllegalStateException("model offline");
                })
            .build()
            .run("think");

    assertThat(outcome.status()).isEqualTo(TaskStatus.FAILED);
    assertThat(outcome.reason())
        .isEqualTo("planner failed: unexpected IllegalStateException: model offline");
  }

  @Test
  void aPlannerReturningNullFailsTheTask() {
    TaskOutcome outcome = runner((goal, scene, ctx) -> null).build().run("think");

    assertThat(outcome.status()).isEqualTo(TaskStatus.FAILED);
    assertThat(outcome.reason()).contains("planner returned null");
  }
}
