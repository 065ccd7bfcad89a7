package dev.apex.runtime.planner;

import dev.apex.llm.LlmUsage;
import java.util.Objects;

/**
 * What a model costs, in US dollars per million tokens, and the shortest prompt prefix it caches.
 * Estimates for budgets and reports, not a bill.
 *
 * @param model the model id, e.g. {@code claude-sonnet-5-5}
 * @param inputPerMTok uncached input
 * @param outputPerMTok output (thinking included)
 * @param cacheWritePerMTok input written to the prompt cache (5-minute lifetime)
 * @param cacheReadPerMTok input read from the prompt cache
 * @param minCacheableTokens the shortest prefix the model caches; a shorter one is silently not
 *     cached
 */
public record ModelPricing(
    String model,
    double inputPerMTok,
    double outputPerMTok,
    double cacheWritePerMTok,
    double cacheReadPerMTok,
    int minCacheableTokens) {

  public ModelPricing {
    Objects.requireNonNull(model, "model");
    if (inputPerMTok < 0 || outputPerMTok < 0 || cacheWritePerMTok < 0 || cacheReadPerMTok < 0) {
      throw new IllegalArgumentException("prices must be >= 0 for " + model);
    }
  }

  /**
   * A model with no price on file: every cost is {@link Double#NaN}, which totals keep and print as
   * "cost unknown" (never $0), and which no dollar budget counts against.
   */
  public static ModelPricing unknown(String model) {
    return new ModelPricing(model, Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0);
  }

  /** Whether this model's prices are known. */
  public boolean known() {
    return !Double.isNaN(inputPerMTok);
  }

  /** The estimated cost of one call's usage, in US dollars; NaN when the price is unknown. */
  public double costUsd(LlmUsage usage) {
    Objects.requireNonNull(usage, "usage");
    return (usage.inputTokens() * inputPerMTok
            + usage.outputTokens() * outputPerMTok
            + usage.cacheCreationTokens() * cacheWritePerMTok
            + usage.cacheReadTokens() * cacheReadPerMTok)
        / 1_000_000.0;
  }
}
