package dev.apex.runtime.planner;

import dev.apex.llm.SemanticConfig;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The one price table: per-model US dollars per million tokens. Source: Anthropic pricing page as
 * of 2026 (platform.claude.com/docs/en/about-claude/pricing, "Model pricing"; 5-minute cache
 * writes). Costs computed from it are estimates, not what Anthropic bills. Minimum cacheable
 * prefixes from the prompt-caching documentation; where it gives none for a model, 4,096 (the
 * largest any model asks for) is assumed, so a warning errs on the side of "may not cache".
 *
 * <p>A model id with a date suffix ({@code claude-haiku-4-5-20251001}) is priced as its alias. An
 * unknown model is priced at the most expensive row ({@link #orMostExpensive}), so a budget in
 * dollars stays a ceiling.
 */
public final class Pricing {

  private static final int UNKNOWN_MIN_CACHEABLE = 4096;

  private static final List<ModelPricing> TABLE =
      List.of(
          new ModelPricing("claude-fable-5-1", 10.00, 50.00, 12.50, 0.25, UNKNOWN_MIN_CACHEABLE),
          new ModelPricing("claude-fable-5", 10.00, 50.00, 12.50, 1.00, UNKNOWN_MIN_CACHEABLE),
          new ModelPricing("claude-opus-5-5", 4.00, 20.00, 5.00, 0.20, UNKNOWN_MIN_CACHEABLE),
          new ModelPricing("claude-opus-5", 5.00, 25.00, 6.25, 0.50, UNKNOWN_MIN_CACHEABLE),
          new ModelPricing("claude-opus-4-8", 5.00, 25.00, 6.25, 0.50, UNKNOWN_MIN_CACHEABLE),
          new ModelPricing("claude-opus-4-7", 5.00, 25.00, 6.25, 0.50, UNKNOWN_MIN_CACHEABLE),
          new ModelPricing("claude-opus-4-6", 5.00, 25.00, 6.25, 0.50, 4096),
          new ModelPricing("claude-opus-4-5", 5.00, 25.00, 6.25, 0.50, 4096),
          new ModelPricing("claude-sonnet-5-5", 2.00, 10.00, 2.50, 0.10, 1024),
          new ModelPricing("claude-sonnet-5", 2.00, 10.00, 2.50, 0.20, 1024),
          new ModelPricing("claude-sonnet-4-6", 3.00, 15.00, 3.75, 0.30, 2048),
          new ModelPricing("claude-sonnet-4-5", 3.00, 15.00, 3.75, 0.30, 1024),
          new ModelPricing("claude-haiku-5-5", 0.10, 0.50, 0.125, 0.01, UNKNOWN_MIN_CACHEABLE),
          new ModelPricing("claude-haiku-4-5", 1.00, 5.00, 1.25, 0.10, 4096));

  private static final ModelPricing MOST_EXPENSIVE =
      TABLE.stream().max(Comparator.comparingDouble(ModelPricing::outputPerMTok)).orElseThrow();

  private Pricing() {}

  /** Every row, most capable families first. */
  public static List<ModelPricing> table() {
    return TABLE;
  }

  /** The row for {@code model} or its alias (the id without a {@code -YYYYMMDD} suffix). */
  public static Optional<ModelPricing> of(String model) {
    Objects.requireNonNull(model, "model");
    String alias = model.strip().replaceFirst("-\\d{8}$", "");
    return TABLE.stream().filter(p -> p.model().equals(alias)).findFirst();
  }

  /**
   * How calls to {@code model} over {@code connection} are priced: Anthropic's by {@link
   * #orMostExpensive}; an OpenAI-compatible provider's (a local model, a gateway) at an unknown
   * price ({@link ModelPricing#unknown}), so totals say "cost unknown" rather than $0 or a guess.
   */
  public static ModelPricing forConnection(SemanticConfig connection, String model) {
    Objects.requireNonNull(connection, "connection");
    return connection.isOpenAi() ? ModelPricing.unknown(model) : orMostExpensive(model);
  }

  /**
   * The row for {@code model}; for a model not in the table, the most expensive row's prices under
   * {@code model}'s name, with an unknown minimum cacheable prefix.
   */
  public static ModelPricing orMostExpensive(String model) {
    return of(model)
        .orElseGet(
            () ->
                new ModelPricing(
                    model,
                    MOST_EXPENSIVE.inputPerMTok(),
                    MOST_EXPENSIVE.outputPerMTok(),
                    MOST_EXPENSIVE.cacheWritePerMTok(),
                    MOST_EXPENSIVE.cacheReadPerMTok(),
                    UNKNOWN_MIN_CACHEABLE));
  }
}
