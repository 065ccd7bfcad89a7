package dev.apex.anthropic;

import dev.apex.core.Sleeper;
import dev.apex.llm.LlmClient;
import dev.apex.llm.LlmProvider;
import dev.apex.llm.SemanticConfig;
import dev.apex.llm.ToolUseClient;
import java.time.Clock;

/** Claude on the official Anthropic Java SDK, registered as the {@code anthropic} provider. */
public final class AnthropicProvider implements LlmProvider {

  @Override
  public String name() {
    return "anthropic";
  }

  @Override
  public String module() {
    return "apex-anthropic";
  }

  @Override
  public LlmClient structured(SemanticConfig config, Clock clock, Sleeper sleeper) {
    return AnthropicLlmClient.create(config, clock, sleeper);
  }

  @Override
  public ToolUseClient toolUse(SemanticConfig config, Clock clock, Sleeper sleeper) {
    return AnthropicToolUseClient.create(config, clock, sleeper);
  }
}
