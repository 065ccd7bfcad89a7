package dev.apex.anthropic;

import com.anthropic.client.AnthropicClient;
import com.anthropic.core.RequestOptions;
import com.anthropic.core.Timeout;
import com.anthropic.errors.AnthropicException;
import com.anthropic.services.blocking.MessageService;
import dev.apex.core.Sleeper;
import dev.apex.core.retry.Outcome;
import dev.apex.llm.BoundedRetry;
import dev.apex.llm.HttpFailures;
import dev.apex.llm.LlmResult;
import dev.apex.llm.SemanticConfig;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.function.DoubleSupplier;

/**
 * The one way both clients call the Messages API. It builds the SDK client (through {@link
 * SdkClients}: the SDK's own retries off, the key a secret), runs each attempt with an HTTP timeout
 * of the budget's time left, turns what the SDK throws into a failure through {@link
 * AnthropicFailures}, retries through {@link BoundedRetry} so the whole call stays within its
 * budget, redacts a failure's detail before it leaves, and closes the SDK client. A client supplies
 * only its request and how to read the reply ({@link Exchange}). Thread-safe when the jitter source
 * is.
 */
final class AnthropicTransport implements AutoCloseable {

  /** One request and the reading of its reply. SDK exceptions pass through to the transport. */
  @FunctionalInterface
  interface Exchange<T> {
    /**
     * Sends the request through {@code messages} with {@code options} (they carry the attempt's
     * timeout) and reads the reply into a result, which may be a failure (a refusal, no tool call).
     */
    LlmResult<T> send(MessageService messages, RequestOptions options);
  }

  private final AnthropicClient sdk;
  private final BoundedRetry retry;
  private final Clock clock;
  private final String apiKey;

  private AnthropicTransport(AnthropicClient sdk, BoundedRetry retry, Clock clock, String apiKey) {
    this.sdk = sdk;
    this.retry = retry;
    this.clock = clock;
    this.apiKey = apiKey;
  }

  /**
   * A transport for {@code config}'s key, base URL and retry count.
   *
   * @param sdkTimeout the SDK client's default request timeout, or null for none (each attempt sets
   *     its own from the budget either way)
   * @param jitter uniform draws in [0, 1) for the retry backoff
   * @throws IllegalArgumentException when {@code config} has no API key
   */
  static AnthropicTransport open(
      SemanticConfig config,
      Duration sdkTimeout,
      Clock clock,
      Sleeper sleeper,
      DoubleSupplier jitter) {
    Objects.requireNonNull(config, "config");
    Objects.requireNonNull(clock, "clock");
    Objects.requireNonNull(sleeper, "sleeper");
    Objects.requireNonNull(jitter, "jitter");
    BoundedRetry retry = new BoundedRetry(clock, sleeper, config.maxRetries(), jitter);
    AnthropicClient sdk = SdkClients.okHttp(config, sdkTimeout);
    return new AnthropicTransport(sdk, retry, clock, config.apiKey());
  }

  /**
   * Runs {@code exchange} until it succeeds or fails for good, within {@code budget}, attempts and
   * waits together. Never throws for a failed call: the result says why, with no secret in it.
   */
  <T> LlmResult<T> call(Duration budget, Exchange<T> exchange) {
    Objects.requireNonNull(budget, "budget");
    Objects.requireNonNull(exchange, "exchange");
    return HttpFailures.redacted(
        retry.run(budget, timeLeft -> attempt(exchange, timeLeft)), apiKey);
  }

  private <T> Outcome<LlmResult<T>> attempt(Exchange<T> exchange, Duration timeLeft) {
    // request is OkHttp's call timeout: the call's deadline, from connect to the reply's last byte,
    // which cancels the call. connect, read and write bound one step each: a server that trickles
    // its reply would pass them forever.
    Timeout timeout =
        Timeout.builder()
            .connect(timeLeft)
            .read(timeLeft)
            .write(timeLeft)
            .request(timeLeft)
            .build();
    try {
      return BoundedRetry.done(
          exchange.send(sdk.messages(), RequestOptions.builder().timeout(timeout).build()));
    } catch (AnthropicException e) {
      return AnthropicFailures.of(e, clock);
    }
  }

  @Override
  public void close() {
    sdk.close();
  }
}
