package dev.apex.runtime.safety;

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
 * <p>The texts, in order: what the element shows ({@link ElementTexts#shown}: its own text, or, for
 * a row without text, the texts inside it); its semantic purpose, when the labels have one; and,
 * for an element that shows nothing (an icon), the texts around it ({@link ElementTexts#around}). A
 * purpose is a model's word, made fresh or served from a cache, and for an icon it would be the
 * only word: the message of the dialog around the icon ("Delete all your photos?") is read live
 * from the screen, so no purpose, stale or wrong, can quiet the question the dialog's own words
 * would raise.
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
    List<String> shown = ElementTexts.shown(target, scene);
    shown.forEach(t -> texts.add(new Reading(t, false)));
    if (semantic != null) {
      semantic.widgets().stream()
          .filter(w -> w.elementId().equals(target.id()))
          .forEach(w -> texts.add(new Reading(w.purpose(), false)));
    }
    if (shown.isEmpty()) {
      ElementTexts.around(target, scene).forEach(t -> texts.add(new Reading(t, true)));
    }
    return texts;
  }
}
