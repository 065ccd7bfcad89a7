package dev.apex.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.Bounds;
import dev.apex.core.ElementFlag;
import dev.apex.core.InvalidInputException;
import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.StepResult;
import dev.apex.core.retry.RetryListener;
import dev.apex.core.retry.RetryPolicy;
import dev.apex.runtime.safety.SafetyInterceptor;
import dev.apex.runtime.safety.SafetyPolicy;
import dev.apex.runtime.safety.StepGuard;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.FakeDevice;
import dev.apex.testkit.RecordingSleeper;
import dev.apex.tools.TestScenes;
import dev.apex.tools.ToolContext;
import dev.apex.tools.ToolRegistry;
import dev.apex.tools.TypeTextTool;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The executor's guard: asked once per valid step, before the tool, and a refusal is a result. */
class ExecutorGuardTest {

  private static final Scene LOGIN =
      TestScenes.scene(
          TestScenes.element(
              "pass",
              "Password",
              new Bounds(0, 320, 720, 420),
              ElementFlag.EDITABLE,
              ElementFlag.PASSWORD,
              ElementFlag.FOCUSED));

  private final FakeDevice device = new FakeDevice();
  private final FakeClock clock = new FakeClock();
  private final RecordingSleeper sleeper = new RecordingSleeper(clock);
  private final ToolContext ctx = new ToolContext(device, () -> LOGIN, () -> LOGIN, clock, sleeper);
  private final List<PlannedStep> admitted = new ArrayList<>();

  private Executor executor(StepGuard guard) {
    Retrier retrier =
        new Retrier(
            new RetryPolicy(3, Duration.ofMillis(100), Duration.ofMillis(100), 0),
            sleeper,
            new FixedRandom(0.0),
            RetryListener.NONE);
    return new Executor(ToolRegistry.defaultRegistry(), ctx, retrier, guard);
  }

  @Test
  void theGuardSeesEachValidStepOnceEvenWhenTheToolIsRetried() {
    device.failNext(1);

    StepResult r =
        executor((step, context) -> admitted.add(step))
            .execute(PlannedStep.of("press_key", Map.of("key", "back")));

    assertThat(r.success()).isTrue();
    assertThat(r.attempts()).isEqualTo(2);
    assertThat(admitted).hasSize(1);
  }

  @Test
  void aStepThatFailsValidationNeverReachesTheGuard() {
    StepResult r =
        executor((step, context) -> admitted.add(step))
            .execute(PlannedStep.of("press_key", Map.of()));

    assertThat(r.success()).isFalse();
    assertThat(admitted).isEmpty();
  }

  @Test
  void aRefusalIsAFailedStepWithTheGuardsMessageAndNoAttempt() {
    StepResult r =
        executor(
                (step, context) -> {
                  throw new InvalidInputException("not today");
                })
            .execute(PlannedStep.of("press_key", Map.of("key", "back")));

    assertThat(r.success()).isFalse();
    assertThat(r.error()).isEqualTo("not today");
    assertThat(r.attempts()).isZero();
    assertThat(device.events()).isEmpty();
  }

  @Test
  void aGuardThatBreaksRefusesTheStep() {
    StepResult r =
        executor(
                (step, context) -> {
                  throw new IllegalStateException("bug");
                })
            .execute(PlannedStep.of("press_key", Map.of("key", "back")));

    assertThat(r.success()).isFalse();
    assertThat(r.error()).isEqualTo("unexpected IllegalStateException: bug");
    assertThat(device.events()).isEmpty();
  }

  @Test
  void aRefusedPasswordIsRecordedMasked() {
    StepResult r =
        executor(new SafetyInterceptor(SafetyPolicy.defaults(), action -> false, () -> null))
            .execute(PlannedStep.of("type_text", Map.of("text", "hunter2")));

    assertThat(r.error()).startsWith("policy_denied: type_text \"Password\" (password_entry");
    assertThat(r.step().args()).containsEntry("text", TypeTextTool.MASK);
    assertThat(r.error()).doesNotContain("hunter2");
    assertThat(device.events()).isEmpty();
  }
}
