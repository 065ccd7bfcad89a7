package dev.apex.llm;

import java.util.Objects;

/**
 * One model call as a {@link ModelCallListener} hears of it: who is called and how big the request
 * is, in counts only (never the prompt's text, which holds screen text). Immutable.
 *
 * @param provider the provider's name, {@code anthropic} or {@code openai}
 * @param serverAddress the host of the provider's base URL (never its user info), or empty
 * @param serverPort the port of the base URL, or -1 when it names none and has no known scheme
 * @param model the model asked, e.g. {@code claude-sonnet-5-5}
 * @param maxTokens the most output tokens the reply may use
 * @param promptChars the characters of the system prompt and the user message together
 * @param tools the tools offered; 0 for a structured (labelling) call
 */
public record ModelCall(
    String provider,
    String serverAddress,
    int serverPort,
    String model,
    long maxTokens,
    long promptChars,
    int tools) {

  public ModelCall {
    Objects.requireNonNull(provider, "provider");
    serverAddress = serverAddress == null ? "" : serverAddress;
    Objects.requireNonNull(model, "model");
  }

  /** What a call asks, before the transport adds where it goes. */
  public record Shape(String model, long maxTokens, long promptChars, int tools) {

    /** A structured call for {@code request}. */
    public static Shape of(LlmRequest request) {
      return new Shape(
          request.model(),
          request.maxTokens(),
          (long) request.system().length() + request.user().length(),
          0);
    }

    /** A tool-use turn for {@code request}. */
    public static Shape of(ToolUseRequest request) {
      return new Shape(
          request.model(),
          request.maxTokens(),
          (long) request.system().length() + request.user().length(),
          request.tools().size());
    }
  }
}
