package dev.apex.core.retry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RetryPolicyTest {

  private final RetryPolicy policy =
      new RetryPolicy(10, Duration.ofMillis(500), Duration.ofSeconds(8), 0.25);

  @Test
  void delaysDoubleUpToTheCap() {
    assertThat(policy.delayBeforeRetry(1, 0)).isEqualTo(Duration.ofMillis(500));
    assertThat(policy.delayBeforeRetry(2, 0)).isEqualTo(Duration.ofMillis(1000));
    assertThat(policy.delayBeforeRetry(5, 0)).isEqualTo(Duration.ofMillis(8000));
    assertThat(policy.delayBeforeRetry(6, 0)).isEqualTo(Duration.ofMillis(8000));
    assertThat(policy.delayBeforeRetry(1_000, 0)).isEqualTo(Duration.ofMillis(8000));
  }

  @Test
  void jitterOnlyShortensADelay() {
    assertThat(policy.delayBeforeRetry(1, 0.5)).isEqualTo(Duration.ofMillis(438));
    assertThat(policy.delayBeforeRetry(6, 0.999_999)).isEqualTo(Duration.ofMillis(6000));
  }

  @Test
  void rejectsNonsense() {
    assertThatThrownBy(() -> new RetryPolicy(0, Duration.ZERO, Duration.ZERO, 0))
        .hasMessage("maxAttempts must be >= 1, got 0");
    assertThatThrownBy(() -> new RetryPolicy(2, Duration.ofSeconds(2), Duration.ofSeconds(1), 0))
        .hasMessageContaining("baseDelay <= maxDelay");
    assertThatThrownBy(() -> new RetryPolicy(2, Duration.ZERO, Duration.ZERO, 1.5))
        .hasMessage("jitter must be in [0, 1], got 1.5");
  }
}
