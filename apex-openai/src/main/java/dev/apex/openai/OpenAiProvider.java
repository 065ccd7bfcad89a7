package dev.apex.openai;

import dev.apex.llm.LlmProviders;
import dev.apex.llm.SdkProvider;

/**
 * Any OpenAI-compatible endpoint on the official OpenAI Java SDK, registered as the {@code openai}
 * provider.
 */
public final class OpenAiProvider extends SdkProvider {

  public OpenAiProvider() {
    super(LlmProviders.OPENAI, "apex-openai", OpenAiLlmClient::create, OpenAiToolUseClient::create);
  }
}
