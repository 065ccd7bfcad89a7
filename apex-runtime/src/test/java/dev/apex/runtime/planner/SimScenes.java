package dev.apex.runtime.planner;

import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.device.Device;
import dev.apex.device.sim.SimDevice;
import dev.apex.perception.Handles;
import dev.apex.perception.OcrEngine;
import dev.apex.perception.Perceiver;
import dev.apex.testkit.FakeClock;
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

  /**
   * The handle a task gives the first element matching {@code which} on the last of {@code seen},
   * the screens its prompts showed in turn: each screen's new elements are numbered on from the
   * last.
   */
  static String taskHandle(Predicate<SceneElement> which, Scene... seen) {
    Handles handles = new Handles();
    for (Scene scene : seen) {
      handles.name(scene);
    }
    return handles.name(element(seen[seen.length - 1], which));
  }

  /** The sim's first screen, as a task's first observation sees it. */
  static Scene home() {
    try (SimDevice sim = SimDevice.create(new FakeClock())) {
      return capture(sim);
    }
  }

  static Predicate<SceneElement> resourceId(String suffix) {
    return e -> e.resourceId().endsWith(suffix);
  }

  static SceneElement element(Scene scene, Predicate<SceneElement> which) {
    return scene.elements().stream().filter(which).findFirst().orElseThrow();
  }
}
