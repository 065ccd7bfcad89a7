package dev.apex.runtime.planner;

import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.device.Device;
import dev.apex.perception.OcrEngine;
import dev.apex.perception.Perceiver;
import java.util.function.Predicate;

/** The simulated phone seen through the real perception pipeline (tree only, no OCR). */
final class SimScenes {

  private static final Perceiver PERCEIVER = new Perceiver(OcrEngine.NONE);

  private SimScenes() {}

  static Scene capture(Device device) {
    return PERCEIVER.observe(device.capture());
  }

  /** The 1-based handle (position) of the first element matching {@code which}. */
  static String handle(Scene scene, Predicate<SceneElement> which) {
    for (int i = 0; i < scene.elements().size(); i++) {
      if (which.test(scene.elements().get(i))) {
        return Integer.toString(i + 1);
      }
    }
    throw new AssertionError("no element matches on " + scene);
  }

  static Predicate<SceneElement> resourceId(String suffix) {
    return e -> e.resourceId().endsWith(suffix);
  }

  static SceneElement element(Scene scene, Predicate<SceneElement> which) {
    return scene.elements().stream().filter(which).findFirst().orElseThrow();
  }
}
