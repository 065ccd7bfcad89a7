package dev.apex.llm;

import dev.apex.core.Text;

/**
 * The failures a provider reads off a reply that arrived, worded the same for every provider: a
 * turn that called no tool, a response that is not what the API promised. Text from the reply is
 * one line, redacted before it is shortened ({@link Text#oneLine}), so a key echoed by a gateway is
 * cut only once gone.
 */
public final class ReplyFailures {

  /** How much of the model's text a {@link FailureReason#NO_TOOL_CALL} detail quotes. */
  static final int TEXT_IN_DETAIL = 80;

  /** How much of an SDK's message an {@link FailureReason#INVALID_RESPONSE} detail quotes. */
  static final int MESSAGE_IN_DETAIL = 120;

  private ReplyFailures() {}

  /** {@link FailureReason#NO_TOOL_CALL}, quoting the start of what the model said instead. */
  public static <T> LlmResult<T> noToolCall(String text, LlmUsage usage) {
    return LlmResult.failed(
        FailureReason.NO_TOOL_CALL,
        text == null || text.isBlank()
            ? "the reply called no tool and said nothing"
            : "the reply called no tool; it said: " + Text.oneLine(text, TEXT_IN_DETAIL),
        usage);
  }

  /**
   * {@link FailureReason#INVALID_RESPONSE}: the reply could not be read as {@code expected} (e.g.
   * {@code a message}).
   */
  public static <T> LlmResult<T> unreadable(String expected, Throwable error, LlmUsage usage) {
    return LlmResult.failed(
        FailureReason.INVALID_RESPONSE,
        "the response is not "
            + expected
            + ": "
            + Text.oneLine(error.getMessage(), MESSAGE_IN_DETAIL),
        usage);
  }
}
