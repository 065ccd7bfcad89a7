package dev.apex.llm;

/**
 * The narrow seam for tool use: one turn in which the model picks one tool and its input. The
 * planner (in the runtime) sees only this interface and its records, never an SDK type. {@link
 * AnthropicToolUseClient} is the implementation; tests run it against a fake server speaking the
 * wire protocol rather than replacing it.
 */
public interface ToolUseClient extends AutoCloseable {

  /**
   * Sends {@code request} and returns the model's one tool call.
   *
   * <p>Never throws for a failure of the call: a timeout, a refused or reset connection, an HTTP
   * error (429, 5xx, 529, 4xx), a refusal, a reply cut off at {@code max_tokens}, a reply that
   * calls no tool, or a response that is not a message each come back as {@link
   * LlmResult#failure()} with a one-line detail, and the usage of any reply that did arrive.
   * Retriable failures (I/O, 408, 409, 429, 5xx) are retried within {@link
   * ToolUseRequest#budget()}; the rest are returned at once. Thread-safe.
   */
  LlmResult<ToolCall> next(ToolUseRequest request);

  /** Releases connections and threads. */
  @Override
  void close();
}
