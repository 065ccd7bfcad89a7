package dev.apex.openai;

import com.openai.client.OpenAIClient;
import com.openai.core.RequestOptions;
import com.openai.core.Timeout;
import com.openai.errors.OpenAIException;
import com.openai.services.blocking.chat.ChatCompletionService;
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
 * The one way both clients call Chat Completions (streaming off). It builds the SDK client (through
 * {@link SdkClients}: the SDK's own retries off, explicit base URL and key), runs each attempt with
 * an HTTP timeout of the budget's time left, turns what the SDK throws into a failure through
 * {@link OpenAiFailures}, retries through {@link BoundedRetry} (the library's one retry, as for
 * Claude) so the whole call stays within its budget, redacts a failure's detail before it leaves,
 * and closes the SDK client. Thread-safe when the jitter source is.
 */
final class OpenAiTransport implements AutoCloseable {

  /** One request and the reading of its reply. SDK exceptions pass through to the transport. */
  @FunctionalInterface
  interface Exchange<T> {
    /** Sends the request through {@code completions} with {@code options}, reads the reply. */
    LlmResult<T> send(ChatCompletionService completions, RequestOptions options);
  }

  private final OpenAIClient sdk;
  private final BoundedRetry retry;
  private final Clock clock;
  private final String apiKey;

  private OpenAiTransport(OpenAIClient sdk, BoundedRetry retry, Clock clock, String apiKey) {
    this.sdk = sdk;
    this.retry = retry;
    this.clock = clock;
    this.apiKey = apiKey;
  }

  /**
   * A transport for {@code config}'s base URL, key (a placeholder when none) and retry count.
   *
   * @param sdkTimeout the SDK client's default request timeout, or null for none
   */
  static OpenAiTransport open(
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
    OpenAIClient sdk = SdkClients.okHttp(config, sdkTimeout);
    return new OpenAiTransport(sdk, retry, clock, config.apiKey());
  }

  /**
   * Runs {@code exchange} until it succeeds or fails for good, within {@code budget}. Never throws
   * for a failed call: the result says why, with no secret in it.
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
          exchange.send(
              sdk.chat().completions(), RequestOptions.builder().timeout(timeout).build()));
    } catch (OpenAIException e) {
      return OpenAiFailures.of(e, clock);
    }
  }

  @Override
  public void close() {
    sdk.close();
  }
}
