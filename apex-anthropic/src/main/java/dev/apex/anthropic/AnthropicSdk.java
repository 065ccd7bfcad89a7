package dev.apex.anthropic;

import com.anthropic.client.AnthropicClient;
import com.anthropic.client.okhttp.AnthropicOkHttpClient;
import com.anthropic.core.RequestOptions;
import com.anthropic.core.Timeout;
import com.anthropic.services.blocking.MessageService;
import dev.apex.llm.ModelSdk;
import dev.apex.llm.SemanticConfig;
import java.time.Duration;
import java.util.Objects;

/**
 * The Anthropic SDK as the shared {@link dev.apex.llm.ModelTransport} uses it: the Messages API,
 * each attempt's timeouts, {@link AnthropicFailures}, and the one place the SDK's HTTP client is
 * built: its own retries off ({@link dev.apex.llm.BoundedRetry} retries within the caller's
 * budget); the transport has made the key a secret before it is built.
 */
final class AnthropicSdk {

  private AnthropicSdk() {}

  /**
   * @param timeout the SDK client's default request timeout, or null for none (each attempt sets
   *     its own from the time left either way)
   * @throws IllegalArgumentException when {@code config} has no API key
   */
  static ModelSdk<MessageService, RequestOptions> open(SemanticConfig config, Duration timeout) {
    AnthropicClient client = okHttp(config, timeout);
    return new ModelSdk<>(
        client.messages(), AnthropicSdk::options, AnthropicFailures::of, client::close);
  }

  /**
   * request is OkHttp's call timeout: the call's deadline, from connect to the reply's last byte,
   * which cancels the call. connect, read and write bound one step each: a server that trickles its
   * reply would pass them forever.
   */
  private static RequestOptions options(Duration left) {
    Timeout timeout = Timeout.builder().connect(left).read(left).write(left).request(left).build();
    return RequestOptions.builder().timeout(timeout).build();
  }

  private static AnthropicClient okHttp(SemanticConfig config, Duration timeout) {
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
}
