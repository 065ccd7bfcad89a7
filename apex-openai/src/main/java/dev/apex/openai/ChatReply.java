package dev.apex.openai;

import com.openai.errors.OpenAIInvalidDataException;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionMessage;
import com.openai.models.chat.completions.ChatCompletionMessageFunctionToolCall;
import com.openai.models.chat.completions.ChatCompletionMessageToolCall;
import com.openai.models.completions.CompletionUsage;
import dev.apex.llm.FailureReason;
import dev.apex.llm.LlmResult;
import dev.apex.llm.LlmUsage;
import dev.apex.llm.ReplyFailures;
import dev.apex.llm.StructuredJson;
import dev.apex.llm.ToolArguments;
import dev.apex.llm.ToolCall;
import dev.apex.llm.ToolDefinition;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * Reads a chat completion: its first choice, its {@code finish_reason}, its tool call or its text,
 * and its usage ({@code prompt_tokens} less the cached ones as input, the cached ones as cache
 * reads, {@code completion_tokens} as output). Servers do not guarantee {@code strict} tools, so a
 * call's arguments are parsed and checked against the tool's schema here ({@link ToolArguments}).
 */
final class ChatReply {

  private ChatReply() {}

  /**
   * The structured reply: only {@code finish_reason: stop} counts, and its text must be JSON of
   * exactly the output type's properties ({@link StructuredJson}).
   */
  static <T> LlmResult<T> structured(ChatCompletion completion, Class<T> outputType) {
    return read(completion, (choice, usage) -> structured(choice, outputType, usage));
  }

  /**
   * The tool-use reply: the first function tool call is the call, whatever the finish reason;
   * without one, a refusal, {@code length} ({@link FailureReason#MAX_TOKENS}), text only ({@link
   * FailureReason#NO_TOOL_CALL}) or another finish reason. A call to an unknown tool passes through
   * (the planner names it); arguments that are not an object or miss the schema are {@link
   * FailureReason#INVALID_TOOL_ARGUMENTS}.
   */
  static LlmResult<ToolCall> toolCall(ChatCompletion completion, List<ToolDefinition> tools) {
    return read(completion, (choice, usage) -> toolCall(choice, tools, usage));
  }

  /** The first choice read by {@code reader}, with the completion's usage. */
  private static <T> LlmResult<T> read(
      ChatCompletion completion, BiFunction<ChatCompletion.Choice, LlmUsage, LlmResult<T>> reader) {
    LlmUsage usage = usage(completion);
    try {
      Optional<ChatCompletion.Choice> choice = completion.choices().stream().findFirst();
      if (choice.isEmpty()) {
        return LlmResult.failed(FailureReason.INVALID_RESPONSE, "the reply has no choice", usage);
      }
      return reader.apply(choice.get(), usage);
    } catch (OpenAIInvalidDataException e) {
      return ReplyFailures.unreadable("a chat completion", e, usage);
    }
  }

  private static <T> LlmResult<T> structured(
      ChatCompletion.Choice choice, Class<T> outputType, LlmUsage usage) {
    ChatCompletionMessage message = choice.message();
    if (message.refusal().filter(r -> !r.isBlank()).isPresent()) {
      return LlmResult.failed(FailureReason.REFUSAL, "the model refused", usage);
    }
    String finish = finish(choice);
    if (!"stop".equals(finish)) {
      return LlmResult.failed(stopFailure(finish), "finish_reason " + finish, usage);
    }
    return StructuredJson.read(message.content().orElse(""), outputType, usage);
  }

  private static LlmResult<ToolCall> toolCall(
      ChatCompletion.Choice choice, List<ToolDefinition> tools, LlmUsage usage) {
    ChatCompletionMessage message = choice.message();
    Optional<ChatCompletionMessageFunctionToolCall> call =
        message.toolCalls().orElse(List.of()).stream()
            .filter(ChatCompletionMessageToolCall::isFunction)
            .map(ChatCompletionMessageToolCall::asFunction)
            .findFirst();
    if (call.isPresent()) {
      return call(call.get(), tools, usage);
    }
    if (message.refusal().filter(r -> !r.isBlank()).isPresent()) {
      return LlmResult.failed(FailureReason.REFUSAL, "the model refused", usage);
    }
    String finish = finish(choice);
    if ("length".equals(finish)) {
      return LlmResult.failed(
          FailureReason.MAX_TOKENS, "finish_reason length before any tool call", usage);
    }
    if ("stop".equals(finish) || "tool_calls".equals(finish)) {
      return ReplyFailures.noToolCall(message.content().orElse(""), usage);
    }
    return LlmResult.failed(
        FailureReason.UNEXPECTED_STOP, "finish_reason " + finish + " without a tool call", usage);
  }

  private static LlmResult<ToolCall> call(
      ChatCompletionMessageFunctionToolCall call, List<ToolDefinition> tools, LlmUsage usage) {
    String name = call.function().name();
    Optional<Map<String, Object>> arguments = ToolArguments.parse(call.function().arguments());
    if (arguments.isEmpty()) {
      return LlmResult.failed(
          FailureReason.INVALID_TOOL_ARGUMENTS,
          "the arguments of the " + nameable(name, tools) + " call are not a JSON object",
          usage);
    }
    Optional<ToolDefinition> tool = tools.stream().filter(t -> t.name().equals(name)).findFirst();
    if (tool.isPresent()) {
      Optional<String> problem = ToolArguments.problem(tool.get(), arguments.get());
      if (problem.isPresent()) {
        return LlmResult.failed(FailureReason.INVALID_TOOL_ARGUMENTS, problem.get(), usage);
      }
    }
    return LlmResult.ok(new ToolCall(call.id(), name, arguments.get()), usage, 0);
  }

  /** The tool's name when it is one of ours (trusted), else a neutral phrase. */
  private static String nameable(String name, List<ToolDefinition> tools) {
    return tools.stream().anyMatch(t -> t.name().equals(name)) ? name : "tool";
  }

  private static String finish(ChatCompletion.Choice choice) {
    try {
      return choice.finishReason().asString();
    } catch (OpenAIInvalidDataException missing) {
      return "missing";
    }
  }

  private static FailureReason stopFailure(String finish) {
    return switch (finish) {
      case "length" -> FailureReason.MAX_TOKENS;
      case "content_filter" -> FailureReason.REFUSAL;
      default -> FailureReason.UNEXPECTED_STOP;
    };
  }

  static LlmUsage usage(ChatCompletion completion) {
    try {
      Optional<CompletionUsage> usage = completion.usage();
      if (usage.isEmpty()) {
        return LlmUsage.NONE;
      }
      long prompt = usage.get().promptTokens();
      long output = usage.get().completionTokens();
      long cached =
          usage
              .get()
              .promptTokensDetails()
              .flatMap(CompletionUsage.PromptTokensDetails::cachedTokens)
              .orElse(0L);
      cached = Math.max(0, Math.min(cached, prompt));
      return new LlmUsage(Math.max(0, prompt - cached), Math.max(0, output), 0, cached);
    } catch (OpenAIInvalidDataException e) {
      return LlmUsage.NONE;
    }
  }
}
