package dev.apex.anthropic;

import com.anthropic.core.JsonValue;
import com.anthropic.errors.AnthropicInvalidDataException;
import com.anthropic.models.messages.ContentBlock;
import com.anthropic.models.messages.Message;
import com.anthropic.models.messages.StopReason;
import com.anthropic.models.messages.ToolUseBlock;
import dev.apex.llm.FailureReason;
import dev.apex.llm.LlmResult;
import dev.apex.llm.LlmUsage;
import dev.apex.llm.ReplyFailures;
import dev.apex.llm.ToolCall;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Reads a tool-use reply: the first {@code tool_use} block is the call (parallel tool use is off,
 * so there is at most one). A reply with a call counts whatever its stop reason; without one,
 * {@code refusal} is {@link FailureReason#REFUSAL}, {@code max_tokens} {@link
 * FailureReason#MAX_TOKENS}, {@code end_turn} {@link FailureReason#NO_TOOL_CALL} and any other
 * {@link FailureReason#UNEXPECTED_STOP}. Thinking blocks are skipped. The usage of every reply is
 * kept.
 */
final class ToolUseReply {

  private ToolUseReply() {}

  static LlmResult<ToolCall> read(Message message) {
    LlmUsage usage;
    try {
      usage = StructuredReply.usage(message.usage());
    } catch (AnthropicInvalidDataException e) {
      usage = LlmUsage.NONE;
    }
    try {
      StopReason stop = message.stopReason().orElse(null);
      List<ContentBlock> content = message.content();
      Optional<ToolUseBlock> toolUse =
          content.stream().filter(ContentBlock::isToolUse).map(ContentBlock::asToolUse).findFirst();
      if (StopReason.REFUSAL.equals(stop)) {
        return LlmResult.failed(FailureReason.REFUSAL, "stop_reason refusal", usage);
      }
      if (toolUse.isPresent()) {
        return call(toolUse.get(), usage);
      }
      if (StopReason.MAX_TOKENS.equals(stop)) {
        return LlmResult.failed(
            FailureReason.MAX_TOKENS, "stop_reason max_tokens before any tool call", usage);
      }
      if (StopReason.END_TURN.equals(stop)) {
        return ReplyFailures.noToolCall(text(content), usage);
      }
      return LlmResult.failed(
          FailureReason.UNEXPECTED_STOP,
          "stop_reason " + StructuredReply.name(stop) + " without a tool call",
          usage);
    } catch (AnthropicInvalidDataException e) {
      return ReplyFailures.unreadable("a message", e, usage);
    }
  }

  private static String text(List<ContentBlock> content) {
    return content.stream()
        .filter(ContentBlock::isText)
        .map(block -> block.asText().text())
        .collect(Collectors.joining(" "));
  }

  private static LlmResult<ToolCall> call(ToolUseBlock block, LlmUsage usage) {
    JsonValue input = block._input();
    Map<String, Object> map = input.isMissing() || input.isNull() ? Map.of() : asMap(input);
    if (map == null) {
      return LlmResult.failed(
          FailureReason.INVALID_RESPONSE,
          "the input of tool call '" + block.name() + "' is not a JSON object",
          usage);
    }
    return LlmResult.ok(new ToolCall(block.id(), block.name(), map), usage, 0);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> asMap(JsonValue input) {
    try {
      Object value = input.convert(Object.class);
      return value instanceof Map<?, ?> m ? new LinkedHashMap<>((Map<String, Object>) m) : null;
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}
