package dev.apex.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.apex.core.Sleeper;
import dev.apex.llm.LlmResult;
import dev.apex.llm.SemanticConfig;
import dev.apex.llm.ToolCall;
import dev.apex.llm.ToolUseRequest;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Calls a real OpenAI-compatible endpoint — only when {@code OPENAI_BASE_URL} is set (skipped,
 * saying so, otherwise), with {@code OPENAI_API_KEY} if set and the model in {@code
 * APEX_LIVE_OPENAI_MODEL} (default {@code qwen2.5:7b}, Ollama's name). Checks the contract, not the
 * model's judgement: one tool-use turn comes back as a call or a named failure, never a throw.
 */
class LiveOpenAiTest {

  @Test
  void oneToolUseTurnAgainstARealEndpoint() {
    String baseUrl = System.getenv("OPENAI_BASE_URL");
    assumeTrue(
        baseUrl != null && !baseUrl.isBlank(),
        "OPENAI_BASE_URL is not set; skipping the live OpenAI-compatible test");
    String model = System.getenv().getOrDefault("APEX_LIVE_OPENAI_MODEL", "qwen2.5:7b");
    SemanticConfig config =
        SemanticConfig.defaults()
            .withProvider("openai")
            .withBaseUrl(baseUrl)
            .withApiKey(System.getenv().getOrDefault("OPENAI_API_KEY", ""));
    try (OpenAiToolUseClient client =
        OpenAiToolUseClient.create(config, Clock.systemUTC(), Sleeper.SYSTEM)) {
      LlmResult<ToolCall> result =
          client.next(
              new ToolUseRequest(
                  model,
                  "You operate a phone. Always answer by calling a tool.",
                  List.of(OpenAiClientsTest.tap()),
                  "The screen shows element 3: a Wi-Fi switch. Turn Wi-Fi on.",
                  512,
                  Duration.ofSeconds(120),
                  null));

      assertThat(result.succeeded() || result.failure() != null).isTrue();
      if (result.succeeded()) {
        assertThat(result.value().name()).isEqualTo("tap");
        assertThat(result.value().input()).containsKey("element");
      }
      assertThat(result.detail()).doesNotContain("\n");
      Map<String, String> env = System.getenv();
      String key = env.getOrDefault("OPENAI_API_KEY", "");
      if (key.length() >= 8) {
        assertThat(result.detail()).doesNotContain(key);
      }
    }
  }
}
