package dev.apex.core.retry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.apex.core.Secrets;
import dev.apex.core.Sleeper;
import dev.apex.core.retry.Attempts.End;
import dev.apex.core.retry.RetryEvent.Decision;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.DoubleSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The one retry loop, on a clock and a sleeper that only move when the test says so. */
class RetryLoopTest {

  private static final RetryPolicy POLICY = RetryPolicy.DEFAULT.withMaxAttempts(4);
  private static final Duration NO_HINT = null;

  private final TestClock clock = new TestClock();
  private final List<Duration> sleeps = new ArrayList<>();
  private final Sleeper sleeper =
      d -> {
        sleeps.add(d);
        clock.advance(d);
      };
  private final List<RetryEvent> events = new ArrayList<>();
  private final Draws draws = new Draws();

  @AfterEach
  void clearInterrupt() {
    Thread.interrupted();
  }

  private RetryLoop loop(RetryPolicy policy) {
    return new RetryLoop(policy, clock, sleeper, draws, events::add);
  }

  private static Outcome<String> busy(Duration retryAfter) {
    return Outcome.retriable("busy", "server busy", retryAfter);
  }

  @Test
  void jitterIsDrawnFromTheInjectedSourceOncePerBackoff() {
    draws.play(0.0, 1.0, 0.5);

    Attempts<String> done = loop(POLICY).run("op", null, left -> busy(NO_HINT));

    assertThat(done.end()).isEqualTo(End.EXHAUSTED);
    assertThat(done.attempts()).isEqualTo(4);
    assertThat(done.result()).isEqualTo("busy");
    // 500 ms with no jitter, 1 s less a quarter, 2 s less an eighth.
    assertThat(sleeps)
        .containsExactly(Duration.ofMillis(500), Duration.ofMillis(750), Duration.ofMillis(1750));
    assertThat(draws.taken).isEqualTo(3);
    assertThat(events)
        .extracting(RetryEvent::decision, RetryEvent::attempt, RetryEvent::maxAttempts)
        .containsExactly(
            tuple(Decision.RETRY, 1, 4),
            tuple(Decision.RETRY, 2, 4),
            tuple(Decision.RETRY, 3, 4),
            tuple(Decision.GIVE_UP_EXHAUSTED, 4, 4));
  }

  @Test
  void aServersRequestedWaitReplacesTheBackoffAndDrawsNoJitter() {
    List<Outcome<String>> outcomes =
        new ArrayList<>(List.of(busy(Duration.ofSeconds(20)), Outcome.success("ok")));

    Attempts<String> done =
        loop(POLICY).run("op", Duration.ofSeconds(60), left -> outcomes.remove(0));

    assertThat(done.succeeded()).isTrue();
    assertThat(done.result()).isEqualTo("ok");
    assertThat(done.attempts()).isEqualTo(2);
    // Longer than the 8 s cap of computed delays, but within the budget: taken as asked.
    assertThat(sleeps).containsExactly(Duration.ofSeconds(20));
    assertThat(draws.taken).isZero();
  }

  @Test
  void withoutABudgetAServersWaitPastThePolicysCapIsNotTaken() {
    RetryPolicy tight = new RetryPolicy(3, Duration.ofMillis(100), Duration.ofSeconds(1), 0);

    Attempts<String> done = loop(tight).run("op", null, left -> busy(Duration.ofSeconds(60)));

    assertThat(done.end()).isEqualTo(End.WAIT_TOO_LONG);
    assertThat(done.attempts()).isEqualTo(1);
    assertThat(done.why())
        .isEqualTo("the server asked for a wait of 60000 ms, more than the 1000 ms cap");
    assertThat(sleeps).isEmpty();
  }

  @Test
  void eachAttemptIsGivenTheTimeLeftInTheBudget() {
    List<Duration> given = new ArrayList<>();

    loop(POLICY)
        .run(
            "op",
            Duration.ofSeconds(10),
            left -> {
              given.add(left);
              clock.advance(Duration.ofMillis(500));
              return busy(Duration.ofSeconds(2));
            });

    assertThat(given)
        .containsExactly(
            Duration.ofSeconds(10),
            Duration.ofMillis(7_500),
            Duration.ofMillis(5_000),
            Duration.ofMillis(2_500));
  }

  @Test
  void aWaitThatWouldPassTheBudgetIsNotTakenAndTheFailureComesBackAtOnce() {
    Attempts<String> done =
        loop(POLICY).run("op", Duration.ofSeconds(10), left -> busy(Duration.ofSeconds(60)));

    assertThat(done.end()).isEqualTo(End.WAIT_TOO_LONG);
    assertThat(done.result()).isEqualTo("busy");
    assertThat(done.attempts()).isEqualTo(1);
    assertThat(done.why()).isEqualTo("a wait of 60000 ms would pass the 10000 ms budget");
    assertThat(sleeps).isEmpty();
    assertThat(events)
        .extracting(RetryEvent::decision)
        .containsExactly(Decision.GIVE_UP_OUT_OF_TIME);
  }

  @Test
  void aWaitThatLeavesLessThanAnAttemptsWorthIsNotTakenEither() {
    Duration budget = Duration.ofMillis(500).plus(RetryLoop.MIN_ATTEMPT).minusMillis(1);

    Attempts<String> done = loop(POLICY).run("op", budget, left -> busy(NO_HINT));

    assertThat(done.end()).isEqualTo(End.WAIT_TOO_LONG);
    assertThat(sleeps).isEmpty();
  }

