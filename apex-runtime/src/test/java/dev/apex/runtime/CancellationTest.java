package dev.apex.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A cancel carries its reason to the task's end and cuts a wait in progress short. */
class CancellationTest {

  private static final PlannedStep TAP = PlannedStep.of("press_key", Map.of("key", "back"));
  private static final PlannedStep LONG_WAIT = PlannedStep.of("wait", Map.of("ms", 600_000));

  private final FakeDevice device = new FakeDevice().install("com.android.settings");
  private final FakeClock clock = new FakeClock();

  @AfterEach
  void clearInterrupt() {
    Thread.interrupted();
  }

  /** Sleeps until interrupted, as a real sleep of ten minutes would in a test's lifetime. */
  private static Sleeper blockingSleeper(CountDownLatch entered) {
    return duration -> {
      entered.countDown();
      new CountDownLatch(1).await();
    };
  }

  private TaskRunner runner(Sleeper sleeper, List<PlannedStep> steps) {
    return TaskRunner.builder(
            device,
            () -> new Observation(TestScenes.home(), null),
            (goal, scene, ctx) ->
                ctx.stepCount() < steps.size()
                    ? steps.subList(ctx.stepCount(), steps.size())
                    : List.of())
        .clock(clock)
        .sleeper(sleeper)
        .taskIds(() -> TaskId.of("t1"))
        .build();
  }

  @Test
  void theReasonOfTheCancelEndsTheTask() {
    Cancellation cancel = new Cancellation();
    cancel.cancel("cancelled: SIGINT");
    cancel.cancel("cancelled from the console");

    TaskOutcome outcome = runner(Sleeper.SYSTEM, List.of(TAP)).run("g", cancel);

    assertThat(outcome.status()).isEqualTo(TaskStatus.CANCELLED);
    assertThat(outcome.reason()).isEqualTo("cancelled: SIGINT after 0 step(s)");
    assertThat(cancel.reason()).contains("cancelled: SIGINT");
  }

  @Test
  @Timeout(value = 2, unit = TimeUnit.MINUTES) // a safety net: without the fix the wait never ends
  void aCancelEndsAWaitInProgressAtOnceAndKeepsTheStepsRecorded() throws Exception {
    CountDownLatch entered = new CountDownLatch(1);
    Cancellation cancel = new Cancellation();
    TaskRunner runner = runner(blockingSleeper(entered), List.of(TAP, LONG_WAIT, TAP));

    CompletableFuture<TaskOutcome> run =
        CompletableFuture.supplyAsync(() -> runner.run("g", cancel));
    entered.await();
    cancel.cancel("cancelled: SIGTERM");
    TaskOutcome outcome = run.get();

    assertThat(outcome.status()).isEqualTo(TaskStatus.CANCELLED);
    assertThat(outcome.reason()).isEqualTo("cancelled: SIGTERM after 2 step(s)");
    assertThat(outcome.context().stepResults())
        .extracting(r -> r.step().action() + ":" + r.success())
        .containsExactly("press_key:true", "wait:false");
  }

  @Test
  void aCancelledRunLeavesNoInterruptOnItsThread() {
    Cancellation cancel = new Cancellation();
    AtomicInteger sleeps = new AtomicInteger();
    Sleeper cancelling =
        duration -> {
          sleeps.incrementAndGet();
          cancel.cancel("stop");
        };

    TaskOutcome outcome = runner(cancelling, List.of(LONG_WAIT, TAP)).run("g", cancel);

    assertThat(outcome.status()).isEqualTo(TaskStatus.CANCELLED);
    assertThat(sleeps).hasValue(1);
    assertThat(Thread.currentThread().isInterrupted()).isFalse();
  }

  @Test
  void anInterruptibleSleeperRefusesToWaitOnceCancelled() {
    Cancellation cancel = new Cancellation();
    AtomicInteger calls = new AtomicInteger();
    Sleeper sleeper = cancel.interruptible(d -> calls.incrementAndGet());
    cancel.cancel("gone");

    assertThatThrownBy(() -> sleeper.sleep(Duration.ofSeconds(1)))
        .isInstanceOf(InterruptedException.class)
        .hasMessage("gone");
    assertThat(calls).hasValue(0);
  }

  @Test
  void aWakerRunsAtEachCancelAndAtOnceWhenAlreadyCancelled() {
    Cancellation cancellation = new Cancellation();
    java.util.List<String> woken = new java.util.ArrayList<>();
    cancellation.onCancel(() -> woken.add("first"));

    cancellation.cancel("stop");
    cancellation.onCancel(() -> woken.add("late"));

    assertThat(woken).containsExactly("first", "late");
    assertThat(cancellation.reason()).contains("stop");
  }
}
