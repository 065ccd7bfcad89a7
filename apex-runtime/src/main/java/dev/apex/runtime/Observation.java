package dev.apex.runtime;

import dev.apex.core.Scene;
import java.util.Objects;

/**
 * What one observation gave.
 *
 * @param scene the perceived screen, never null
 * @param screenshot the PNG it was perceived from, or null when the device gave none
 */
public record Observation(Scene scene, byte[] screenshot) {

  public Observation {
    Objects.requireNonNull(scene, "scene");
  }

  public static Observation of(Scene scene) {
    return new Observation(scene, null);
  }
}
