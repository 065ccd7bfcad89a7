package dev.apex.llm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.apex.core.Json;
import dev.apex.core.Text;
import java.io.IOException;

/**
 * Reads a structured reply's text as an output type, the same way for every provider: parse first,
 * map second, so "not JSON" ({@link FailureReason#INVALID_JSON}) and "JSON of the wrong shape"
 * ({@link FailureReason#SCHEMA_MISMATCH}: a property missing, null, unknown or mistyped) stay
 * apart. Details name the problem and the property, never the whole reply.
 */
public final class StructuredJson {

  private StructuredJson() {}

  /**
   * @param text the reply's text (blank: {@link FailureReason#INVALID_JSON})
   * @param usage the reply's usage, kept on the result either way
   */
  public static <T> LlmResult<T> read(String text, Class<T> outputType, LlmUsage usage) {
    if (text == null || text.isBlank()) {
      return LlmResult.failed(FailureReason.INVALID_JSON, "the reply has no text", usage);
    }
    JsonNode tree;
    try {
      // Databind reports a cut-off string inside a record as a mapping error: parse on its own.
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

  private static String brief(IOException e) {
    // The original message names the property and the problem without echoing the whole reply.
    String message =
        e instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage();
    return Text.oneLine(String.valueOf(message), 160);
  }
}
