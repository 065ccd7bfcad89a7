package dev.apex.perception;

import dev.apex.core.Bounds;
import dev.apex.perception.tree.UiNode;
import dev.apex.perception.tree.UiTree;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The parts of a screen where the tree is blind — where it may not carry the text the screenshot
 * shows — by the rule stated in {@link SceneBuilder}'s Javadoc (unlabelled visible leaves big
 * enough to hold words; the whole screen when no node is visible). One pass over the nodes and a
 * merge of the few regions found; reads no pixel. Stateless and thread-safe.
 */
public final class BlindRegions {

  /** Past this many regions, they are read as their bounding box. */
  static final int MAX_REGIONS = 32;

  private BlindRegions() {}

  /**
   * The blind regions of {@code tree}, in screenshot pixels, clipped to the screen, merged where
   * closer than {@link SceneBuilder#BLIND_MERGE_PX}; empty when the tree carries all the text. A
   * tree of unknown size (a side of 0) is blind over the box of its nodes.
   */
  public static List<Bounds> of(UiTree tree) {
    Objects.requireNonNull(tree, "tree");
    int width = tree.width();
    int height = tree.height();
    Bounds screen = new Bounds(0, 0, Math.max(0, width), Math.max(0, height));
    double minArea = SceneBuilder.MIN_BLIND_AREA_FRACTION * screen.area();
    List<Bounds> regions = new ArrayList<>();
    boolean anyVisible = false;
    // An explicit stack, root excluded: cheaper than a FlatTree (no flags read), and synthetic
    // trees can be deeper than recursion allows. Order does not matter here.
    ArrayDeque<UiNode> pending = new ArrayDeque<>(tree.root().children());
    while (!pending.isEmpty()) {
      UiNode node = pending.pop();
      node.children().forEach(pending::push);
      if (!node.visible() || !SceneBuilder.onScreen(node.bounds(), width, height)) {
        continue;
      }
      anyVisible = true;
      if (!node.children().isEmpty() || !node.text().isEmpty() || !node.description().isEmpty()) {
        continue;
      }
      Bounds b = screen.hasArea() ? clip(node.bounds(), screen) : node.bounds();
      if (Math.min(b.width(), b.height()) >= SceneBuilder.MIN_BLIND_SIDE_PX
          && b.area() >= minArea) {
        regions.add(b);
      }
    }
    if (!anyVisible) {
      return screen.hasArea() ? List.of(screen) : List.of();
    }
    if (regions.size() > MAX_REGIONS) {
      // So many unlabelled leaves (a grid of thumbnails) are read as one region: merging them
      // pairwise would cost more than the OCR it saves.
      return List.of(regions.stream().reduce(BlindRegions::union).orElseThrow());
    }
    return merge(regions);
  }

  /** The share of a {@code width} × {@code height} screen the regions cover (they are disjoint). */
  public static double coverage(List<Bounds> regions, int width, int height) {
    if (width <= 0 || height <= 0) {
      return regions.isEmpty() ? 0 : 1;
    }
    long area = 0;
    for (Bounds b : regions) {
      area += b.area();
    }
    return area / ((double) width * height);
  }

  /** Replaces regions closer than the merge distance by their bounding box until none are. */
  static List<Bounds> merge(List<Bounds> regions) {
    List<Bounds> out = new ArrayList<>(regions);
    boolean merged = true;
    while (merged) {
      merged = false;
      for (int a = 0; a < out.size() && !merged; a++) {
        for (int b = a + 1; b < out.size(); b++) {
          if (near(out.get(a), out.get(b))) {
            out.set(a, union(out.get(a), out.get(b)));
            out.remove(b);
            merged = true;
            break;
          }
        }
      }
    }
    return List.copyOf(out);
  }

  private static boolean near(Bounds a, Bounds b) {
    int gap = SceneBuilder.BLIND_MERGE_PX;
    return a.left() < b.right() + gap
        && b.left() < a.right() + gap
        && a.top() < b.bottom() + gap
        && b.top() < a.bottom() + gap;
  }

  private static Bounds union(Bounds a, Bounds b) {
    return new Bounds(
        Math.min(a.left(), b.left()),
        Math.min(a.top(), b.top()),
        Math.max(a.right(), b.right()),
        Math.max(a.bottom(), b.bottom()));
  }

  private static Bounds clip(Bounds b, Bounds screen) {
    return new Bounds(
        Math.max(b.left(), screen.left()),
        Math.max(b.top(), screen.top()),
        Math.min(b.right(), screen.right()),
        Math.min(b.bottom(), screen.bottom()));
  }
}
