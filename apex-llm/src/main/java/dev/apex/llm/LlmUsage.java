package dev.apex.llm;

/**
 * Token counts of one LLM call, as the API reported them. {@code inputTokens} counts only what
 * follows the last cache breakpoint; a prefix read from or written to the cache is counted in
 * {@code cacheReadTokens} or {@code cacheCreationTokens}. All zero when no reply arrived.
 *
 * @param inputTokens uncached input tokens
 * @param outputTokens generated tokens
 * @param cacheCreationTokens input tokens written to the prompt cache
 * @param cacheReadTokens input tokens read from the prompt cache
 */
public record LlmUsage(
    long inputTokens, long outputTokens, long cacheCreationTokens, long cacheReadTokens) {

  public static final LlmUsage NONE = new LlmUsage(0, 0, 0, 0);

  public LlmUsage {
    if (inputTokens < 0 || outputTokens < 0 || cacheCreationTokens < 0 || cacheReadTokens < 0) {
      throw new IllegalArgumentException("token counts must be >= 0");
    }
  }

  /** Every input token, cached or not. */
  public long totalInputTokens() {
    return inputTokens + cacheCreationTokens + cacheReadTokens;
  }
}
