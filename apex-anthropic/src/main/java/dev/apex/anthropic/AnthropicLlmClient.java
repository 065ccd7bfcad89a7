package dev.apex.anthropic;

import com.anthropic.client.AnthropicClient;
import com.anthropic.core.RequestOptions;
import com.anthropic.core.Timeout;
import com.anthropic.errors.AnthropicException;
import com.anthropic.models.messages.CacheControlEphemeral;
import com.anthropic.models.messages.MessageCreateParams;
import com.anthropic.models.messages.StructuredMessageCreateParams;
import com.anthropic.models.messages.TextBlockParam;
import dev.apex.core.Sleeper;
import dev.apex.llm.LlmClient;
import dev.apex.llm.LlmRequest;
import dev.apex.llm.LlmResult;
import dev.apex.llm.SemanticConfig;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * {@link LlmClient} on the official Anthropic Java SDK (Messages API, structured output by JSON
 * schema, the system prompt marked {@code cache_control: ephemeral}).
 *
 * <p>The SDK's own retries are off: it obeys {@code retry-after} however long, so retries go
 * through {@link BoundedRetry} and the whole call — attempts and waits — stays within {@link
 * LlmRequest#budget()}; each attempt's HTTP timeout is the time left. No thinking, no effort: the
 * request is model, max tokens, system, one user message and the output schema. Thread-safe; the
 * API key never appears in a result's detail or a log line.
 */
public final class AnthropicLlmClient implements LlmClient {

  private final AnthropicClient sdk;
  private final BoundedRetry retry;
  private final Clock clock;
  private final String apiKey;

  private AnthropicLlmClient(AnthropicClient sdk, BoundedRetry retry, Clock clock, String apiKey) {
    this.sdk = sdk;
    this.retry = retry;
    this.clock = clock;
    this.apiKey = apiKey;
  }

  /** A client for {@code config}'s key and base URL, with the system clock and real sleeps. */
  public static AnthropicLlmClient create(SemanticConfig config) {
    return create(config, Clock.systemUTC(), Sleeper.SYSTEM);
  }

  /**
   * A client for {@code config}'s key, base URL and retry count; waits between retries go through
   * {@code sleeper} and budgets are measured on {@code clock}.
   *
   * @throws IllegalArgumentException when {@code config} has no API key
   */
  public static AnthropicLlmClient create(SemanticConfig config, Clock clock, Sleeper sleeper) {
    Objects.requireNonNull(config, "config");
    AnthropicClient sdk = SdkClients.okHttp(config, config.timeout());
    return new AnthropicLlmClient(
        sdk, new BoundedRetry(clock, sleeper, config.maxRetries()), clock, config.apiKey());
  }

  @Override
  public <T> LlmResult<T> complete(LlmRequest request, Class<T> outputType) {
    Objects.requireNonNull(request, "request");
    Objects.requireNonNull(outputType, "outputType");
    StructuredMessageCreateParams<T> params = params(request, outputType);
    LlmResult<T> result = retry.run(request.budget(), timeLeft -> attempt(params, timeLeft));
    return result.succeeded() ? result : result.withDetail(redact(result.detail()));
  }

  static <T> StructuredMessageCreateParams<T> params(LlmRequest request, Class<T> outputType) {
    TextBlockParam system =
        TextBlockParam.builder()
            .text(request.system())
            .cacheControl(CacheControlEphemeral.builder().build())
            .build();
    return MessageCreateParams.builder()
        .model(request.model())
        .maxTokens(request.maxTokens())
        .systemOfTextBlockParams(List.of(system))
        .addUserMessage(request.user())
        .outputConfig(outputType)
        .build();
  }

  private <T> BoundedRetry.Outcome<T> attempt(
      StructuredMessageCreateParams<T> params, Duration timeLeft) {
    Timeout timeout =
        Timeout.builder()
            .connect(timeLeft)
            .read(timeLeft)
            .write(timeLeft)
            .request(timeLeft)
            .build();
    try {
      return BoundedRetry.Outcome.done(
          StructuredReply.read(
              sdk.messages().create(params, RequestOptions.builder().timeout(timeout).build()),
              params.outputType()));
    } catch (AnthropicException e) {
      return AnthropicFailures.of(e, clock);
    }
  }

  private String redact(String text) {
    return SdkClients.redact(text, apiKey);
  }

  @Override
  public void close() {
    sdk.close();
  }
}
