package dev.apex.timeline;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.apex.llm.LlmUsage;
import java.util.Objects;

/**
 * A step whose screen was labelled from a label cache, with no model call: which cache served it
 * and what that saved (the one call it did not make, and the tokens the original labelling used).
 *
 * @param level the cache that served it
 * @param saved the tokens of the labelling call that made the labels served
 */
public record LabelCacheHit(
    @JsonProperty("level") Level level, @JsonProperty("saved") LlmUsage saved) {

  /** Which label cache served a screen. */
  public enum Level {
    /** Labelled earlier in the same task. */
    @JsonProperty("task")
    TASK,
    /** Labelled by an earlier task, kept in the timeline. */
    @JsonProperty("timeline")
    TIMELINE;

    /** The name settings and the timeline use, e.g. {@code task}. */
    public String code() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  public LabelCacheHit {
    Objects.requireNonNull(level, "level");
    Objects.requireNonNull(saved, "saved");
  }
}
