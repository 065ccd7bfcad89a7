package dev.apex.llm;

import dev.apex.core.Sleeper;
import java.time.Clock;

/**
 * A model provider: builds the two LLM ports on one provider's SDK. Each provider module (today
 * {@code apex-anthropic}) registers one with {@link java.util.ServiceLoader} in {@code
 * META-INF/services/dev.apex.llm.LlmProvider}; {@link LlmProviders} finds it by {@link #name()}.
 * Nothing outside a provider module sees an SDK type.
 */
public interface LlmProvider {

  /** The provider's name as settings give it, e.g. {@code anthropic}. */
  String name();

  /** The Maven module that holds it, named in the error when it is missing. */
  String module();

  /**
   * A client for single-turn structured replies (the semantic labels).
   *
   * @throws IllegalArgumentException when {@code config} lacks what the provider needs (a key)
   */
  LlmClient structured(SemanticConfig config, Clock clock, Sleeper sleeper);

  /**
   * A client for tool use (the planner).
   *
   * @throws IllegalArgumentException when {@code config} lacks what the provider needs (a key)
   */
  ToolUseClient toolUse(SemanticConfig config, Clock clock, Sleeper sleeper);
}
