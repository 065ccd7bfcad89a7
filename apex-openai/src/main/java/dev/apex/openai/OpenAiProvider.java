package dev.apex.openai;

import dev.apex.core.Sleeper;
import dev.apex.llm.LlmClient;
import dev.apex.llm.LlmProvider;
import dev.apex.llm.LlmProviders;
import dev.apex.llm.SemanticConfig;
import dev.apex.llm.ToolUseClient;
import java.time.Clock;

/**
 * Any OpenAI-compatible endpoint on the official OpenAI Java SDK, registered as the {@code openai}
 * provider.
 */
public final class OpenAiProvider implements LlmProvider {

  @Override
  public String name() {
    return LlmProviders.OPENAI;
  }

  @Override
  public String module() {
    return "apex-openai";
  }

  @Override
  public LlmClient structured(SemanticConfig config, Clock clock, Sleeper sleeper) {
    return OpenAiLlmClient.create(config, clock, sleeper);
  }

  @Override
  public ToolUseClient toolUse(SemanticConfig config, Clock clock, Sleeper sleeper) {
    return OpenAiToolUseClient.create(config, clock, sleeper);
  }
}
