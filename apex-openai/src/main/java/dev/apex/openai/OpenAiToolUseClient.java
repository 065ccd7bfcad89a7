package dev.apex.openai;

import com.openai.core.JsonValue;
import com.openai.core.RequestOptions;
import com.openai.models.FunctionDefinition;
import com.openai.models.FunctionParameters;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import com.openai.models.chat.completions.ChatCompletionFunctionTool;
import com.openai.models.chat.completions.ChatCompletionToolChoiceOption;
import com.openai.services.blocking.chat.ChatCompletionService;
import dev.apex.core.Sleeper;
import dev.apex.llm.ModelTransport;
import dev.apex.llm.ModelTransport.Exchange;
import dev.apex.llm.SdkToolUseClient;
import dev.apex.llm.SemanticConfig;
import dev.apex.llm.ToolCall;
import dev.apex.llm.ToolDefinition;
import dev.apex.llm.ToolUseClient;
import dev.apex.llm.ToolUseRequest;
import java.net.URI;
import java.time.Clock;
import java.util.Locale;
import java.util.Map;
import java.util.function.DoubleSupplier;

/**
 * {@link ToolUseClient} on the official OpenAI Java SDK: Chat Completions (streaming off) with the
 * system prompt and the user message, the tools as strict function tools, {@code tool_choice: auto}
 * and {@code parallel_tool_calls: false}. The request's {@code effort} is not sent (it is a Claude
 * setting; local servers refuse unknown parameters). The output limit is {@code
 * max_completion_tokens} on api.openai.com and {@code max_tokens} elsewhere (what local servers
 * read).
 *
 * <p>The arguments of the call are checked against the tool's schema ({@link
 * dev.apex.llm.ToolArguments}): a server does not guarantee {@code strict}. Calls go through the
 * shared {@link ModelTransport}. Thread-safe; the key never appears in a detail or a log line.
 */
public final class OpenAiToolUseClient
    extends SdkToolUseClient<ChatCompletionService, RequestOptions> {

  private final boolean openAiHost;

  private OpenAiToolUseClient(
      ModelTransport<ChatCompletionService, RequestOptions> transport, boolean openAiHost) {
    super(transport);
    this.openAiHost = openAiHost;
  }

  /**
   * A client for the base URL, key and retry count of {@code config} (its model and timeout are not
   * used: each request names its own), with random backoff jitter.
   */
  public static OpenAiToolUseClient create(SemanticConfig config, Clock clock, Sleeper sleeper) {
    return create(config, clock, sleeper, ModelTransport.RANDOM_JITTER);
  }

  /**
   * As {@link #create(SemanticConfig, Clock, Sleeper)}, with backoff jitter from {@code jitter}.
   */
  public static OpenAiToolUseClient create(
      SemanticConfig config, Clock clock, Sleeper sleeper, DoubleSupplier jitter) {
    ModelTransport<ChatCompletionService, RequestOptions> transport =
        ModelTransport.open(config, c -> OpenAiSdk.open(c, null), clock, sleeper, jitter);
    return new OpenAiToolUseClient(transport, isOpenAiHost(config.baseUrl()));
  }

  @Override
  protected Exchange<ChatCompletionService, RequestOptions, ToolCall> exchange(
      ToolUseRequest request) {
    ChatCompletionCreateParams params = params(request, openAiHost);
    return (completions, options) ->
        ChatReply.toolCall(completions.create(params, options), request.tools());
  }

  static ChatCompletionCreateParams params(ToolUseRequest request, boolean openAiHost) {
    ChatCompletionCreateParams.Builder params =
        ChatCompletionCreateParams.builder()
            .model(request.model())
            .addSystemMessage(request.system())
            .addUserMessage(request.user())
            .toolChoice(ChatCompletionToolChoiceOption.Auto.AUTO)
            .parallelToolCalls(false);
    maxTokens(params, request.maxTokens(), openAiHost);
    for (ToolDefinition tool : request.tools()) {
      params.addTool(functionTool(tool));
    }
    return params.build();
  }

  static void maxTokens(ChatCompletionCreateParams.Builder params, long max, boolean openAiHost) {
    if (openAiHost) {
      params.maxCompletionTokens(max);
    } else {
      params.maxTokens(max);
    }
  }

  private static ChatCompletionFunctionTool functionTool(ToolDefinition tool) {
    FunctionParameters.Builder schema = FunctionParameters.builder();
    for (Map.Entry<String, Object> entry : tool.inputSchema().entrySet()) {
      schema.putAdditionalProperty(entry.getKey(), JsonValue.from(entry.getValue()));
    }
    return ChatCompletionFunctionTool.builder()
        .function(
            FunctionDefinition.builder()
                .name(tool.name())
                .description(tool.description())
                .parameters(schema.build())
                .strict(true)
                .build())
        .build();
  }

  /** Whether {@code baseUrl} is OpenAI's own API (which wants {@code max_completion_tokens}). */
  static boolean isOpenAiHost(String baseUrl) {
    try {
      String host = URI.create(baseUrl).getHost();
      return host != null && host.toLowerCase(Locale.ROOT).equals("api.openai.com");
    } catch (IllegalArgumentException e) {
      return false;
    }
  }
}
