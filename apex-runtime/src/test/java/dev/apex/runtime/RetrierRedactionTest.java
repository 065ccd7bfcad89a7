package dev.apex.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.DeviceException;
import dev.apex.core.Secrets;
import dev.apex.core.retry.RetryEvent;
import dev.apex.core.retry.RetryPolicy;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.RecordingSleeper;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A failure's message becomes a retry decision's reason, a log line and a step's error: a secret a
 * device or a bug put in that message is gone by then, whatever kind of exception carried it.
 */
class RetrierRedactionTest {

  private static final String SECRET = "sk-retrier-" + "7f3a9c2e5b1d4680aa";

  private final List<RetryEvent> events = new ArrayList<>();
  private final Retrier retrier =
      new Retrier(
          new RetryPolicy(3, Duration.ofMillis(10), Duration.ofMillis(20), 0.0),
          new RecordingSleeper(new FakeClock()),
          new FixedRandom(0.0),
          events::add);

  @Test
  void aRetriableFailureCarriesItsSecretToNoRetryDecision() {
    Secrets.register(SECRET);

    Retrier.Attempted<Object> done =
        retrier.call(
            "capture",
            () -> {
              throw new DeviceException("android:emu", "auth failed for token " + SECRET);
            });

    assertThat(done.succeeded()).isFalse();
    assertThat(events).isNotEmpty();
    assertThat(events)
        .allSatisfy(
            e ->
                assertThat(e.error())
                    .contains("auth failed for token")
                    .contains(Secrets.MASK)
                    .doesNotContain(SECRET));
  }

  @Test
  void anUnexpectedFailureIsRedactedToo() {
    Secrets.register(SECRET);

    String message = Retrier.messageOf(new IllegalStateException("bad header " + SECRET));

    assertThat(message)
        .startsWith("unexpected IllegalStateException: bad header ")
        .doesNotContain(SECRET);
    assertThat(Retrier.messageOf(new DeviceException("sim", "key=" + SECRET)))
        .doesNotContain(SECRET);
  }
}
