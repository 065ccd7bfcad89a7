package dev.apex.world;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.apex.core.InvalidInputException;

/**
 * How the World Runtime is set up for a task run (seed 000, D4 and D5).
 *
 * <p>Unlike semantic enrichment, tracking is on by default: {@link WorldModel#observe} makes no
 * network call and costs a few field updates per step, so there is nothing to protect a
 * cost-sensitive environment from. The runtime skips building a {@link WorldModel} when it is off;
 * a model built with a disabled config ignores every observation.
 *
 * @param enabled whether the runtime keeps a world state for the task; default {@code true}
 * @param historySize how many recent events {@link WorldState#history()} holds, oldest dropped
 *     first; default {@value #DEFAULT_HISTORY_SIZE}; must be positive
 */
public record WorldConfig(boolean enabled, int historySize) {

  public static final int DEFAULT_HISTORY_SIZE = 10;

  public WorldConfig {
    if (historySize <= 0) {
      throw new InvalidInputException(
          "historySize must be > 0, was "
              + historySize
              + ": set it to how many recent steps the planner should see, e.g. "
              + DEFAULT_HISTORY_SIZE);
    }
  }

  /** Enabled, with a history of {@value #DEFAULT_HISTORY_SIZE} events. */
  public static WorldConfig defaults() {
    return new WorldConfig(true, DEFAULT_HISTORY_SIZE);
  }

  /** The explicit off switch of D5. */
  public static WorldConfig disabled() {
    return new WorldConfig(false, DEFAULT_HISTORY_SIZE);
  }

  public WorldConfig withHistorySize(int size) {
    return new WorldConfig(enabled, size);
  }

  /** Lets a config file name only the fields it changes; the rest keep their defaults. */
  @JsonCreator
  static WorldConfig fromJson(
      @JsonProperty("enabled") Boolean enabled, @JsonProperty("historySize") Integer historySize) {
    return new WorldConfig(
        enabled == null || enabled, historySize == null ? DEFAULT_HISTORY_SIZE : historySize);
  }
}
