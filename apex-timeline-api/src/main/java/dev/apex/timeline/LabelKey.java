package dev.apex.timeline;

import java.util.Objects;

/**
 * What a cached labelling of a screen is found by: the screen's content-free signature, the model
 * that labelled it and the version of the prompts it was labelled with. Labels made by another
 * model or with other prompts are never served (what is served of an entry for the live screen's
 * words is {@link CachedLabels}' to say). The task's goal is not part of the key: a screen is
 * labelled the same whatever the goal (the goal only ranks the intents), so a revisit in another
 * task may reuse it.
 *
 * @param signature the screen signature ({@code dev.apex.world.ScreenSignature}), 1 to {@value
 *     #MAX_LENGTH} characters
 * @param model the labelling model's id, 1 to {@value #MAX_LENGTH} characters
 * @param promptVersion the labelling prompts' version ({@code dev.apex.semantic.Enricher
 *     #promptVersion()}), 1 to {@value #MAX_LENGTH} characters
 */
public record LabelKey(String signature, String model, String promptVersion) {

  /** The longest each part may be: a key is an index entry, not a payload. */
  public static final int MAX_LENGTH = 200;

  public LabelKey {
    check("signature", signature);
    check("model", model);
    check("promptVersion", promptVersion);
  }

  private static void check(String name, String value) {
    Objects.requireNonNull(value, name);
    if (value.isBlank() || value.length() > MAX_LENGTH) {
      throw new IllegalArgumentException(
          name + " must be 1 to " + MAX_LENGTH + " characters, was " + value.length());
    }
  }
}
