package dev.apex.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The provider in {@link SemanticConfig}, and the argument check an OpenAI-compatible reply gets.
 */
class ProviderConfigTest {

  @Test
  void anthropicIsTheDefaultAndAnOpenAiKeyAloneNeverSwitchesIt() {
    SemanticConfig config = SemanticConfig.fromEnv(Map.of("OPENAI_API_KEY", "sk-openai-1234567"));

    assertThat(config.provider()).isEqualTo("anthropic");
    assertThat(config.hasApiKey()).isFalse();
    assertThat(config.ready()).isFalse();
    assertThat(config.baseUrl()).isEqualTo(SemanticConfig.DEFAULT_BASE_URL);
  }

  @Test
  void theOpenAiProviderReadsItsOwnVariablesAndNeedsNoKey() {
    SemanticConfig config =
        SemanticConfig.fromEnv(
            Map.of(
                "APEX_LLM_PROVIDER", "OpenAI",
                "OPENAI_BASE_URL", "http://localhost:11434/v1",
                "ANTHROPIC_API_KEY", "sk-ant-not-this-one"));

    assertThat(config.provider()).isEqualTo("openai");
    assertThat(config.isOpenAi()).isTrue();
    assertThat(config.baseUrl()).isEqualTo("http://localhost:11434/v1");
    assertThat(config.hasApiKey()).isFalse();
    assertThat(config.ready()).isTrue();
    assertThat(config.toString()).contains("provider=openai").doesNotContain("sk-ant");
  }

  @Test
  void switchingProviderSwitchesADefaultBaseUrlOnly() {
    assertThat(SemanticConfig.defaults().withProvider("openai").baseUrl())
        .isEqualTo(SemanticConfig.DEFAULT_OPENAI_BASE_URL);
    assertThat(
            SemanticConfig.defaults()
                .withBaseUrl("http://127.0.0.1:9")
                .withProvider("openai")
                .baseUrl())
        .isEqualTo("http://127.0.0.1:9");
    assertThatThrownBy(() -> SemanticConfig.defaults().withProvider("gemini"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("anthropic or openai");
  }

  private static ToolDefinition tap() {
    return new ToolDefinition(
        "tap",
        "Tap.",
        Map.of(
            "type",
            "object",
            "properties",
            Map.of(
                "element", Map.of("type", "string"),
                "times", Map.of("type", "integer"),
                "direction", Map.of("type", "string", "enum", List.of("up", "down"))),
            "required",
            List.of("element"),
            "additionalProperties",
            false));
  }

  @Test
  void argumentsAreCheckedAgainstTheSchemaNamingOnlyItsProperties() {
    assertThat(ToolArguments.problem(tap(), Map.of("element", "3", "times", 2))).isEmpty();
    assertThat(ToolArguments.problem(tap(), Map.of("times", 2.5, "secret-typed-text", "x")))
        .hasValueSatisfying(
            problem ->
                assertThat(problem)
                    .startsWith(
                        "tap: 'element' is required; 'times' must be an integer; 1 property")
                    .contains("the tool does not have (it takes ")
                    .doesNotContain("secret-typed-text"));
    assertThat(ToolArguments.problem(tap(), Map.of("element", "3", "direction", "left")))
        .contains("tap: 'direction' must be one of [up, down]");
    assertThat(ToolArguments.parse("{\"element\":\"3\"}")).contains(Map.of("element", "3"));
    assertThat(ToolArguments.parse("{\"element\":")).isEmpty();
    assertThat(ToolArguments.parse("[1]")).isEmpty();
    assertThat(ToolArguments.parse("")).contains(Map.of());
  }

  @Test
  void theOpenAiProviderIsKnownAndItsModuleIsNamedWhenAbsent() {
    assertThat(LlmProviders.known("openai")).isTrue();
    assertThatThrownBy(() -> LlmProviders.require("openai"))
        .hasMessageContaining("add the apex-openai module");
  }
}
