package dev.apex.world;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.apex.core.Scene;
import dev.apex.llm.SemanticScene;
import java.util.Objects;

/**
 * One executed step as the world remembers it: what the screen was, what was done, whether it
 * worked (seed 000, D2).
 *
 * <p>The screen is the semantic scene when there was one, else the raw scene; never both. Neither
 * is written to JSON: the timeline form of an event is {@code {index, action, success, page |
 * signature}}, and an event read back from JSON has neither.
 *
 * @param index 1-based number of the step within the task run (the timeline's step number when the
 *     runtime observes every executed step)
 * @param action the step's tool name; empty when the model was given no step
 * @param success whether the step succeeded; false when the model was given no result
 * @param page the semantic scene's page, or null when there was none or it named no page
 * @param signature the {@link ScreenSignature} of the raw scene, or null when there was no scene
 * @param semanticScene the semantic scene of the step, or null
 * @param scene the raw scene of the step when there was no semantic scene, else null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WorldEvent(
    int index,
    String action,
    boolean success,
    String page,
    String signature,
    @JsonIgnore SemanticScene semanticScene,
    @JsonIgnore Scene scene) {

  public WorldEvent {
    if (index < 1) {
      throw new IllegalArgumentException("index must be >= 1, was " + index);
    }
    Objects.requireNonNull(action, "action");
    if (semanticScene != null && scene != null) {
      throw new IllegalArgumentException(
          "an event holds the semantic scene or the scene, not both: pass null for scene");
    }
  }

  /**
   * The event for one observation: keeps the semantic scene if there is one, else the scene, and
   * takes the page from the semantic scene.
   */
  static WorldEvent of(
      int index,
      String action,
      boolean success,
      SemanticScene semanticScene,
      Scene scene,
      String signature) {
    return semanticScene != null
        ? new WorldEvent(
            index,
            action,
            success,
            WorldModel.pageOf(semanticScene),
            signature,
            semanticScene,
            null)
        : new WorldEvent(index, action, success, null, signature, null, scene);
  }

  /** The page when the step had a semantic scene naming one, else the screen signature. */
  public String pageOrSignature() {
    return page != null ? page : signature;
  }
}
