package dev.apex.runtime.planner;

import dev.apex.anthropic.AnthropicToolUseClient;

/**
 * A test-only stand-in for what {@code ClaudeAgent} (now {@code ModelAgent}) did before the cut: a
 * planner in the runtime that names the Anthropic client instead of finding a {@code ToolUseClient}
 * through {@code LlmProviders}. {@code ArchitectureTest} checks that its runtime rules reject it;
 * it lives in the runtime's package so the rules apply to it, and in test code so the main scan
 * never sees it.
 */
public final class ClaudeAgentBeforeTheCut {

  private final AnthropicToolUseClient client;

  public ClaudeAgentBeforeTheCut(AnthropicToolUseClient client) {
    this.client = client;
  }

  AnthropicToolUseClient client() {
    return client;
  }
}
