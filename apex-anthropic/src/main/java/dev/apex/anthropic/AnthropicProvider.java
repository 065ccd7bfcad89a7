package dev.apex.anthropic;

import dev.apex.llm.SdkProvider;

/** Claude on the official Anthropic Java SDK, registered as the {@code anthropic} provider. */
public final class AnthropicProvider extends SdkProvider {

  public AnthropicProvider() {
    super(
        "anthropic", "apex-anthropic", AnthropicLlmClient::create, AnthropicToolUseClient::create);
  }
}
