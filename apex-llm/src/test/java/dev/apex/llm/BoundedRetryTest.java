package dev.apex.llm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.retry.Outcome;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.RecordingSleeper;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BoundedRetryTest {

  private final FakeClock clock = new FakeClock();
  private final RecordingSleeper sleeper = new RecordingSleeper(clock);

  private static Outcome<LlmResult<String>> serverError(Duration retryAfter) {
    return BoundedRetry.retriable(
        LlmResult.failed(FailureReason.SERVER_ERROR, "HTTP 500", LlmUsage.NONE), retryAfter);
  }

  @Test
  void backsOffExponentiallyWithoutJitterWhenRandomIsZero() {
    BoundedRetry retry = new BoundedRetry(clock, sleeper, 3, () -> 0.0);

    LlmResult<String> result = retry.run(Duration.ofSeconds(30), left -> serverError(null));

    assertThat(result.failure()).isEqualTo(FailureReason.SERVER_ERROR);
    assertThat(result.attempts()).isEqualTo(4);
    assertThat(sleeper.sleeps())
        .containsExactly(Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofSeconds(2));
  }

  @Test
  void jitterShortensTheWaitByAtMostAQuarter() {
    BoundedRetry retry = new BoundedRetry(clock, sleeper, 1, () -> 1.0);

    retry.run(Duration.ofSeconds(30), left -> serverError(null));

    assertThat(sleeper.sleeps()).containsExactly(Duration.ofMillis(375));
  }

  @Test
  void givesEachAttemptTheTimeLeft() {
    BoundedRetry retry = new BoundedRetry(clock, sleeper, 2, () -> 0.0);
    List<Duration> given = new ArrayList<>();

    retry.run(
        Duration.ofSeconds(10),
        left -> {
          given.add(left);
          return serverError(Duration.ofSeconds(3));
        });

    assertThat(given)
        .containsExactly(Duration.ofSeconds(10), Duration.ofSeconds(7), Duration.ofSeconds(4));
  }

  @Test
  void doesNotWaitPastTheDeadline() {
    BoundedRetry retry = new BoundedRetry(clock, sleeper, 2, () -> 0.0);

    LlmResult<String> result =
        retry.run(Duration.ofSeconds(10), left -> serverError(Duration.ofSeconds(60)));

    assertThat(sleeper.sleeps()).isEmpty();
    assertThat(result.attempts()).isEqualTo(1);
    assertThat(result.detail()).contains("not retried", "60000 ms", "10000 ms budget");
  }

  @Test
  void doesNotRetryWhatTheAttemptCallsFinal() {
    BoundedRetry retry = new BoundedRetry(clock, sleeper, 2, () -> 0.0);

    LlmResult<String> result =
        retry.run(
            Duration.ofSeconds(10),
            left ->
                BoundedRetry.done(
                    LlmResult.failed(FailureReason.BAD_REQUEST, "HTTP 400", LlmUsage.NONE)));

    assertThat(result.attempts()).isEqualTo(1);
    assertThat(sleeper.sleeps()).isEmpty();
  }

  @Test
  void anInterruptedWaitEndsTheCallAndKeepsTheFlag() {
    BoundedRetry retry =
        new BoundedRetry(
            clock,
            d -> {
              throw new InterruptedException();
            },
            2);
    try {
      LlmResult<String> result = retry.run(Duration.ofSeconds(10), left -> serverError(null));

      assertThat(result.failure()).isEqualTo(FailureReason.INTERRUPTED);
      assertThat(Thread.currentThread().isInterrupted()).isTrue();
    } finally {
      Thread.interrupted();
    }
  }

  @Test
  void anAttemptEndedByItsTimeoutEndsTheCallNamingTheWholeCallsDeadline() {
    BoundedRetry retry = new BoundedRetry(clock, sleeper, 2, () -> 0.0);
    List<Duration> given = new ArrayList<>();

    LlmResult<String> result =
        retry.run(
            Duration.ofMillis(2500),
            left -> {
              given.add(left);
              return given.size() == 1 ? serverError(null) : BoundedRetry.deadlineReached();
            });

    assertThat(result.failure()).isEqualTo(FailureReason.TIMEOUT);
    assertThat(result.attempts()).isEqualTo(2);
    assertThat(result.detail())
        .isEqualTo("model call timed out after 2.5 s (deadline for the whole call, 2 attempts)");
    // The retry got what was left of the one deadline, not a fresh one.
    assertThat(given).containsExactly(Duration.ofMillis(2500), Duration.ofMillis(2000));
  }

  @Test
  void aRetriableFailureAfterTheDeadlineIsTheDeadlinesTimeoutNamingTheLastFailure() {
    BoundedRetry retry = new BoundedRetry(clock, sleeper, 2, () -> 0.0);

    LlmResult<String> result =
        retry.run(
            Duration.ofSeconds(10),
            left -> {
              clock.advance(left);
              return BoundedRetry.retriable(
                  LlmResult.failed(
                      FailureReason.CONNECTION_FAILED,
                      "SocketException: Socket closed",
                      LlmUsage.NONE),
                  null);
            });

    assertThat(result.failure()).isEqualTo(FailureReason.TIMEOUT);
    assertThat(result.attempts()).isEqualTo(1);
    assertThat(result.detail())
        .isEqualTo(
            "model call timed out after 10 s (deadline for the whole call, 1 attempt; last:"
                + " connection_failed: SocketException: Socket closed)");
  }

  @Test
  void aBudgetTooShortForAnAttemptIsATimeout() {
    BoundedRetry retry = new BoundedRetry(clock, sleeper, 2, () -> 0.0);

    LlmResult<String> result = retry.run(Duration.ofMillis(5), left -> serverError(null));

    assertThat(result.failure()).isEqualTo(FailureReason.TIMEOUT);
    assertThat(result.detail())
        .isEqualTo("model call timed out after 0.005 s (deadline for the whole call, 0 attempts)");
  }
}
