package dev.apex.runtime.planner;

import dev.apex.core.InvalidInputException;
import dev.apex.llm.SemanticConfig;

/**
 * Whether a model is configured to plan a goal, and the one line that tells a user how to configure
 * one. Every entry point that accepts a goal ({@code apex run --goal}, the console's Goal tab and
 * {@code POST /api/tasks}) asks here before anything runs, so a goal is never handed to a planner
 * that cannot plan it (the {@link dev.apex.runtime.StubPlanner} is for tests and embedding only).
 *
 * <p>When another provider lands, it is added here: {@link #configured} and {@link
 * #NONE_CONFIGURED} then name it, and every entry point follows.
 */
public final class PlannerModels {

  /** What to say when no model is configured: every way to configure one, and the alternative. */
  public static final String NONE_CONFIGURED =
      "no model is configured to plan a goal: set ANTHROPIC_API_KEY in apex's environment"
          + " (ANTHROPIC_BASE_URL too for a gateway), or use an OpenAI-compatible endpoint"
          + " (--provider openai --base-url URL --planner-model MODEL), or run a flow of steps"
          + " instead (apex run --flow FILE, or the console's Flow tab)";

  private PlannerModels() {}

  /**
   * Whether {@code connection} can reach a model that plans goals: Claude with a key, or an
   * OpenAI-compatible endpoint.
   */
  public static boolean configured(SemanticConfig connection) {
    return ModelAgent.available(connection);
  }

  /**
   * Refuses a goal when no model is configured.
   *
   * @throws InvalidInputException with {@link #NONE_CONFIGURED} when none is
   */
  public static void require(SemanticConfig connection) {
    if (!configured(connection)) {
      throw new InvalidInputException(NONE_CONFIGURED);
    }
  }
}
