package dev.apex.tools;

import dev.apex.core.Bounds;
import dev.apex.core.ElementFlag;
import dev.apex.core.ElementNotFoundException;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.perception.CompactEncoder;
import dev.apex.perception.SceneBuilder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Finds the element a step means on a scene. The one place tools resolve element references.
 *
 * <p>Rules, in order: only elements on screen count (bounds with area that overlap the screen; an
 * off-screen {@code [0,0][0,0]} node is never a match). A reference matches an element's exact
 * {@link SceneElement#id() id}, else its exact {@link SceneElement#resourceId() resource id}, else
 * the compact encoding's per-scene handle ({@link CompactEncoder#resolve}). Flags filter next. Text
 * matches the whole text exactly (surrounding spaces ignored), then ignoring case, then one part of
 * a merged label (a clickable row that took its children's texts, joined by {@value
 * SceneBuilder#LABEL_SEPARATOR}) exactly, then ignoring case. Among equals, the first in scene
 * order wins. Stateless.
 */
public final class ElementLocator {

  private static final int HINT_TEXTS = 8;

  private ElementLocator() {}

  public static Optional<SceneElement> find(Scene scene, ElementQuery query) {
    return matches(scene, query).stream().findFirst();
  }

  /** Every match, best first: exact text before text equal ignoring case, then scene order. */
  public static List<SceneElement> matches(Scene scene, ElementQuery query) {
    List<SceneElement> pool = scene.elements().stream().filter(e -> onScreen(scene, e)).toList();
    if (query.ref() != null) {
      pool = byRef(scene, pool, query.ref());
    }
    pool = pool.stream().filter(flagsMatch(query.flags())).toList();
    if (query.text() == null) {
      return pool;
    }
    String wanted = query.text().strip();
    List<SceneElement> out = new ArrayList<>();
    pool.stream().filter(e -> e.text().strip().equals(wanted)).forEach(out::add);
    pool.stream()
        .filter(e -> !e.text().strip().equals(wanted) && e.text().strip().equalsIgnoreCase(wanted))
        .forEach(out::add);
    pool.stream()
        .filter(e -> !e.text().strip().equalsIgnoreCase(wanted) && hasPart(e, wanted, false))
        .forEach(out::add);
    pool.stream()
        .filter(
            e ->
                !e.text().strip().equalsIgnoreCase(wanted)
                    && !hasPart(e, wanted, false)
                    && hasPart(e, wanted, true))
        .forEach(out::add);
    return out;
  }

  /** Whether the element has area and overlaps the screen. */
  public static boolean onScreen(Scene scene, SceneElement element) {
    Bounds b = element.bounds();
    if (!b.hasArea()) {
      return false;
    }
    return scene.width() <= 0
        || scene.height() <= 0
        || b.intersectionArea(new Bounds(0, 0, scene.width(), scene.height())) > 0;
  }

  /** Where to tap an element: the centre of its part that lies on screen, in pixels. */
  public static int[] tapPoint(Scene scene, SceneElement element) {
    Bounds b = element.bounds();
    if (scene.width() > 0 && scene.height() > 0) {
      b =
          new Bounds(
              Math.max(b.left(), 0),
              Math.max(b.top(), 0),
              Math.min(b.right(), scene.width()),
              Math.min(b.bottom(), scene.height()));
    }
    return new int[] {b.centerX(), b.centerY()};
  }

  /**
   * The exception for a query that found nothing, carrying the scene, with a hint: the element the
   * flags ruled out, or the texts that are on screen.
   */
  public static ElementNotFoundException notFound(Scene scene, ElementQuery query) {
    StringBuilder message =
        new StringBuilder("no element on screen matches ").append(query.describe());
    // The nearest miss: an element that matches but for the fewest flags, one a user can act on
    // first (a switch rather than its label).
    Optional<SceneElement> withoutFlags =
        query.flags().isEmpty() || query.hasNoTarget()
            ? Optional.empty()
            : matches(scene, new ElementQuery(query.ref(), query.text(), Map.of())).stream()
                .min(
                    Comparator.comparingLong((SceneElement e) -> mismatches(e, query.flags()))
                        .thenComparing(e -> !e.interactive()));
    if (withoutFlags.isPresent()) {
      SceneElement e = withoutFlags.get();
      message.append("; element ").append(e.id()).append(" matches but is ");
      message.append(mismatch(e, query.flags()));
    } else {
      List<String> texts =
          scene.elements().stream()
              .filter(e -> onScreen(scene, e) && !e.text().isBlank())
              .map(e -> e.text().strip())
              .distinct()
              .toList();
      if (texts.isEmpty()) {
        message.append("; the screen shows no text");
      } else {
        message.append("; on screen: ");
        message.append(String.join(", ", texts.subList(0, Math.min(HINT_TEXTS, texts.size()))));
        if (texts.size() > HINT_TEXTS) {
          message.append(", …");
        }
      }
    }
    message.append(" (check the step's text or id against the screen)");
    return new ElementNotFoundException(message.toString(), scene);
  }

  private static boolean hasPart(SceneElement e, String wanted, boolean ignoreCase) {
    String text = e.text();
    if (!text.contains(SceneBuilder.LABEL_SEPARATOR)) {
      return false;
    }
    for (String part : text.split(Pattern.quote(SceneBuilder.LABEL_SEPARATOR))) {
      String p = part.strip();
      if (ignoreCase ? p.equalsIgnoreCase(wanted) : p.equals(wanted)) {
        return true;
      }
    }
    return false;
  }

  private static List<SceneElement> byRef(Scene scene, List<SceneElement> pool, String ref) {
    List<SceneElement> byId = pool.stream().filter(e -> e.id().equals(ref)).toList();
    if (!byId.isEmpty()) {
      return byId;
    }
    List<SceneElement> byResource = pool.stream().filter(e -> e.resourceId().equals(ref)).toList();
    if (!byResource.isEmpty()) {
      return byResource;
    }
    return CompactEncoder.resolve(scene, ref)
        .filter(pool::contains)
        .map(List::of)
        .orElse(List.of());
  }

  private static Predicate<SceneElement> flagsMatch(Map<ElementFlag, Boolean> flags) {
    return e -> flags.entrySet().stream().allMatch(f -> e.has(f.getKey()) == f.getValue());
  }

  private static long mismatches(SceneElement e, Map<ElementFlag, Boolean> flags) {
    return flags.entrySet().stream().filter(f -> e.has(f.getKey()) != f.getValue()).count();
  }

  private static String mismatch(SceneElement e, Map<ElementFlag, Boolean> flags) {
    return flags.entrySet().stream()
        .filter(f -> e.has(f.getKey()) != f.getValue())
        .map(f -> (f.getValue() ? "not " : "") + ElementQuery.argName(f.getKey()))
        .reduce((a, b) -> a + " and " + b)
        .orElse("different");
  }
}
