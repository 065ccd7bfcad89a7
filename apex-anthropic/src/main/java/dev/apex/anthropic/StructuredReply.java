package dev.apex.anthropic;

import com.anthropic.models.messages.StopReason;
import com.anthropic.models.messages.StructuredContentBlock;
import com.anthropic.models.messages.StructuredMessage;
import com.anthropic.models.messages.Usage;
import dev.apex.llm.FailureReason;
import dev.apex.llm.LlmResult;
import dev.apex.llm.LlmUsage;
import dev.apex.llm.StructuredJson;
import java.util.stream.Collectors;

/**
 * Reads a structured reply: only {@code stop_reason: end_turn} counts, and its text must be JSON
 * with exactly the properties of the output type. The parse is ours ({@link StructuredJson}, shared
 * with every provider), not the SDK's lazy one, so "not JSON" and "JSON of the wrong shape" stay
 * apart.
 */
final class StructuredReply {

  private StructuredReply() {}

  static <T> LlmResult<T> read(StructuredMessage<T> message, Class<T> outputType) {
    LlmUsage usage = usage(message.usage());
    StopReason stop = message.stopReason().orElse(null);
    if (!StopReason.END_TURN.equals(stop)) {
      return LlmResult.failed(stopFailure(stop), "stop_reason " + name(stop), usage);
    }
    String text =
        message.content().stream()
            .filter(StructuredContentBlock::isText)
            .map(block -> block.asText().rawTextBlock().text())
            .collect(Collectors.joining());
    return StructuredJson.read(text, outputType, usage);
  }

  private static FailureReason stopFailure(StopReason stop) {
    if (StopReason.REFUSAL.equals(stop)) {
      return FailureReason.REFUSAL;
    }
    if (StopReason.MAX_TOKENS.equals(stop)) {
      return FailureReason.MAX_TOKENS;
    }
    return FailureReason.UNEXPECTED_STOP;
  }

  /** The stop reason as the API spells it, {@code missing} when there is none. */
  static String name(StopReason stop) {
    return stop == null ? "missing" : stop._value().asString().orElse("unknown");
  }

  /** The usage of any reply, structured or not. */
  static LlmUsage usage(Usage usage) {
    return new LlmUsage(
        usage.inputTokens(),
        usage.outputTokens(),
        usage.cacheCreationInputTokens().orElse(0L),
        usage.cacheReadInputTokens().orElse(0L));
  }
}
