package dev.apex.world;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.apex.core.Json;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the runtime believes about the device at one moment of a task run (seed 000): advisory,
 * read-only context for the planner, which should still check the current scene before skipping a
 * step on its say-so.
 *
 * <p>Immutable: the variables and the history cannot be modified, and a state taken from {@link
 * WorldModel#state()} does not change when the model observes more steps. Safe to share across
 * threads.
 *
 * <p>{@code Json.write(state)} (or {@link #toJson()}) gives the compact timeline form: app, page,
 * signature, variables in key order, and each event as {@code {index, action, success, page |
 * signature}}, never whole scenes. Absent values are left out.
 *
 * @param currentApp the bundle or package id of the app last launched, or null when unknown
 * @param currentPage the page the latest semantic scene named, or null when none has yet
 * @param screenSignature the {@link ScreenSignature} of the latest scene, or null when none has
 *     been observed
 * @param variables what the planner asked to remember, by key in key order; values are strings,
 *     booleans or numbers
 * @param history the most recent events, oldest first, at most {@link WorldConfig#historySize()}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WorldState(
    String currentApp,
    String currentPage,
    String screenSignature,
    Map<String, Object> variables,
    List<WorldEvent> history) {

  /** The state before the first step: nothing known. */
  public static final WorldState EMPTY = new WorldState(null, null, null, Map.of(), List.of());

  public WorldState {
    variables = Variables.immutableCopy(variables);
    history = history == null ? List.of() : List.copyOf(history);
  }

  /** The most recent event, if any step was observed. */
  public Optional<WorldEvent> lastEvent() {
    return history.isEmpty() ? Optional.empty() : Optional.of(history.get(history.size() - 1));
  }

  /** The compact timeline form, via {@link Json}. */
  public String toJson() {
    return Json.write(this);
  }
}
