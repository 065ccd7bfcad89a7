package dev.apex.anthropic;

import com.anthropic.models.messages.StopReason;
import com.anthropic.models.messages.StructuredContentBlock;
import com.anthropic.models.messages.StructuredMessage;
import com.anthropic.models.messages.Usage;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.apex.core.Json;
import dev.apex.llm.FailureReason;
import dev.apex.llm.LlmResult;
import dev.apex.llm.LlmUsage;
import java.io.IOException;
import java.util.stream.Collectors;

/**
 * Reads a structured reply: only {@code stop_reason: end_turn} counts, and its text must be JSON
 * with exactly the properties of the output type. The parse is ours, not the SDK's lazy one, so
 * "not JSON" ({@link FailureReason#INVALID_JSON}) and "JSON of the wrong shape" ({@link
 * FailureReason#SCHEMA_MISMATCH}: a property missing, null, unknown or mistyped) stay apart.
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
    if (text.isBlank()) {
      return LlmResult.failed(FailureReason.INVALID_JSON, "the reply has no text", usage);
    }
    JsonNode tree;
    try {
      // Parse first, map second: databind reports a cut-off string inside a record as a mapping
      // error, and the two failures must stay apart.
      tree =
          Json.mapper()
              .reader()
              .with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
              .readTree(text);
    } catch (JsonProcessingException e) {
      return LlmResult.failed(
          FailureReason.INVALID_JSON, "the reply is not JSON: " + brief(e), usage);
    }
    ObjectReader reader =
        Json.mapper()
            .readerFor(outputType)
            .with(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
            .with(DeserializationFeature.FAIL_ON_NULL_CREATOR_PROPERTIES);
    try {
      T value = reader.readValue(tree);
      return LlmResult.ok(value, usage, 0);
    } catch (IOException e) {
      return LlmResult.failed(
          FailureReason.SCHEMA_MISMATCH,
          "the reply does not match " + outputType.getSimpleName() + ": " + brief(e),
          usage);
    }
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

  private static String name(StopReason stop) {
    return stop == null ? "missing" : stop._value().asString().orElse("unknown");
  }

  private static LlmUsage usage(Usage usage) {
    return new LlmUsage(
        usage.inputTokens(),
        usage.outputTokens(),
        usage.cacheCreationInputTokens().orElse(0L),
        usage.cacheReadInputTokens().orElse(0L));
  }

  private static String brief(IOException e) {
    // The original message names the property and the problem without echoing the whole reply.
    String message =
        e instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage();
    return AnthropicFailures.oneLine(String.valueOf(message), 160);
  }
}
