package dev.apex.runtime;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.apex.llm.LlmUsage;
import dev.apex.runtime.planner.Budget;
import dev.apex.runtime.planner.ModelPlanner;
import dev.apex.runtime.planner.ModelPricing;
import dev.apex.runtime.planner.Pricing;
import java.util.Locale;
import java.util.Objects;

/**
 * Token counts and the estimated cost of some model calls: one plan (the {@code llm_usage}
 * annotation of a step) or a whole task ({@link ModelPlanner#totals()}). Immutable. Its JSON form
 * is the annotation: {@code {"model", "calls", "input_tokens", "output_tokens",
 * "cache_creation_tokens", "cache_read_tokens", "cost_usd"}}.
 *
 * @param model the model the calls went to
 * @param calls model calls made (a call's transport retries are not counted apart)
 * @param inputTokens uncached input tokens
 * @param outputTokens output tokens, thinking included
 * @param cacheCreationTokens input tokens written to the prompt cache
 * @param cacheReadTokens input tokens read from the prompt cache
 * @param costUsd the estimated cost in US dollars ({@link Pricing}); not a bill
 */
public record LlmTotals(
    @JsonProperty("model") String model,
    @JsonProperty("calls") int calls,
    @JsonProperty("input_tokens") long inputTokens,
    @JsonProperty("output_tokens") long outputTokens,
    @JsonProperty("cache_creation_tokens") long cacheCreationTokens,
    @JsonProperty("cache_read_tokens") long cacheReadTokens,
    @JsonProperty("cost_usd") double costUsd) {

  public LlmTotals {
    Objects.requireNonNull(model, "model");
  }

  /** Nothing spent yet. */
  public static LlmTotals none(String model) {
    return new LlmTotals(model, 0, 0, 0, 0, 0, 0);
  }

  /** These totals with one more call's usage and cost. */
  public LlmTotals plus(LlmUsage usage, double cost) {
    return new LlmTotals(
        model,
        calls + 1,
        inputTokens + usage.inputTokens(),
        outputTokens + usage.outputTokens(),
        cacheCreationTokens + usage.cacheCreationTokens(),
        cacheReadTokens + usage.cacheReadTokens(),
        costUsd + cost);
  }

  /**
   * Every token counted against {@link Budget#maxTokens()}: all input, cached or not, and output.
   */
  @JsonIgnore
  public long totalTokens() {
    return inputTokens + cacheCreationTokens + cacheReadTokens + outputTokens;
  }

  /**
   * One line for a person, e.g. {@code 4 calls to claude-sonnet-5-5: 9,210 tokens in (7,360 from
   * cache, 1,840 written to it), 412 out, ~$0.0141}; {@code cost unknown} in place of the dollars
   * when a call's model has no price ({@link ModelPricing#unknown}: a local or OpenAI-compatible
   * model), never $0.
   */
  public String summary() {
    return String.format(
        Locale.ROOT,
        "%d call%s to %s: %,d tokens in (%,d from cache, %,d written to it), %,d out, %s",
        calls,
        calls == 1 ? "" : "s",
        model,
        inputTokens + cacheCreationTokens + cacheReadTokens,
        cacheReadTokens,
        cacheCreationTokens,
        outputTokens,
        cost());
  }

  /** Whether every call counted had a known price. */
  @JsonIgnore
  public boolean costKnown() {
    return !Double.isNaN(costUsd);
  }

  /** {@code ~$0.0141}, or {@code cost unknown}. */
  @JsonIgnore
  public String cost() {
    return costKnown() ? String.format(Locale.ROOT, "~$%.4f", costUsd) : "cost unknown";
  }
}
