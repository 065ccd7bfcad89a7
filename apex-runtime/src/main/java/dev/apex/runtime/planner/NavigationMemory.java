package dev.apex.runtime.planner;

import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.tools.ElementLocator;
import dev.apex.tools.ElementQuery;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Where navigation steps led, learned as the task runs, so a step that would lead where the task
 * already is can be skipped (seed 000's "do not navigate again").
 *
 * <p>A navigation is a step that launched an app ({@code launch_app}, keyed by the app) or tapped
 * an element ({@code tap}, keyed by the element's id, resolved on the scene it was planned on),
 * that succeeded, and after which the screen signature changed. It is remembered with the signature
 * and the semantic page (when there was one) of the screen it led to. A later step with the same
 * key is redundant when the current screen has that signature, or that page. Taps at a point, keys,
 * swipes and the rest are never judged redundant. Not thread-safe: one per task.
 */
final class NavigationMemory {

  /** Where a navigation led. */
  record Destination(String signature, String page, int step) {}

  private final Map<String, Destination> destinations = new HashMap<>();

  /** The key of a navigation step planned on {@code scene}, or null for any other step. */
  static String key(PlannedStep step, Scene scene) {
    switch (step.action()) {
      case "launch_app" -> {
        String app =
            step.stringArg("app_id") != null
                ? step.stringArg("app_id")
                : step.stringArg("bundle_id");
        return app == null ? null : "launch_app " + app.strip();
      }
      case "tap" -> {
        if (step.args().get("x") != null) {
          return null;
        }
        String ref = step.stringArg("element");
        String text = step.stringArg("text");
        Optional<SceneElement> target =
            ref == null && text == null
                ? Optional.empty()
                : ElementLocator.find(scene, new ElementQuery(ref, text, Map.of()));
        return target.map(e -> "tap " + e.id()).orElse(null);
      }
      default -> {
        return null;
      }
    }
  }

  /** Remembers where a successful step led, if it was a navigation that changed the screen. */
  void learn(String key, String fromSignature, String toSignature, String toPage, int step) {
    if (key != null && toSignature != null && !toSignature.equals(fromSignature)) {
      destinations.put(key, new Destination(toSignature, toPage, step));
    }
  }

  /** Where the step with this key led before, when the current screen already is that place. */
  Optional<Destination> alreadyAt(String key, String signature, String page) {
    if (key == null) {
      return Optional.empty();
    }
    Destination d = destinations.get(key);
    if (d == null) {
      return Optional.empty();
    }
    boolean sameScreen = d.signature().equals(signature);
    boolean samePage = d.page() != null && d.page().equals(page);
    return sameScreen || samePage ? Optional.of(d) : Optional.empty();
  }
}
