package dev.apex.anthropic;

import com.anthropic.core.JsonValue;
import com.anthropic.core.RequestOptions;
import com.anthropic.models.messages.CacheControlEphemeral;
import com.anthropic.models.messages.MessageCreateParams;
import com.anthropic.models.messages.OutputConfig;
import com.anthropic.models.messages.TextBlockParam;
import com.anthropic.models.messages.Tool;
import com.anthropic.models.messages.ToolChoiceAuto;
import com.anthropic.services.blocking.MessageService;
import dev.apex.core.Sleeper;
import dev.apex.llm.ModelTransport;
import dev.apex.llm.ModelTransport.Exchange;
import dev.apex.llm.SdkToolUseClient;
import dev.apex.llm.SemanticConfig;
import dev.apex.llm.ToolCall;
import dev.apex.llm.ToolDefinition;
import dev.apex.llm.ToolUseClient;
import dev.apex.llm.ToolUseRequest;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;

/**
 * {@link ToolUseClient} on the official Anthropic Java SDK (Messages API). Each request carries the
 * tools as strict tools, the system prompt as one text block marked {@code cache_control:
 * ephemeral} (so tools and system form the cached prefix), one user message, {@code tool_choice:
 * auto} with {@code disable_parallel_tool_use: true}, and {@code output_config.effort} when set. No
 * thinking settings are sent: each model's default applies (adaptive on Claude Sonnet 5.5, where
 * {@code thinking: disabled} and forced tool choice are refused).
 *
 * <p>Calls go through the shared {@link ModelTransport}: the SDK's own retries are off (it obeys
 * {@code retry-after} however long), retries go through the one retry loop, so a call with its
 * retries and waits stays within {@link ToolUseRequest#budget()}. Thread-safe; the API key never
 * appears in a detail or a log line.
 */
public final class AnthropicToolUseClient extends SdkToolUseClient<MessageService, RequestOptions> {

  private AnthropicToolUseClient(ModelTransport<MessageService, RequestOptions> transport) {
    super(transport);
  }

  /**
   * A client for the key and base URL of {@code config} (its {@code enabled}, {@code model} and
   * {@code timeout} are not used: each request names its model and budget), retrying a retriable
   * failure at most {@code config.maxRetries()} times, with backoff jitter from {@link
   * ThreadLocalRandom}.
   *
   * @throws IllegalArgumentException when {@code config} has no API key
   */
  public static AnthropicToolUseClient create(SemanticConfig config, Clock clock, Sleeper sleeper) {
    return create(config, clock, sleeper, ModelTransport.RANDOM_JITTER);
  }

  /**
   * As {@link #create(SemanticConfig, Clock, Sleeper)}, with backoff jitter drawn from {@code
   * jitter} (uniform in [0, 1)).
   *
   * @throws IllegalArgumentException when {@code config} has no API key
   */
  public static AnthropicToolUseClient create(
      SemanticConfig config, Clock clock, Sleeper sleeper, DoubleSupplier jitter) {
    return new AnthropicToolUseClient(
        ModelTransport.open(config, c -> AnthropicSdk.open(c, null), clock, sleeper, jitter));
  }

  @Override
  protected Exchange<MessageService, RequestOptions, ToolCall> exchange(ToolUseRequest request) {
    MessageCreateParams params = params(request);
    return (messages, options) -> ToolUseReply.read(messages.create(params, options));
  }

  static MessageCreateParams params(ToolUseRequest request) {
    TextBlockParam system =
        TextBlockParam.builder()
            .text(request.system())
            .cacheControl(CacheControlEphemeral.builder().build())
            .build();
    MessageCreateParams.Builder params =
        MessageCreateParams.builder()
            .model(request.model())
            .maxTokens(request.maxTokens())
            .systemOfTextBlockParams(List.of(system))
            .addUserMessage(request.user())
            .toolChoice(ToolChoiceAuto.builder().disableParallelToolUse(true).build());
    for (ToolDefinition tool : request.tools()) {
      params.addTool(strictTool(tool));
    }
    if (request.effort() != null) {
      params.outputConfig(
          OutputConfig.builder().effort(OutputConfig.Effort.of(request.effort())).build());
    }
    return params.build();
  }

  private static Tool strictTool(ToolDefinition tool) {
    Tool.InputSchema.Builder schema = Tool.InputSchema.builder();
    for (Map.Entry<String, Object> entry : tool.inputSchema().entrySet()) {
      switch (entry.getKey()) {
        case "type" -> schema.type(JsonValue.from(entry.getValue()));
        case "properties" -> {
          Tool.InputSchema.Properties.Builder properties = Tool.InputSchema.Properties.builder();
          if (entry.getValue() instanceof Map<?, ?> map) {
            map.forEach(
                (name, property) ->
                    properties.putAdditionalProperty(
                        String.valueOf(name), JsonValue.from(property)));
          }
          schema.properties(properties.build());
        }
        case "required" -> {
          List<String> required =
              entry.getValue() instanceof List<?> list
                  ? list.stream().map(String::valueOf).toList()
                  : List.of();
          schema.required(required);
        }
        default -> schema.putAdditionalProperty(entry.getKey(), JsonValue.from(entry.getValue()));
      }
    }
    return Tool.builder()
        .name(tool.name())
        .description(tool.description())
        .inputSchema(schema.build())
        .strict(true)
        .build();
  }
}
