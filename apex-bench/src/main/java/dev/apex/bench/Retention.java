package dev.apex.bench;

import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.perception.ElementIds;
import dev.apex.perception.SceneBuilder;
import dev.apex.perception.TreeParsers;
import dev.apex.perception.tree.UiNode;
import dev.apex.perception.tree.UiTree;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * M2: whether the scene keeps every element a user can act on. Deterministic: no timing.
 *
 * <p>A node counts when it is visible, has an area at least partly on the screen ({@link
 * SceneBuilder#onScreen}: one wholly off it cannot be tapped) and is interactive (clickable,
 * long-clickable, checkable, editable or scrollable). It is retained when exactly one scene element
 * has its id ({@link ElementIds#of}, the id the scene builder gives it) and that element contains
 * the node's centre, so a tap on the element lands on the node. A node's centre is ambiguous when
 * it lies inside kept elements with two or more different labels (ignoring case; unlabelled
 * elements do not count): a planner tapping there could mean either.
 */
public final class Retention {

  /** How many missing nodes a row names. */
  static final int MAX_NAMED = 5;

  private Retention() {}

  public static RetentionResult measure(List<Dump> dumps) {
    Objects.requireNonNull(dumps, "dumps");
    List<RetentionResult.Row> rows = new ArrayList<>(dumps.size());
    for (Dump dump : dumps) {
      UiTree tree = TreeParsers.parse(dump.capture());
      rows.add(measure(dump.file(), tree, SceneBuilder.build(tree, List.of())));
    }
    return new RetentionResult(rows);
  }

  static RetentionResult.Row measure(String name, UiTree tree, Scene scene) {
    Map<String, List<SceneElement>> byId = new HashMap<>();
    for (SceneElement e : scene.elements()) {
      byId.computeIfAbsent(e.id(), k -> new ArrayList<>(1)).add(e);
    }
    int interactive = 0;
    int retained = 0;
    int ambiguous = 0;
    List<String> missing = new ArrayList<>();
    for (UiNode node : tree.nodes()) {
      if (!node.visible()
          || !SceneBuilder.onScreen(node.bounds(), tree.width(), tree.height())
          || !node.interactive()) {
        continue;
      }
      interactive++;
      int cx = node.bounds().centerX();
      int cy = node.bounds().centerY();
      List<SceneElement> same = byId.getOrDefault(ElementIds.of(node), List.of());
      String why =
          same.isEmpty()
              ? "no element"
              : same.size() > 1
                  ? same.size() + " elements share its id"
                  : !same.get(0).bounds().contains(cx, cy) ? "centre outside its element" : null;
      if (why == null) {
        retained++;
      } else if (missing.size() < MAX_NAMED) {
        missing.add(node.path() + " " + node.className() + ": " + why);
      }
      if (labelsAt(scene, cx, cy) > 1) {
        ambiguous++;
      }
    }
    return new RetentionResult.Row(name, interactive, retained, ambiguous, missing);
  }

  private static int labelsAt(Scene scene, int x, int y) {
    Set<String> labels = new HashSet<>();
    for (SceneElement e : scene.elements()) {
      if (!e.text().isEmpty() && e.bounds().contains(x, y)) {
        labels.add(e.text().toLowerCase(Locale.ROOT));
      }
    }
    return labels.size();
  }
}
