package dev.apex.llm;

import dev.apex.core.Secrets;
import dev.apex.core.Sleeper;
import dev.apex.core.retry.Outcome;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;
import java.util.function.Function;

/**
 * The one way every provider's clients call their model, whatever the SDK: the key and the base
 * URL's user info are made secrets before the SDK client is built, each attempt runs with every
 * HTTP timeout set to the time left in the call ({@link ModelSdk#options}), what the SDK throws
 * becomes a failure through the provider's mapping ({@link SdkFailure}), retries go through {@link
 * BoundedRetry} so the whole call (attempts and waits) keeps one deadline, a failure's detail is
 * redacted before it leaves, and closing the transport closes the SDK client. A provider supplies
 * only its {@link ModelSdk} and, per client, its request and the reading of its reply ({@link
 * Exchange}). Thread-safe when the SDK client and the jitter source are.
 *
 * @param <S> the SDK service the exchanges call
 * @param <O> the SDK's per-request options
 */
public final class ModelTransport<S, O> implements AutoCloseable {

  /** Backoff jitter from {@link ThreadLocalRandom}: uniform in [0, 1). */
  public static final DoubleSupplier RANDOM_JITTER = () -> ThreadLocalRandom.current().nextDouble();

  /** One request and the reading of its reply. SDK exceptions pass through to the transport. */
  @FunctionalInterface
  public interface Exchange<S, O, T> {
    /**
     * Sends the request through {@code service} with {@code options} (they carry the attempt's
     * timeouts) and reads the reply into a result, which may be a failure (a refusal, no tool
     * call).
     */
    LlmResult<T> send(S service, O options);
  }

  private final ModelSdk<S, O> sdk;
  private final BoundedRetry retry;
  private final Clock clock;
  private final String apiKey;
  private final SemanticConfig config;

  private ModelTransport(
      ModelSdk<S, O> sdk, BoundedRetry retry, Clock clock, SemanticConfig config) {
    this.sdk = sdk;
    this.retry = retry;
    this.clock = clock;
    this.apiKey = config.apiKey();
    this.config = config;
  }

  /**
   * A transport for {@code config}'s key and retry count on the SDK {@code sdk} builds from {@code
   * config}; waits between retries go through {@code sleeper}, the deadline is measured on {@code
   * clock}.
   *
   * @param jitter uniform draws in [0, 1) for the retry backoff
   * @throws IllegalArgumentException when {@code sdk} finds {@code config} lacking (no key)
   */
  public static <S, O> ModelTransport<S, O> open(
      SemanticConfig config,
      Function<SemanticConfig, ModelSdk<S, O>> sdk,
      Clock clock,
      Sleeper sleeper,
      DoubleSupplier jitter) {
    Objects.requireNonNull(config, "config");
    Objects.requireNonNull(sdk, "sdk");
    Objects.requireNonNull(clock, "clock");
    Objects.requireNonNull(sleeper, "sleeper");
    Objects.requireNonNull(jitter, "jitter");
    BoundedRetry retry = new BoundedRetry(clock, sleeper, config.maxRetries(), jitter);
    // From here on the key may come back in any answer: make it a secret before the first call.
    Secrets.register(config.apiKey());
    Secrets.registerUserInfo(config.baseUrl());
    return new ModelTransport<>(sdk.apply(config), retry, clock, config);
  }

  /**
   * Runs {@code exchange} until it succeeds or fails for good, within {@code budget}, attempts and
   * waits together. Never throws for a failed call: the result says why, with no secret in it. An
   * exception the SDK did not raise (a bug) propagates.
   */
  public <T> LlmResult<T> call(Duration budget, Exchange<S, O, T> exchange) {
    Objects.requireNonNull(budget, "budget");
    Objects.requireNonNull(exchange, "exchange");
    return HttpFailures.redacted(
        retry.run(budget, timeLeft -> attempt(exchange, timeLeft)), apiKey);
  }

  /**
   * {@link #call(Duration, Exchange)}, told to the process's {@link ModelCallListener} as a call of
   * {@code shape}: it hears the start before the first attempt and the redacted result after the
   * last.
   */
  public <T> LlmResult<T> call(ModelCall.Shape shape, Duration budget, Exchange<S, O, T> exchange) {
    Objects.requireNonNull(shape, "shape");
    ModelCallListener.Call heard = ModelCalls.started(describe(shape));
    LlmResult<T> result = call(budget, exchange);
    ModelCalls.ended(heard, result);
    return result;
  }

  /** {@code shape} with the provider and the host and port of the base URL (no user info). */
  private ModelCall describe(ModelCall.Shape shape) {
    String host = "";
    int port = -1;
    try {
      java.net.URI uri = java.net.URI.create(config.baseUrl());
      host = uri.getHost() == null ? "" : uri.getHost();
      port = uri.getPort();
      if (port < 0) {
        port =
            "https".equalsIgnoreCase(uri.getScheme())
                ? 443
                : "http".equalsIgnoreCase(uri.getScheme()) ? 80 : -1;
      }
    } catch (IllegalArgumentException e) {
      // A base URL the SDK accepted but URI does not: the span names no server.
    }
    return new ModelCall(
        config.provider(),
        host,
        port,
        shape.model(),
        shape.maxTokens(),
        shape.promptChars(),
        shape.tools());
  }

  private <T> Outcome<LlmResult<T>> attempt(Exchange<S, O, T> exchange, Duration timeLeft) {
    O options = sdk.options().apply(timeLeft);
    try {
      return BoundedRetry.done(exchange.send(sdk.service(), options));
    } catch (RuntimeException e) {
      SdkFailure failure = sdk.failures().apply(e).orElseThrow(() -> e);
      return failure.outcome(clock);
    }
  }

  @Override
  public void close() {
    sdk.close().run();
  }
}
