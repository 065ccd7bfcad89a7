package dev.apex.openai;

import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.core.RequestOptions;
import com.openai.core.Timeout;
import com.openai.services.blocking.chat.ChatCompletionService;
import dev.apex.llm.ModelSdk;
import dev.apex.llm.SemanticConfig;
import java.time.Duration;
import java.util.Objects;

/**
 * The OpenAI SDK as the shared {@link dev.apex.llm.ModelTransport} uses it: Chat Completions
 * (streaming off), each attempt's timeouts, {@link OpenAiFailures}, and the one place the SDK's
 * HTTP client is built: its own retries off ({@link dev.apex.llm.BoundedRetry} retries within the
 * caller's budget), the base URL, key and timeout given explicitly (the SDK's reading of {@code
 * OPENAI_*} variables is never used: settings come from apex's config, environment and flags); the
 * transport has made the key a secret before it is built.
 */
final class OpenAiSdk {

  /**
   * The credential sent when none is configured: the SDK requires one, and local servers (Ollama,
   * llama.cpp, vLLM without {@code --api-key}) ignore it.
   */
  static final String PLACEHOLDER_KEY = "apex-no-key";

  private OpenAiSdk() {}

  /**
   * @param timeout the SDK client's default request timeout, or null for none (each attempt sets
   *     its own from the time left either way)
   */
  static ModelSdk<ChatCompletionService, RequestOptions> open(
      SemanticConfig config, Duration timeout) {
    OpenAIClient client = okHttp(config, timeout);
    return new ModelSdk<>(
        client.chat().completions(), OpenAiSdk::options, OpenAiFailures::of, client::close);
  }

  /** Every timeout the time left, the request's one the deadline of the call (as for Claude). */
  private static RequestOptions options(Duration left) {
    return RequestOptions.builder()
        .timeout(Timeout.builder().connect(left).read(left).write(left).request(left).build())
        .build();
  }

  private static OpenAIClient okHttp(SemanticConfig config, Duration timeout) {
    Objects.requireNonNull(config, "config");
    String key = config.hasApiKey() ? config.apiKey() : PLACEHOLDER_KEY;
    OpenAIOkHttpClient.Builder builder =
        OpenAIOkHttpClient.builder().apiKey(key).baseUrl(config.baseUrl()).maxRetries(0);
    if (timeout != null) {
      builder.timeout(timeout);
    }
    return builder.build();
  }
}
