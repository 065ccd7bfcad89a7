package dev.apex.runtime.safety;

import dev.apex.core.Bounds;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * What an element says on a live screen, as the safety policy reads it. Stateless and thread-safe.
 *
 * <p>An element shows its own text, or, without one (a row), the texts of what lies inside it. An
 * element that shows nothing at all (an icon with no text or content description) is read by the
 * texts around it: those of the container it sits in. The container is the smallest element of the
 * scene whose box holds the element's, or the whole screen (an Android dump of a dialog, or a sim
 * dialog page, is the dialog alone): its own text, and the plain texts inside it (of elements a
 * user cannot act on: a title, a message) that lie in no other control, whose label belongs to that
 * control. A Send button beside an icon does not make the icon a sending; a dialog's message
 * "Delete all your photos?" is what its text-less confirm icon does.
 */
final class ElementTexts {

  private ElementTexts() {}

  /** The element's own text, or, without one, the texts of what lies inside it; may be empty. */
  static List<String> shown(SceneElement element, Scene scene) {
    if (!element.text().isBlank()) {
      return List.of(element.text());
    }
    List<String> inner = new ArrayList<>();
    for (SceneElement e : scene.elements()) {
      if (e != element && !e.text().isBlank() && element.bounds().contains(e.bounds())) {
        inner.add(e.text());
      }
    }
    return inner;
  }

  /**
   * The texts of the container {@code target} sits in: its own, and its plain texts that lie in no
   * other control.
   */
  static List<String> around(SceneElement target, Scene scene) {
    SceneElement container = container(target, scene);
    List<String> texts = new ArrayList<>();
    if (container != null && !container.text().isBlank()) {
      texts.add(container.text());
    }
    for (SceneElement e : scene.elements()) {
      if (e != target
          && e != container
          && !e.interactive()
          && !e.text().isBlank()
          && (container == null || container.bounds().contains(e.bounds()))
          && !insideAControl(e, target, scene)) {
        texts.add(e.text());
      }
    }
    return texts;
  }

  /** The smallest other element whose box holds {@code target}'s, or null for the whole screen. */
  private static SceneElement container(SceneElement target, Scene scene) {
    Bounds own = target.bounds();
    return scene.elements().stream()
        .filter(e -> e != target && e.bounds().contains(own) && e.bounds().area() > own.area())
        .min(Comparator.comparingLong(e -> e.bounds().area()))
        .orElse(null);
  }

  /**
   * Whether {@code text} lies inside a control that does not also hold the target (a control around
   * both, a scrolling list, is part of the target's surroundings).
   */
  private static boolean insideAControl(SceneElement text, SceneElement target, Scene scene) {
    for (SceneElement e : scene.elements()) {
      if (e != text
          && e != target
          && e.interactive()
          && e.bounds().contains(text.bounds())
          && !e.bounds().contains(target.bounds())) {
        return true;
      }
    }
    return false;
  }
}
