package dev.apex.runtime;

import dev.apex.core.Scene;
import dev.apex.llm.LlmUsage;
import dev.apex.llm.SemanticScene;
import dev.apex.timeline.LabelCacheHit;
import java.util.Objects;

/**
 * What one observation gave.
 *
 * @param scene the perceived screen, never null
 * @param screenshot the PNG it was perceived from, or null when the device gave none
 * @param semanticScene the scene's labels when an observer enriched it (seed 004), else null
 * @param semanticUnavailable why labels were asked for and did not come (e.g. {@code overloaded},
 *     as {@link dev.apex.llm.FailureReason#code()} gives it), or null; blank reads as null
 * @param usage the token usage of the labelling call, or null when none was made ({@link
 *     LlmUsage#NONE} reads as null)
 * @param labelCache the label cache that served {@code semanticScene} with no call, and what that
 *     saved; null when the labels (if any) came from a call
 */
public record Observation(
    Scene scene,
    byte[] screenshot,
    SemanticScene semanticScene,
    String semanticUnavailable,
    LlmUsage usage,
    LabelCacheHit labelCache) {

  public Observation {
    Objects.requireNonNull(scene, "scene");
    semanticUnavailable =
        semanticUnavailable == null || semanticUnavailable.isBlank() ? null : semanticUnavailable;
    usage = LlmUsage.NONE.equals(usage) ? null : usage;
  }

  /** An observation labelled by a call (or not labelled), not from a label cache. */
  public Observation(
      Scene scene,
      byte[] screenshot,
      SemanticScene semanticScene,
      String semanticUnavailable,
      LlmUsage usage) {
    this(scene, screenshot, semanticScene, semanticUnavailable, usage, null);
  }

  /** An observation labelled by a call whose usage and failure are not recorded. */
  public Observation(Scene scene, byte[] screenshot, SemanticScene semanticScene) {
    this(scene, screenshot, semanticScene, null, null, null);
  }

  /** An observation without semantic labels. */
  public Observation(Scene scene, byte[] screenshot) {
    this(scene, screenshot, null, null, null, null);
  }

  public static Observation of(Scene scene) {
    return new Observation(scene, null);
  }
}
