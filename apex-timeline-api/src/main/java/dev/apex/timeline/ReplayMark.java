package dev.apex.timeline;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;

/**
 * What replaying a recorded flow said about one step: that the model planned it to heal a recorded
 * step whose target was gone ({@link Kind#HEALED}), or that a recorded step ran on a screen whose
 * signature differs from the one it was recorded on while its target still resolved ({@link
 * Kind#SCREEN_DRIFT}: counted, not healed). The timeline keeps it with the step and the console
 * shows it.
 *
 * @param kind what happened
 * @param flowStep the recorded step concerned, 1-based, as the flow file numbers its steps
 * @param note one line for a person: the recorded step and what was wrong with it (no secret)
 */
public record ReplayMark(Kind kind, @JsonProperty("flow_step") int flowStep, String note) {

  /** What replay marked. */
  public enum Kind {
    /** The model planned this step in place of a recorded step that no longer worked. */
    @JsonProperty("healed")
    HEALED,
    /** A recorded step that ran on a screen whose signature changed since it was recorded. */
    @JsonProperty("screen_drift")
    SCREEN_DRIFT
  }

  public ReplayMark {
    Objects.requireNonNull(kind, "kind");
    if (flowStep < 1) {
      throw new IllegalArgumentException("flowStep is 1-based, was " + flowStep);
    }
    note = note == null ? "" : note;
  }

  public static ReplayMark healed(int flowStep, String note) {
    return new ReplayMark(Kind.HEALED, flowStep, note);
  }

  public static ReplayMark screenDrift(int flowStep, String note) {
    return new ReplayMark(Kind.SCREEN_DRIFT, flowStep, note);
  }
}
