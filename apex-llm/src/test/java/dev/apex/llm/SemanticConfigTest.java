package dev.apex.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SemanticConfigTest {

  @Test
  void defaultsAreOffWithHaikuTenSecondsAndTwoRetries() {
    SemanticConfig config = SemanticConfig.defaults();

    assertThat(config.enabled()).isFalse();
    assertThat(config.model()).isEqualTo("claude-haiku-4-5");
    assertThat(config.timeout()).isEqualTo(Duration.ofSeconds(10));
    assertThat(config.maxRetries()).isEqualTo(2);
    assertThat(config.hasApiKey()).isFalse();
    assertThat(config.baseUrl()).isEqualTo("https://api.anthropic.com");
  }

  @Test
  void readsKeyAndBaseUrlFromTheEnvironmentAndStaysOff() {
    SemanticConfig config =
        SemanticConfig.fromEnv(
            Map.of(
                "ANTHROPIC_API_KEY", " sk-ant-xyz ", "ANTHROPIC_BASE_URL", "http://127.0.0.1:9"));

    assertThat(config.apiKey()).isEqualTo("sk-ant-xyz");
    assertThat(config.baseUrl()).isEqualTo("http://127.0.0.1:9");
    assertThat(config.enabled()).isFalse();
    assertThat(config.withEnabled(true).withModel("claude-sonnet-4-6").model())
        .isEqualTo("claude-sonnet-4-6");
  }

  @Test
  void blankEnvironmentValuesCountAsUnset() {
    SemanticConfig config =
        SemanticConfig.fromEnv(Map.of("ANTHROPIC_API_KEY", "  ", "ANTHROPIC_BASE_URL", ""));

    assertThat(config.hasApiKey()).isFalse();
    assertThat(config.baseUrl()).isEqualTo(SemanticConfig.DEFAULT_BASE_URL);
  }

  @Test
  void toStringNeverShowsTheKey() {
    SemanticConfig config = SemanticConfig.defaults().withApiKey("sk-ant-secret-123");

    assertThat(config.toString()).doesNotContain("sk-ant-secret-123").contains("apiKey=***");
    assertThat(SemanticConfig.defaults().toString()).contains("apiKey=<none>");
  }

  @Test
  void rejectsSettingsThatCannotWork() {
    SemanticConfig config = SemanticConfig.defaults();

    assertThatThrownBy(() -> config.withModel(" ")).hasMessageContaining("model");
    assertThatThrownBy(() -> config.withTimeout(Duration.ofMillis(5)))
        .hasMessageContaining("timeout");
    assertThatThrownBy(() -> config.withMaxRetries(9)).hasMessageContaining("maxRetries");
    assertThatThrownBy(() -> config.withBaseUrl("api.anthropic.com"))
        .hasMessageContaining("baseUrl");
  }
}
