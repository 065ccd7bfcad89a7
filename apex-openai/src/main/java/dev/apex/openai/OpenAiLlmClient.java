package dev.apex.openai;

import com.openai.core.JsonSchemaLocalValidation;
import com.openai.core.RequestOptions;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import com.openai.services.blocking.chat.ChatCompletionService;
import dev.apex.core.Sleeper;
import dev.apex.llm.LlmClient;
import dev.apex.llm.LlmRequest;
import dev.apex.llm.ModelTransport;
import dev.apex.llm.ModelTransport.Exchange;
import dev.apex.llm.SdkLlmClient;
import dev.apex.llm.SemanticConfig;
import java.time.Clock;
import java.util.Objects;
import java.util.function.DoubleSupplier;

/**
 * {@link LlmClient} on the official OpenAI Java SDK: Chat Completions with a system and a user
 * message and a {@code response_format} of type {@code json_schema} (strict) derived from the
 * output type, as the SDK derives it; streaming off. The reply's text is parsed by apex ({@link
 * dev.apex.llm.StructuredJson}), not the SDK, so "not JSON" and "wrong shape" stay apart.
 *
 * <p>Calls go through the shared {@link ModelTransport}: the SDK's own retries off, the library's
 * one retry within {@link LlmRequest#budget()}. Thread-safe; the key never appears in a detail.
 */
public final class OpenAiLlmClient extends SdkLlmClient<ChatCompletionService, RequestOptions> {

  private final boolean openAiHost;

  private OpenAiLlmClient(
      ModelTransport<ChatCompletionService, RequestOptions> transport, boolean openAiHost) {
    super(transport);
    this.openAiHost = openAiHost;
  }

  /** A client for {@code config}'s base URL, key and retry count, with random backoff jitter. */
  public static OpenAiLlmClient create(SemanticConfig config, Clock clock, Sleeper sleeper) {
    return create(config, clock, sleeper, ModelTransport.RANDOM_JITTER);
  }

  /**
   * As {@link #create(SemanticConfig, Clock, Sleeper)}, with backoff jitter from {@code jitter}.
   */
  public static OpenAiLlmClient create(
      SemanticConfig config, Clock clock, Sleeper sleeper, DoubleSupplier jitter) {
    Objects.requireNonNull(config, "config");
    boolean openAiHost = OpenAiToolUseClient.isOpenAiHost(config.baseUrl());
    return new OpenAiLlmClient(
        ModelTransport.open(config, c -> OpenAiSdk.open(c, c.timeout()), clock, sleeper, jitter),
        openAiHost);
  }

  @Override
  protected <T> Exchange<ChatCompletionService, RequestOptions, T> exchange(
      LlmRequest request, Class<T> outputType) {
    ChatCompletionCreateParams params = params(request, outputType, openAiHost);
    return (completions, options) ->
        ChatReply.structured(completions.create(params, options), outputType);
  }

  static <T> ChatCompletionCreateParams params(
      LlmRequest request, Class<T> outputType, boolean openAiHost) {
    ChatCompletionCreateParams.Builder builder =
        ChatCompletionCreateParams.builder()
            .model(request.model())
            .addSystemMessage(request.system())
            .addUserMessage(request.user());
    OpenAiToolUseClient.maxTokens(builder, request.maxTokens(), openAiHost);
    // The SDK derives the strict JSON schema from the type, as the Anthropic SDK does.
    return builder.responseFormat(outputType, JsonSchemaLocalValidation.NO).build().rawParams();
  }
}
