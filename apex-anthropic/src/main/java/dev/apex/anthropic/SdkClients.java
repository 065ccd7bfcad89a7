package dev.apex.anthropic;

import com.anthropic.client.AnthropicClient;
import com.anthropic.client.okhttp.AnthropicOkHttpClient;
import dev.apex.core.Secrets;
import dev.apex.llm.SemanticConfig;
import java.time.Duration;
import java.util.Objects;

/**
 * The one place the SDK's HTTP client is built, for the {@link AnthropicTransport}: its own retries
 * off ({@link dev.apex.llm.BoundedRetry} retries within the caller's budget), and the key kept out
 * of every message.
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
    // From here on the key may come back in any answer: make it a secret before the first call.
    Secrets.register(config.apiKey());
    Secrets.registerUserInfo(config.baseUrl());
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
}
