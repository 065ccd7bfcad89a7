package dev.apex.llm;

import dev.apex.core.Text;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * Enrichment settings, and the connection to the model provider that the planner uses too. Off by
 * default (seed 004, migration plan): until a caller switches it on, nothing is sent and no client
 * is built.
 *
 * @param enabled whether to call the model at all
 * @param model the model id; default {@value #DEFAULT_MODEL}
 * @param timeout the wall time one enrichment may take, retries and waits included; default 10 s
 * @param maxRetries retries after a retriable failure, in [0, 5]; default 2
 * @param apiKey the provider's API key; empty when none (the {@code openai} provider then sends a
 *     placeholder: local servers take none). Never printed: {@link #toString()} masks it
 * @param baseUrl the API's base URL; default {@value #DEFAULT_BASE_URL} for {@code anthropic},
 *     {@value #DEFAULT_OPENAI_BASE_URL} for {@code openai}
 * @param provider the {@link LlmProvider} by name: {@code anthropic} (the default) or {@code
 *     openai} (any OpenAI-compatible endpoint)
 */
public record SemanticConfig(
    boolean enabled,
    String model,
    Duration timeout,
    int maxRetries,
    String apiKey,
    String baseUrl,
    String provider) {

  public static final String DEFAULT_MODEL = "claude-haiku-4-5";
  public static final String DEFAULT_BASE_URL = "https://api.anthropic.com";
  public static final String DEFAULT_OPENAI_BASE_URL = "https://api.openai.com/v1";
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);
  public static final int DEFAULT_MAX_RETRIES = 2;

  /** The most retries a configuration may ask for. */
  public static final int MAX_RETRIES_CAP = 5;

  public SemanticConfig {
    if (model == null || model.isBlank()) {
      throw new IllegalArgumentException("model must not be blank (e.g. " + DEFAULT_MODEL + ")");
    }
    Objects.requireNonNull(timeout, "timeout");
    if (timeout.compareTo(Duration.ofMillis(100)) < 0) {
      throw new IllegalArgumentException("timeout must be at least 100 ms, was " + timeout);
    }
    if (maxRetries < 0 || maxRetries > MAX_RETRIES_CAP) {
      throw new IllegalArgumentException(
          "maxRetries must be in [0, " + MAX_RETRIES_CAP + "], was " + maxRetries);
    }
    apiKey = apiKey == null ? "" : apiKey.strip();
    provider =
        provider == null || provider.isBlank()
            ? LlmProviders.DEFAULT
            : provider.strip().toLowerCase(java.util.Locale.ROOT);
    if (!LlmProviders.known(provider)) {
      throw new IllegalArgumentException(
          "provider must be anthropic or openai, got '" + Text.oneLine(provider, 40) + "'");
    }
    baseUrl = baseUrl == null || baseUrl.isBlank() ? defaultBaseUrl(provider) : baseUrl.strip();
    if (!baseUrl.startsWith("http://") && !baseUrl.startsWith("https://")) {
      throw new IllegalArgumentException("baseUrl must start with http:// or https://");
    }
  }

  /** Disabled, default model, 10 s, 2 retries, no key, Anthropic's public API. */
  public static SemanticConfig defaults() {
    return new SemanticConfig(
        false,
        DEFAULT_MODEL,
        DEFAULT_TIMEOUT,
        DEFAULT_MAX_RETRIES,
        "",
        DEFAULT_BASE_URL,
        LlmProviders.DEFAULT);
  }

  /** The base URL a provider's API has when none is set. */
  public static String defaultBaseUrl(String provider) {
    return LlmProviders.OPENAI.equals(provider) ? DEFAULT_OPENAI_BASE_URL : DEFAULT_BASE_URL;
  }

  /** {@link #defaults()} with the key and base URL of the process environment. */
  public static SemanticConfig fromEnv() {
    return fromEnv(System.getenv());
  }

  /**
   * {@link #defaults()} with the provider from {@code APEX_LLM_PROVIDER} (default {@code
   * anthropic}; an {@code OPENAI_API_KEY} alone never switches it), then that provider's key and
   * base URL: {@code ANTHROPIC_API_KEY} and {@code ANTHROPIC_BASE_URL}, or {@code OPENAI_API_KEY}
   * and {@code OPENAI_BASE_URL} (blank counts as unset). Still disabled: override with {@link
   * #withEnabled}, and the rest with the other {@code with…} methods, e.g. {@code
   * SemanticConfig.fromEnv(System.getenv()).withEnabled(true).withModel(m)}.
   */
  public static SemanticConfig fromEnv(Map<String, String> env) {
    Objects.requireNonNull(env, "env");
    SemanticConfig config = defaults().withProvider(env.get(PROVIDER_ENV));
    boolean openai = config.isOpenAi();
    return config
        .withApiKey(env.getOrDefault(openai ? "OPENAI_API_KEY" : "ANTHROPIC_API_KEY", ""))
        .withBaseUrl(env.get(openai ? "OPENAI_BASE_URL" : "ANTHROPIC_BASE_URL"));
  }

  /** The variable naming the provider. */
  public static final String PROVIDER_ENV = "APEX_LLM_PROVIDER";

  public boolean hasApiKey() {
    return !apiKey.isEmpty();
  }

  /** Whether this is the {@code openai} (OpenAI-compatible) provider. */
  public boolean isOpenAi() {
    return LlmProviders.OPENAI.equals(provider);
  }

  /**
   * Whether a client can be built to call the model: Anthropic needs a key; an OpenAI-compatible
   * endpoint does not (a local server takes none, and a placeholder is sent).
   */
  public boolean ready() {
    return isOpenAi() || hasApiKey();
  }

  public SemanticConfig withEnabled(boolean value) {
    return new SemanticConfig(value, model, timeout, maxRetries, apiKey, baseUrl, provider);
  }

  public SemanticConfig withModel(String value) {
    return new SemanticConfig(enabled, value, timeout, maxRetries, apiKey, baseUrl, provider);
  }

  public SemanticConfig withTimeout(Duration value) {
    return new SemanticConfig(enabled, model, value, maxRetries, apiKey, baseUrl, provider);
  }

  public SemanticConfig withMaxRetries(int value) {
    return new SemanticConfig(enabled, model, timeout, value, apiKey, baseUrl, provider);
  }

  public SemanticConfig withApiKey(String value) {
    return new SemanticConfig(enabled, model, timeout, maxRetries, value, baseUrl, provider);
  }

  public SemanticConfig withBaseUrl(String value) {
    return new SemanticConfig(enabled, model, timeout, maxRetries, apiKey, value, provider);
  }

  /**
   * This config on another provider ({@code null} or blank: {@code anthropic}); a base URL that was
   * the old provider's default becomes the new one's.
   *
   * @throws IllegalArgumentException for an unknown provider name
   */
  public SemanticConfig withProvider(String value) {
    String url = baseUrl.equals(defaultBaseUrl(provider)) ? null : baseUrl;
    return new SemanticConfig(enabled, model, timeout, maxRetries, apiKey, url, value);
  }

  /** Every setting, the key masked ({@code apiKey=***} or {@code apiKey=<none>}). */
  @Override
  public String toString() {
    return "SemanticConfig[enabled="
        + enabled
        + ", model="
        + model
        + ", timeout="
        + timeout
        + ", maxRetries="
        + maxRetries
        + ", apiKey="
        + (apiKey.isEmpty() ? "<none>" : "***")
        + ", baseUrl="
        + baseUrl
        + ", provider="
        + provider
        + "]";
  }
}
