package dev.apex.llm;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * Enrichment settings. Off by default (seed 004, migration plan): until a caller switches it on,
 * nothing is sent and no client is built.
 *
 * @param enabled whether to call the model at all
 * @param model the model id; default {@value #DEFAULT_MODEL}
 * @param timeout the wall time one enrichment may take, retries and waits included; default 10 s
 * @param maxRetries retries after a retriable failure, in [0, 5]; default 2
 * @param apiKey the Anthropic API key; empty when none. Never printed: {@link #toString()} masks it
 * @param baseUrl the API's base URL; default {@value #DEFAULT_BASE_URL}
 */
public record SemanticConfig(
    boolean enabled,
    String model,
    Duration timeout,
    int maxRetries,
    String apiKey,
    String baseUrl) {

  public static final String DEFAULT_MODEL = "claude-haiku-4-5";
  public static final String DEFAULT_BASE_URL = "https://api.anthropic.com";
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
    baseUrl = baseUrl == null || baseUrl.isBlank() ? DEFAULT_BASE_URL : baseUrl.strip();
    if (!baseUrl.startsWith("http://") && !baseUrl.startsWith("https://")) {
      throw new IllegalArgumentException("baseUrl must start with http:// or https://");
    }
  }

  /** Disabled, default model, 10 s, 2 retries, no key, the public API. */
  public static SemanticConfig defaults() {
    return new SemanticConfig(
        false, DEFAULT_MODEL, DEFAULT_TIMEOUT, DEFAULT_MAX_RETRIES, "", DEFAULT_BASE_URL);
  }

  /** {@link #defaults()} with the key and base URL of the process environment. */
  public static SemanticConfig fromEnv() {
    return fromEnv(System.getenv());
  }

  /**
   * {@link #defaults()} with {@code ANTHROPIC_API_KEY} and {@code ANTHROPIC_BASE_URL} read from
   * {@code env} (blank counts as unset). Still disabled: override with {@link #withEnabled}, and
   * the rest with the other {@code with…} methods, e.g. {@code
   * SemanticConfig.fromEnv(System.getenv()).withEnabled(true).withModel(m)}.
   */
  public static SemanticConfig fromEnv(Map<String, String> env) {
    Objects.requireNonNull(env, "env");
    return defaults()
        .withApiKey(env.getOrDefault("ANTHROPIC_API_KEY", ""))
        .withBaseUrl(env.getOrDefault("ANTHROPIC_BASE_URL", DEFAULT_BASE_URL));
  }

  public boolean hasApiKey() {
    return !apiKey.isEmpty();
  }

  public SemanticConfig withEnabled(boolean value) {
    return new SemanticConfig(value, model, timeout, maxRetries, apiKey, baseUrl);
  }

  public SemanticConfig withModel(String value) {
    return new SemanticConfig(enabled, value, timeout, maxRetries, apiKey, baseUrl);
  }

  public SemanticConfig withTimeout(Duration value) {
    return new SemanticConfig(enabled, model, value, maxRetries, apiKey, baseUrl);
  }

  public SemanticConfig withMaxRetries(int value) {
    return new SemanticConfig(enabled, model, timeout, value, apiKey, baseUrl);
  }

  public SemanticConfig withApiKey(String value) {
    return new SemanticConfig(enabled, model, timeout, maxRetries, value, baseUrl);
  }

  public SemanticConfig withBaseUrl(String value) {
    return new SemanticConfig(enabled, model, timeout, maxRetries, apiKey, value);
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
        + "]";
  }
}
