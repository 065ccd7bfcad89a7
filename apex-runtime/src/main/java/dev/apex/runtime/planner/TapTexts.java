package dev.apex.runtime.planner;

import dev.apex.core.Bounds;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.llm.SemanticScene;
import dev.apex.perception.CompactEncoder;
import dev.apex.tools.Args;
import dev.apex.tools.ElementLocator;
import dev.apex.tools.ElementQuery;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the safety policy reads for a tap: the element it lands on, and the texts that say what that
 * element does. Stateless.
 *
 * <p>The texts, in order: the element's own text, or, for one without text (a row), the texts of
 * what lies inside it; its semantic purpose, when the labels have one; and, for an element that
 * says nothing itself (no text of its own, none inside it: an icon), the plain texts of the
 * container it sits in, <em>around</em> it. A purpose is a model's word, made fresh or served from
 * a cache, and for an icon it would be the only word: the message of the dialog around the icon
 * ("Delete all your photos?") is read live from the screen, so no purpose, stale or wrong, can
 * quiet the question the dialog's own words would raise.
 *
 * <p>The container is the smallest element of the scene whose box holds the icon's, or the whole
 * screen (an Android dump of a dialog, or a sim dialog page, is the dialog alone). Its plain texts
 * are those of elements a user cannot act on (a title, a message) that lie inside it and not inside
 * another control, whose label belongs to that control: a Send button beside an icon does not make
 * the icon a sending. An icon with a text of its own (a content description) is judged by that
 * text.
 */
final class TapTexts {

  /** One text the policy reads, and whether it was read around the target rather than on it. */
  record Reading(String text, boolean around) {}

  private TapTexts() {}

  /**
   * The element a tap's arguments name on {@code scene}: by point (the smallest interactive element
   * there), by compact handle or id, or by text; empty when none.
   */
  static Optional<SceneElement> target(Map<String, Object> args, Scene scene) {
    if (args.get("x") != null && args.get("y") != null) {
      int x = Args.integer("tap", args, "x");
      int y = Args.integer("tap", args, "y");
      return scene.elements().stream()
          .filter(e -> ElementLocator.onScreen(scene, e) && e.bounds().contains(x, y))
          .filter(SceneElement::interactive)
          .min(Comparator.comparingLong(e -> e.bounds().area()));
    }
    String ref = Args.string(args, "element");
    String text = Args.string(args, "text");
    if (ref == null && text == null) {
      return Optional.empty();
    }
    Optional<SceneElement> byRef =
        ref == null ? Optional.empty() : CompactEncoder.resolve(scene, ref);
    return byRef.isPresent()
        ? byRef
        : ElementLocator.find(scene, new ElementQuery(ref, text, Map.of()));
  }

  /**
   * The texts the policy reads for {@code target} on {@code scene}, with the purpose {@code
   * semantic} gives it (null for no labels).
   */
  static List<Reading> of(SceneElement target, Scene scene, SemanticScene semantic) {
    List<Reading> texts = new ArrayList<>();
    if (!target.text().isBlank()) {
      texts.add(new Reading(target.text(), false));
    } else {
      for (SceneElement e : scene.elements()) {
        if (e != target && !e.text().isBlank() && target.bounds().contains(e.bounds())) {
          texts.add(new Reading(e.text(), false));
        }
      }
    }
    boolean saysNothing = texts.isEmpty();
    if (semantic != null) {
      semantic.widgets().stream()
          .filter(w -> w.elementId().equals(target.id()))
          .forEach(w -> texts.add(new Reading(w.purpose(), false)));
    }
    if (saysNothing) {
      around(target, scene).forEach(t -> texts.add(new Reading(t, true)));
    }
    return texts;
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
