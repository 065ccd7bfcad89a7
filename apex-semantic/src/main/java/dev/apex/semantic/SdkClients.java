package dev.apex.semantic;

import com.anthropic.client.AnthropicClient;
import com.anthropic.client.okhttp.AnthropicOkHttpClient;
import java.time.Duration;
import java.util.Objects;

/**
 * The one place the SDK's HTTP client is built, for both clients: its own retries off ({@link
 * BoundedRetry} retries within the caller's budget), and the key kept out of every message.
 */
final class SdkClients {

  private SdkClients() {}

  /**
   * @param timeout the per-request timeout, or null to leave it to each request's options
   * @throws IllegalArgumentException when {@code config} has no API key
   */
  static AnthropicClient okHttp(SemanticConfig config, Duration timeout) {
    Objects.requireNonNull(config, "config");
    if (!config.hasApiKey()) {
      throw new IllegalArgumentException("config has no API key; set ANTHROPIC_API_KEY");
    }
    AnthropicOkHttpClient.Builder builder =
        AnthropicOkHttpClient.builder()
            .apiKey(config.apiKey())
            .baseUrl(config.baseUrl())
            .maxRetries(0);
    if (timeout != null) {
      builder.timeout(timeout);
    }
    return builder.build();
  }

  /** {@code text} with every occurrence of the key replaced, so no detail can leak it. */
  static String redact(String text, String apiKey) {
    return apiKey == null || apiKey.isEmpty() || text == null
        ? text
        : text.replace(apiKey, "[redacted]");
  }
}
