package dev.apex.llm;

import java.time.Duration;
import java.util.Objects;

/**
 * One single-turn structured request.
 *
 * @param model the model id, e.g. {@code claude-haiku-4-5}
 * @param system the static system prompt; it is marked as a prompt-cache breakpoint, so it must not
 *     vary between calls
 * @param user the per-call user message
 * @param maxTokens the most output tokens the reply may use
 * @param budget the wall time the whole call may take, retries and waits included
 */
public record LlmRequest(
    String model, String system, String user, long maxTokens, Duration budget) {

  public LlmRequest {
    requireText(model, "model");
    requireText(system, "system");
    requireText(user, "user");
    if (maxTokens < 1) {
      throw new IllegalArgumentException("maxTokens must be >= 1, was " + maxTokens);
    }
    Objects.requireNonNull(budget, "budget");
    if (budget.isNegative() || budget.isZero()) {
      throw new IllegalArgumentException("budget must be positive, was " + budget);
    }
  }

  private static void requireText(String value, String name) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(name + " must not be blank");
    }
  }
}
