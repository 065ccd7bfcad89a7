package dev.apex.semantic;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Per-call inputs of an enrichment besides the scene.
 *
 * @param goal the task's goal, shown to the model to rank intents; empty when none
 * @param formatter writes the scene for the model; default {@link SceneFormatter#lines()}
 * @param idResolver maps an {@code element_id} the model returned to a scene element id (empty when
 *     it names none); default {@link #EXACT_ID}. Whatever it returns is still checked against the
 *     scene, so a resolver cannot let an unknown id through.
 */
public record EnrichmentContext(
    String goal, SceneFormatter formatter, Function<String, Optional<String>> idResolver) {

  /** Returned ids are the scene's ids, as written by {@link SceneFormatter#lines()}. */
  public static final Function<String, Optional<String>> EXACT_ID = Optional::of;

  private static final EnrichmentContext DEFAULTS =
      new EnrichmentContext("", SceneFormatter.lines(), EXACT_ID);

  public EnrichmentContext {
    goal = goal == null ? "" : goal.strip();
    formatter = formatter == null ? SceneFormatter.lines() : formatter;
    idResolver = idResolver == null ? EXACT_ID : idResolver;
  }

  /** No goal, the line formatter, exact ids. */
  public static EnrichmentContext defaults() {
    return DEFAULTS;
  }

  public EnrichmentContext withGoal(String value) {
    return new EnrichmentContext(value, formatter, idResolver);
  }

  /** A formatter and the resolver that reads back the handles it writes. */
  public EnrichmentContext withEncoding(
      SceneFormatter newFormatter, Function<String, Optional<String>> newResolver) {
    return new EnrichmentContext(
        goal,
        Objects.requireNonNull(newFormatter, "newFormatter"),
        Objects.requireNonNull(newResolver, "newResolver"));
  }

  public EnrichmentContext withFormatter(SceneFormatter value) {
    return new EnrichmentContext(goal, Objects.requireNonNull(value, "value"), idResolver);
  }

  public EnrichmentContext withIdResolver(Function<String, Optional<String>> value) {
    return new EnrichmentContext(goal, formatter, Objects.requireNonNull(value, "value"));
  }
}
