package dev.apex.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.PlannedStep;
import dev.apex.core.Sleeper;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.FakeDevice;
import dev.apex.tools.TestScenes;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A run's timeout (a flow's {@code timeout:}) ends it FAILED, keeping the steps it ran. */
class TimeoutTest {

  private static final PlannedStep TAP = PlannedStep.of("press_key", Map.of("key", "back"));
  private static final PlannedStep LONG_WAIT = PlannedStep.of("wait", Map.of("ms", 600_000));

  private final FakeDevice device = new FakeDevice().install("com.android.settings");
  private final FakeClock clock = new FakeClock();
  private final RecordingListener heard = new RecordingListener();
  private Duration perObservation = Duration.ofMinutes(1);

  @AfterEach
  void clearInterrupt() {
    Thread.interrupted();
  }

  private TaskRunner runner(Sleeper sleeper, List<PlannedStep> steps, Duration timeout) {
    return TaskRunner.builder(
            device,
            () -> {
              clock.advance(perObservation);
              return new Observation(TestScenes.home(), null);
            },
            (goal, scene, ctx) ->
                ctx.stepCount() < steps.size()
                    ? List.of(steps.get(ctx.stepCount()))
                    : List.<PlannedStep>of())
        .clock(clock)
        .sleeper(sleeper)
        .taskIds(() -> TaskId.of("t1"))
        .listener(heard)
        .timeout(timeout)
        .build();
  }

  @Test
  void aRunPastItsTimeoutEndsFailedWithItsStepsKept() {
    TaskOutcome outcome =
        runner(Sleeper.SYSTEM, List.of(TAP, TAP, TAP, TAP, TAP), Duration.ofMinutes(2))
            .run("g", new Cancellation());

    assertThat(outcome.status()).isEqualTo(TaskStatus.FAILED);
    assertThat(outcome.reason())
        .isEqualTo("timed out: the run's timeout (2m) passed after 1 step(s)");
    assertThat(heard.lines)
        .containsExactly(
            "started t1 on " + device.id() + ": g",
            "step 1 press_key true",
            "finished FAILED: timed out: the run's timeout (2m) passed after 1 step(s)");
  }

  @Test
  void withoutATimeoutTheSameRunSucceeds() {
    TaskOutcome outcome =
        runner(Sleeper.SYSTEM, List.of(TAP, TAP, TAP, TAP, TAP), null).run("g", new Cancellation());

    assertThat(outcome.status()).isEqualTo(TaskStatus.SUCCEEDED);
  }

  @Test
  @Timeout(
      value = 2,
      unit = TimeUnit.MINUTES) // a safety net: without the timer the wait never ends
  void aStepWaitingWhenTheTimeoutPassesIsWokenAndTheRunFails() {
    perObservation = Duration.ZERO; // by the run's clock no time passes: only the timer ends it
    CountDownLatch never = new CountDownLatch(1);
    Sleeper blocking = duration -> never.await();

    TaskOutcome outcome =
        runner(blocking, List.of(TAP, LONG_WAIT, TAP), Duration.ofMillis(300))
            .run("g", new Cancellation());

    assertThat(outcome.status()).isEqualTo(TaskStatus.FAILED);
    assertThat(outcome.reason())
        .isEqualTo("timed out: the run's timeout (300ms) passed after 2 step(s)");
    assertThat(outcome.context().stepResults())
        .extracting(r -> r.step().action() + ":" + r.success())
        .containsExactly("press_key:true", "wait:false");
    assertThat(Thread.currentThread().isInterrupted()).isFalse();
  }

  @Test
  void aCancelBeforeTheTimeoutStaysACancel() {
    Cancellation cancellation = new Cancellation();
    cancellation.cancel("cancelled: SIGINT");
    cancellation.fail("timed out");

    TaskOutcome outcome =
        runner(Sleeper.SYSTEM, List.of(TAP), Duration.ofMinutes(2)).run("g", cancellation);

    assertThat(outcome.status()).isEqualTo(TaskStatus.CANCELLED);
    assertThat(outcome.reason()).isEqualTo("cancelled: SIGINT after 0 step(s)");
  }
}
