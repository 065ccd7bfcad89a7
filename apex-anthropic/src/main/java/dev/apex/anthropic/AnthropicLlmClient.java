package dev.apex.anthropic;

import com.anthropic.core.RequestOptions;
import com.anthropic.models.messages.CacheControlEphemeral;
import com.anthropic.models.messages.MessageCreateParams;
import com.anthropic.models.messages.StructuredMessageCreateParams;
import com.anthropic.models.messages.TextBlockParam;
import com.anthropic.services.blocking.MessageService;
import dev.apex.core.Sleeper;
import dev.apex.llm.LlmClient;
import dev.apex.llm.LlmRequest;
import dev.apex.llm.ModelTransport;
import dev.apex.llm.ModelTransport.Exchange;
import dev.apex.llm.SdkLlmClient;
import dev.apex.llm.SemanticConfig;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;

/**
 * {@link LlmClient} on the official Anthropic Java SDK (Messages API, structured output by JSON
 * schema, the system prompt marked {@code cache_control: ephemeral}).
 *
 * <p>Calls go through the shared {@link ModelTransport}: the SDK's own retries are off (it obeys
 * {@code retry-after} however long), retries go through the one retry loop, and the whole call —
 * attempts and waits — stays within {@link LlmRequest#budget()}; each attempt's HTTP timeout is the
 * time left. No thinking, no effort: the request is model, max tokens, system, one user message and
 * the output schema. Thread-safe; the API key never appears in a result's detail or a log line.
 */
public final class AnthropicLlmClient extends SdkLlmClient<MessageService, RequestOptions> {

  private AnthropicLlmClient(ModelTransport<MessageService, RequestOptions> transport) {
    super(transport);
  }

  /** A client for {@code config}'s key and base URL, with the system clock and real sleeps. */
  public static AnthropicLlmClient create(SemanticConfig config) {
    return create(config, Clock.systemUTC(), Sleeper.SYSTEM);
  }

  /**
   * A client for {@code config}'s key, base URL and retry count; waits between retries go through
   * {@code sleeper} and budgets are measured on {@code clock}. Backoff jitter comes from {@link
   * ThreadLocalRandom}.
   *
   * @throws IllegalArgumentException when {@code config} has no API key
   */
  public static AnthropicLlmClient create(SemanticConfig config, Clock clock, Sleeper sleeper) {
    return create(config, clock, sleeper, ModelTransport.RANDOM_JITTER);
  }

  /**
   * As {@link #create(SemanticConfig, Clock, Sleeper)}, with backoff jitter drawn from {@code
   * jitter} (uniform in [0, 1)).
   *
   * @throws IllegalArgumentException when {@code config} has no API key
   */
  public static AnthropicLlmClient create(
      SemanticConfig config, Clock clock, Sleeper sleeper, DoubleSupplier jitter) {
    return new AnthropicLlmClient(
        ModelTransport.open(
            config, c -> AnthropicSdk.open(c, c.timeout()), clock, sleeper, jitter));
  }

  @Override
  protected <T> Exchange<MessageService, RequestOptions, T> exchange(
      LlmRequest request, Class<T> outputType) {
    StructuredMessageCreateParams<T> params = params(request, outputType);
    return (messages, options) ->
        StructuredReply.read(messages.create(params, options), params.outputType());
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
}
