package dev.apex.llm;

/**
 * The narrow LLM seam of this package: one single-turn call whose reply is JSON of a given shape.
 * Implementations speak to a real model ({@code dev.apex.anthropic.AnthropicLlmClient}); tests run
 * that one against a fake server speaking the wire protocol rather than replacing it.
 */
public interface LlmClient extends AutoCloseable {

  /**
   * Sends {@code request} and reads the reply as {@code outputType}, whose JSON schema is sent as
   * the reply's required format.
   *
   * <p>Never throws for a failure of the call: a timeout, an HTTP error, a refusal, a reply cut off
   * or not matching the schema each come back as {@link LlmResult#failure()}. Returns within {@link
   * LlmRequest#budget()} (plus connection teardown), retries included. Thread-safe.
   *
   * @param outputType a record (or static class) whose every property the reply must carry
   */
  <T> LlmResult<T> complete(LlmRequest request, Class<T> outputType);

  /** Releases connections and threads. */
  @Override
  void close();
}
