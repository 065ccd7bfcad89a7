package dev.apex.timeline;

import dev.apex.llm.LlmUsage;
import java.util.Objects;

/**
 * The model calls one party made for a step: their token counts and, when that party knew them, the
 * model, how many calls there were and their estimated cost. The observer's labelling call knows
 * only its tokens ({@link #of(LlmUsage)}); the planner knows all of it.
 *
 * @param model the model the calls went to, or null when not recorded
 * @param calls how many model calls (a call's transport retries are not counted apart), at least 0
 * @param tokens their token counts, summed
 * @param costUsd their estimated cost in US dollars (not a bill), or null when not recorded
 */
public record StepUsage(String model, int calls, LlmUsage tokens, Double costUsd) {

  public StepUsage {
    model = model == null || model.isBlank() ? null : model;
    if (calls < 0) {
      throw new IllegalArgumentException("calls must be >= 0, was " + calls);
    }
    Objects.requireNonNull(tokens, "tokens");
    if (costUsd != null && (costUsd.isNaN() || costUsd < 0)) {
      throw new IllegalArgumentException("costUsd must be >= 0, was " + costUsd);
    }
  }

  /** One call whose model and cost were not recorded, e.g. the observer's labelling call. */
  public static StepUsage of(LlmUsage tokens) {
    return new StepUsage(null, 1, tokens, null);
  }

  /** True when only the tokens are known: one call, no model, no cost. */
  public boolean tokensOnly() {
    return model == null && costUsd == null && calls == 1;
  }
}
