package dev.apex.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.apex.core.DeviceException;
import dev.apex.core.ElementNotFoundException;
import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.StepResult;
import dev.apex.core.retry.RetryEvent;
import dev.apex.core.retry.RetryEvent.Decision;
import dev.apex.core.retry.RetryPolicy;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.FakeDevice;
import dev.apex.testkit.RecordingSleeper;
import dev.apex.tools.ArgSpec;
import dev.apex.tools.NoArgs;
import dev.apex.tools.Tool;
import dev.apex.tools.ToolContext;
import dev.apex.tools.ToolRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class ExecutorTest {

  private static final RetryPolicy POLICY =
      new RetryPolicy(4, Duration.ofMillis(500), Duration.ofMillis(1500), 0.5);

  private final FakeDevice device = new FakeDevice().install("com.android.settings");
  private final FakeClock clock = new FakeClock();
  private final RecordingSleeper sleeper = new RecordingSleeper(clock);
  private final List<RetryEvent> events = new ArrayList<>();
  private final ToolContext ctx =
      new ToolContext(device, () -> null, () -> new Scene(1, 1, List.of()), clock, sleeper);

  private Executor executor(RetryPolicy policy, Double... randoms) {
    return executor(ToolRegistry.defaultRegistry(), policy, randoms);
  }

  private Executor executor(ToolRegistry registry, RetryPolicy policy, Double... randoms) {
    Retrier retrier = new Retrier(policy, sleeper, new FixedRandom(randoms), events::add);
    return new Executor(registry, ctx, retrier);
  }

  private static PlannedStep launchSettings() {
    return PlannedStep.of("launch_app", Map.of("app_id", "com.android.settings"));
  }

  @Test
  void retriesARetriableFailureWithJitteredBackoffThenSucceeds() {
    device.failNext(2);

    StepResult r = executor(POLICY, 0.0, 0.5).execute(launchSettings());

    assertThat(r.success()).isTrue();
    assertThat(r.attempts()).isEqualTo(3);
    // 500 ms with no jitter, then 1000 ms less 0.5 * 0.5 of it.
    assertThat(sleeper.sleeps()).containsExactly(Duration.ofMillis(500), Duration.ofMillis(750));
    assertThat(r.duration()).isEqualTo(sleeper.total());
    assertThat(device.currentApp()).contains("com.android.settings");
    assertThat(events)
        .extracting(RetryEvent::decision, RetryEvent::attempt, RetryEvent::delay)
        .containsExactly(
            tuple(Decision.RETRY, 1, Duration.ofMillis(500)),
            tuple(Decision.RETRY, 2, Duration.ofMillis(750)));
    assertThat(events.get(0).error()).isEqualTo("fake: launchApp timed out (injected fault)");
  }

  @Test
  void givesUpAfterMaxAttemptsWithDelaysCappedAndReturnsAFailedResult() {
    device.failNext(10);

    StepResult r = executor(POLICY, 0.0).execute(launchSettings());

    assertThat(r.success()).isFalse();
    assertThat(r.attempts()).isEqualTo(4);
    assertThat(r.error()).isEqualTo("fake: launchApp timed out (injected fault)");
    // 500, 1000, then 2000 capped at 1500.
    assertThat(sleeper.sleeps())
        .containsExactly(Duration.ofMillis(500), Duration.ofMillis(1000), Duration.ofMillis(1500));
    assertThat(events)
        .extracting(RetryEvent::decision)
        .last()
        .isEqualTo(Decision.GIVE_UP_EXHAUSTED);
    assertThat(device.events()).isEmpty();
  }

  @Test
  void neverRetriesANonRetriableFailure() {
    StepResult r =
        executor(POLICY).execute(PlannedStep.of("launch_app", Map.of("app_id", "com.nope")));

    assertThat(r.success()).isFalse();
    assertThat(r.attempts()).isEqualTo(1);
    assertThat(r.error()).contains("'com.nope' is not installed");
    assertThat(sleeper.sleeps()).isEmpty();
    assertThat(events)
        .extracting(RetryEvent::decision)
        .containsExactly(Decision.GIVE_UP_NOT_RETRIABLE);
  }

  @Test
  void anUnknownToolIsAFailedResultThatNeverRanTheTool() {
    StepResult r = executor(POLICY).execute(PlannedStep.of("teleport"));

    assertThat(r.success()).isFalse();
    assertThat(r.attempts()).isZero();
    assertThat(r.error()).startsWith("unknown tool 'teleport': use one of assert_visible,");
  }

  @Test
  void badArgumentsAreAFailedResultThatNeverRanTheTool() {
    StepResult r = executor(POLICY).execute(PlannedStep.of("wait", Map.of("ms", "soon")));

    assertThat(r.success()).isFalse();
    assertThat(r.attempts()).isZero();
    assertThat(r.error()).isEqualTo("wait: argument 'ms' must be an integer, got \"soon\"");
    assertThat(sleeper.sleeps()).isEmpty();
  }

  @Test
  void aToolThatThrowsABugIsAFailedResultNotRetried() {
    Tool<NoArgs> broken =
        tool(
            "broken",
            () -> {
              throw new IllegalStateException("boom");
            });

    StepResult r = executor(ToolRegistry.of(broken), POLICY).execute(PlannedStep.of("broken"));

    assertThat(r.success()).isFalse();
    assertThat(r.attempts()).isEqualTo(1);
    assertThat(r.error()).isEqualTo("unexpected IllegalStateException: boom");
  }

  @Test
  void aToolWhoseValidationBreaksIsAFailedResult() {
    Tool<NoArgs> fragile =
        new Tool<>() {
          @Override
          public String name() {
            return "fragile";
          }

          @Override
          public String description() {
            return "test tool";
          }

          @Override
          public List<ArgSpec> args() {
            return null;
          }

          @Override
          public NoArgs parse(Map<String, Object> args) {
            ArgSpec.validate(name(), args(), args);
            return NoArgs.NONE;
          }

          @Override
          public Object execute(NoArgs args, ToolContext ctx) {
            throw new AssertionError("never executed");
          }
        };

    StepResult r = executor(ToolRegistry.of(fragile), POLICY).execute(PlannedStep.of("fragile"));

    assertThat(r.success()).isFalse();
    assertThat(r.attempts()).isZero();
    assertThat(r.error()).startsWith("unexpected NullPointerException");
  }

  @Test
  void aMissingElementFailureCarriesTheSceneItLookedAt() {
    Scene scene = new Scene(10, 10, List.of());
    Tool<NoArgs> finder =
        tool(
            "finder",
            () -> {
              throw new ElementNotFoundException("no OK button", scene);
            });

    StepResult r = executor(ToolRegistry.of(finder), POLICY).execute(PlannedStep.of("finder"));

    assertThat(r.output()).isSameAs(scene);
    assertThat(r.error()).isEqualTo("no OK button");
  }

  @Test
  void aThrowingRetryListenerDoesNotStopTheRetries() {
    device.failNext(1);
    Retrier retrier =
        new Retrier(
            POLICY,
            sleeper,
            new FixedRandom(0.0),
            e -> {
              throw new IllegalStateException("listener bug");
            });

    StepResult r =
        new Executor(ToolRegistry.defaultRegistry(), ctx, retrier).execute(launchSettings());

    assertThat(r.success()).isTrue();
    assertThat(r.attempts()).isEqualTo(2);
  }

  @Test
  void anInterruptedBackoffGivesUp() {
    device.failNext(5);
    Retrier retrier =
        new Retrier(
            POLICY,
            d -> {
              throw new InterruptedException();
            },
            new FixedRandom(0.0),
            events::add);
    try {
      StepResult r =
          new Executor(ToolRegistry.defaultRegistry(), ctx, retrier).execute(launchSettings());

      assertThat(r.success()).isFalse();
      assertThat(r.attempts()).isEqualTo(1);
      assertThat(events)
          .extracting(RetryEvent::decision)
          .containsExactly(Decision.RETRY, Decision.GIVE_UP_INTERRUPTED);
      assertThat(Thread.currentThread().isInterrupted()).isTrue();
    } finally {
      Thread.interrupted();
    }
  }

  @Test
  void aRetriableExceptionFromAnyToolIsRetried() {
    int[] calls = {0};
    Tool<NoArgs> flaky =
        tool(
            "flaky",
            () -> {
              if (++calls[0] < 3) {
                throw new DeviceException("dev", "busy");
              }
              return "done";
            });

    StepResult r = executor(ToolRegistry.of(flaky), POLICY, 0.0).execute(PlannedStep.of("flaky"));

    assertThat(r.output()).isEqualTo("done");
    assertThat(r.attempts()).isEqualTo(3);
    assertThat(calls[0]).isEqualTo(3);
  }

  private static Tool<NoArgs> tool(String name, Supplier<Object> body) {
    return new Tool<>() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public String description() {
        return "test tool";
      }

      @Override
      public List<ArgSpec> args() {
        return List.of();
      }

      @Override
      public NoArgs parse(Map<String, Object> args) {
        ArgSpec.validate(name, args(), args);
        return NoArgs.NONE;
      }

      @Override
      public Object execute(NoArgs args, ToolContext ctx) {
        return body.get();
      }
    };
  }
}
