package dev.apex.runtime;

import dev.apex.core.Scene;
import dev.apex.llm.SemanticScene;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What one observation gave.
 *
 * @param scene the perceived screen, never null
 * @param screenshot the PNG it was perceived from, or null when the device gave none
 * @param semanticScene the scene's labels when an observer enriched it (seed 004), else null
 * @param annotations JSON-able extras the observer wants recorded with the step (e.g. {@code
 *     llm_usage}, {@code semantic_unavailable}); empty when none
 */
public record Observation(
    Scene scene, byte[] screenshot, SemanticScene semanticScene, Map<String, Object> annotations) {

  public Observation {
    Objects.requireNonNull(scene, "scene");
    annotations =
        annotations == null || annotations.isEmpty()
            ? Map.of()
            : Collections.unmodifiableMap(new LinkedHashMap<>(annotations));
  }

  /** An observation without semantic labels. */
  public Observation(Scene scene, byte[] screenshot) {
    this(scene, screenshot, null, Map.of());
  }

  public static Observation of(Scene scene) {
    return new Observation(scene, null);
  }
}