  @Test
  void aBudgetTooShortForAnAttemptMakesNone() {
    Attempts<String> done =
        loop(POLICY)
            .run(
                "op",
                RetryLoop.MIN_ATTEMPT.minusMillis(1),
                left -> {
                  throw new AssertionError("no attempt");
                });

    assertThat(done.end()).isEqualTo(End.BUDGET_SPENT);
    assertThat(done.attempts()).isZero();
    assertThat(done.result()).isNull();
    assertThat(done.why()).isEqualTo("budget of 9 ms spent after 0 attempts");
    assertThat(events).isEmpty();
  }

  @Test
  void aSleeperThatOverrunsSpendsTheBudgetAndTheCallStops() {
    Sleeper slow =
        d -> {
          sleeps.add(d);
          clock.advance(d.multipliedBy(10));
        };
    RetryLoop loop = new RetryLoop(POLICY, clock, slow, () -> 0.0, events::add);

    Attempts<String> done = loop.run("op", Duration.ofSeconds(3), left -> busy(NO_HINT));

    assertThat(done.end()).isEqualTo(End.BUDGET_SPENT);
    assertThat(done.attempts()).isEqualTo(1);
    assertThat(done.result()).isEqualTo("busy");
    assertThat(events)
        .extracting(RetryEvent::decision)
        .containsExactly(Decision.RETRY, Decision.GIVE_UP_OUT_OF_TIME);
  }

  @Test
  void aFinalFailureIsNotRetried() {
    Attempts<String> done =
        loop(POLICY).run("op", null, left -> Outcome.failure("bad", "bad request"));

    assertThat(done.end()).isEqualTo(End.NOT_RETRIABLE);
    assertThat(done.attempts()).isEqualTo(1);
    assertThat(sleeps).isEmpty();
    assertThat(events)
        .extracting(RetryEvent::decision)
        .containsExactly(Decision.GIVE_UP_NOT_RETRIABLE);
  }

  @Test
  void anInterruptedWaitStopsTheCallAndKeepsTheFlag() {
    RetryLoop loop =
        new RetryLoop(
            POLICY,
            clock,
            d -> {
              throw new InterruptedException();
            },
            () -> 0.0,
            events::add);
    int[] calls = {0};

    Attempts<String> done =
        loop.run(
            "op",
            null,
            left -> {
              calls[0]++;
              return busy(NO_HINT);
            });

    assertThat(done.end()).isEqualTo(End.INTERRUPTED);
    assertThat(done.why()).isEqualTo("interrupted while waiting to retry");
    assertThat(done.attempts()).isEqualTo(1);
    assertThat(calls[0]).isEqualTo(1);
    assertThat(Thread.currentThread().isInterrupted()).isTrue();
    assertThat(events)
        .extracting(RetryEvent::decision)
        .containsExactly(Decision.RETRY, Decision.GIVE_UP_INTERRUPTED);
  }

  @Test
  void aListenerThatThrowsDoesNotStopTheRetries() {
    List<Outcome<String>> outcomes =
        new ArrayList<>(List.of(busy(NO_HINT), busy(NO_HINT), Outcome.success("ok")));
    RetryLoop loop =
        new RetryLoop(
            POLICY,
            clock,
            sleeper,
            () -> 0.0,
            e -> {
              throw new IllegalStateException("listener bug");
            });

    Attempts<String> done = loop.run("op", null, left -> outcomes.remove(0));

    assertThat(done.succeeded()).isTrue();
    assertThat(done.attempts()).isEqualTo(3);
  }

  @Test
  void anEventsErrorIsRedacted() {
    Secrets.register("sk-ant-api03-loop-SECRET-91");

    loop(RetryPolicy.NONE)
        .run(
            "op", null, left -> Outcome.retriable("x", "echoed sk-ant-api03-loop-SECRET-91", null));

    assertThat(events)
        .singleElement()
        .satisfies(e -> assertThat(e.error()).doesNotContain("SECRET"));
  }

  @Test
  void outcomesAreCheckedAtTheBoundary() {
    assertThatThrownBy(() -> new Outcome<>("x", null, true, null))
        .hasMessageContaining("successful outcome");
    assertThatThrownBy(() -> Outcome.failure("x", null)).hasMessageContaining("error message");
    assertThatThrownBy(() -> loop(POLICY).run("op", Duration.ofSeconds(-1), left -> busy(NO_HINT)))
        .hasMessageContaining("budget must be >= 0");
  }

  /** Plays the given draws in order, repeating the last, and counts them. */
  private static final class Draws implements DoubleSupplier {
    private final Deque<Double> values = new ArrayDeque<>(List.of(0.0));
    private int taken;

    void play(Double... next) {
      values.clear();
      values.addAll(List.of(next));
    }

    @Override
    public double getAsDouble() {
      taken++;
      return values.size() > 1 ? values.poll() : values.peek();
    }
  }

  /** A clock that moves only when told to. */
  private static final class TestClock extends Clock {
    private Instant now = Instant.parse("2026-01-01T00:00:00Z");

    void advance(Duration by) {
      now = now.plus(by);
    }

    @Override
    public Instant instant() {
      return now;
    }

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }
  }
}
