package dev.apex.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.Secrets;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.RecordingSleeper;
import java.time.Duration;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The body every provider shares, on a scripted SDK: one deadline across the retries, each attempt
 * given the time left, a timeout recognised however the SDK wrapped it, the server's waits obeyed,
 * failures redacted before they are shortened and before they leave, and the SDK closed.
 */
class ModelTransportTest {

  /** Not shaped like a key, so only its registration can hide it. */
  private static final String KEY = "Q7xTransportTestCredential4b9e1c0d8f2a";

  private final FakeClock clock = new FakeClock();
  private final RecordingSleeper sleeper = new RecordingSleeper(clock);
  private final FakeSdk fake = new FakeSdk();
  private SemanticConfig config = SemanticConfig.defaults().withApiKey(KEY);

  private LlmResult<String> call(Duration budget) {
    try (ModelTransport<FakeSdk, Duration> transport =
        ModelTransport.open(config, c -> fake.sdk(), clock, sleeper, () -> 0.0)) {
      return transport.call(budget, FakeSdk::send);
    }
  }

  /** Spends {@code time} of the attempt, then fails as {@code status}. */
  private Function<Duration, LlmResult<String>> slowStatus(Duration time, int status) {
    return left -> {
      clock.advance(time);
      throw new FakeSdk.StatusException(status, Map.of());
    };
  }

  /** A server that trickles its reply: the attempt's deadline cuts the body off mid-way. */
  private LlmResult<String> trickle(Duration left) {
    clock.advance(left);
    throw new FakeSdk.GarbageException(FakeSdk.timeout());
  }

  @Test
  void eachAttemptIsGivenWhatIsLeftOfTheOneDeadline() {
    fake.script(
        slowStatus(Duration.ofSeconds(3), 503),
        slowStatus(Duration.ofSeconds(1), 503),
        FakeSdk::ok);

    LlmResult<String> result = call(Duration.ofSeconds(10));

    assertThat(result.value()).isEqualTo("done");
    assertThat(result.attempts()).isEqualTo(3);
    // 10 s; less 3 s spent and 0.5 s waited; less 1 s spent and 1 s waited.
    assertThat(fake.given)
        .containsExactly(Duration.ofSeconds(10), Duration.ofMillis(6500), Duration.ofMillis(4500));
  }

  @Test
  void aReplyTrickledPastTheDeadlineEndsTheCallThereAsATimeout() {
    fake.script(FakeSdk.status(503, Map.of()), this::trickle, this::trickle);

    LlmResult<String> result = call(Duration.ofSeconds(2));

    assertThat(result.failure()).isEqualTo(FailureReason.TIMEOUT);
    assertThat(result.detail())
        .isEqualTo("model call timed out after 2 s (deadline for the whole call, 2 attempts)");
    assertThat(fake.given).hasSize(2);
  }

  @Test
  void anUnreadableReplyWithoutATimeoutIsAnInvalidResponseAndNotRetried() {
    fake.script(
        left -> {
          throw new FakeSdk.GarbageException(new IllegalStateException("expected '{'"));
        });

    LlmResult<String> result = call(Duration.ofSeconds(10));

    assertThat(result.failure()).isEqualTo(FailureReason.INVALID_RESPONSE);
    assertThat(result.detail())
        .isEqualTo("response is not a fake reply: IllegalStateException: expected '{'");
    assertThat(fake.given).hasSize(1);
  }

  @Test
  void theServersRetryAfterReplacesTheBackoff() {
    fake.script(FakeSdk.status(429, Map.of("retry-after-ms", "1500")), FakeSdk::ok);

    LlmResult<String> result = call(Duration.ofSeconds(10));

    assertThat(result.succeeded()).isTrue();
    assertThat(sleeper.sleeps()).containsExactly(Duration.ofMillis(1500));
  }

  @Test
  void xShouldRetryOverridesTheStatusEitherWay() {
    fake.script(FakeSdk.status(400, Map.of("x-should-retry", "true")), FakeSdk::ok);
    assertThat(call(Duration.ofSeconds(10)).attempts()).isEqualTo(2);

    FakeSdk never = new FakeSdk().script(FakeSdk.status(503, Map.of("x-should-retry", " False")));
    LlmResult<String> result;
    try (ModelTransport<FakeSdk, Duration> transport =
        ModelTransport.open(config, c -> never.sdk(), clock, sleeper, () -> 0.0)) {
      result = transport.call(Duration.ofSeconds(10), FakeSdk::send);
    }
    assertThat(result.failure()).isEqualTo(FailureReason.SERVER_ERROR);
    assertThat(result.attempts()).isEqualTo(1);
  }

  @Test
  void aRefusedConnectionIsRetriedUpToTheConfiguredCount() {
    config = config.withMaxRetries(1);
    fake.script(FakeSdk::refused, FakeSdk::refused, FakeSdk::ok);

    LlmResult<String> result = call(Duration.ofSeconds(10));

    assertThat(result.failure()).isEqualTo(FailureReason.CONNECTION_FAILED);
    assertThat(result.detail()).isEqualTo("connection refused");
    assertThat(result.attempts()).isEqualTo(2);
  }

  @Test
  void aSecretIsRedactedBeforeAnyStringIsShortened() {
    // The key starts at character 152 of the root message, which is cut at 160: cut first, its
    // first seven characters would stay, too few for the registry to recognise afterwards.
    String message = "-".repeat(152 - "SdkException: ".length()) + KEY;
    fake.script(
        left -> {
          throw new FakeSdk.SdkException(message, null);
        });

    LlmResult<String> result = call(Duration.ofSeconds(10));

    assertThat(result.failure()).isEqualTo(FailureReason.CLIENT_ERROR);
    assertThat(result.detail()).startsWith("SdkException: SdkException: ---").endsWith("…");
    assertThat(result.detail()).doesNotContain(KEY.substring(0, 6));
  }

  @Test
  void aSecretInADetailTheProviderWroteIsRedactedBeforeTheResultLeaves() {
    fake.script(
        left -> {
          throw new FakeSdk.StatusException(401, Map.of(), "HTTP 401: invalid x-key " + KEY);
        });

    LlmResult<String> result = call(Duration.ofSeconds(10));

    assertThat(result.failure()).isEqualTo(FailureReason.UNAUTHORIZED);
    assertThat(result.detail()).isEqualTo("HTTP 401: invalid x-key " + Secrets.MASK);
  }

  @Test
  void theKeyIsASecretBeforeTheSdkIsBuilt() {
    String key = "Z3yNeverSeenBeforeThisTransportOpened71";
    String[] seenByTheSdk = new String[1];

    ModelTransport.open(
            config.withApiKey(key),
            c -> {
              seenByTheSdk[0] = Secrets.redact("it is " + c.apiKey());
              return fake.sdk();
            },
            clock,
            sleeper,
            () -> 0.0)
        .close();

    assertThat(seenByTheSdk[0]).isEqualTo("it is " + Secrets.MASK);
  }

  @Test
  void anExceptionTheSdkDidNotRaisePropagatesAndIsNotRetried() {
    fake.script(
        left -> {
          throw new IllegalStateException("a bug in reading the reply");
        });

    assertThatThrownBy(() -> call(Duration.ofSeconds(10)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("a bug in reading the reply");
    assertThat(fake.given).hasSize(1);
    assertThat(fake.closed).isTrue();
  }

  @Test
  void closingTheTransportClosesTheSdk() {
    fake.script(FakeSdk::ok);

    call(Duration.ofSeconds(1));

    assertThat(fake.closed).isTrue();
  }
}
