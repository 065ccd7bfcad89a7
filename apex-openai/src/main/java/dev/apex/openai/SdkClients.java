package dev.apex.openai;

import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import dev.apex.core.Secrets;
import dev.apex.llm.SemanticConfig;
import java.time.Duration;
import java.util.Objects;

/**
 * The one place the SDK's HTTP client is built, for the {@link OpenAiTransport}: its own retries
 * off ({@link dev.apex.llm.BoundedRetry} retries within the caller's budget), the base URL, key and
 * timeout given explicitly (the SDK's reading of {@code OPENAI_*} variables is never used: settings
 * come from apex's config, environment and flags), and the key kept out of every message.
 */
final class SdkClients {

  /**
   * The credential sent when none is configured: the SDK requires one, and local servers (Ollama,
   * llama.cpp, vLLM without {@code --api-key}) ignore it.
   */
  static final String PLACEHOLDER_KEY = "apex-no-key";

  private SdkClients() {}

  /**
   * @param timeout the per-request timeout, or null to leave it to each request's options
   */
  static OpenAIClient okHttp(SemanticConfig config, Duration timeout) {
    Objects.requireNonNull(config, "config");
    String key = config.hasApiKey() ? config.apiKey() : PLACEHOLDER_KEY;
    // From here on the key may come back in any answer: make it a secret before the first call.
    if (config.hasApiKey()) {
      Secrets.register(config.apiKey());
    }
    Secrets.registerUserInfo(config.baseUrl());
    OpenAIOkHttpClient.Builder builder =
        OpenAIOkHttpClient.builder().apiKey(key).baseUrl(config.baseUrl()).maxRetries(0);
    if (timeout != null) {
      builder.timeout(timeout);
    }
    return builder.build();
  }
}
