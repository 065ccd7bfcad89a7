package dev.apex.perception;

import dev.apex.core.Bounds;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The one-to-one assignment of OCR boxes to tree nodes that {@link SceneBuilder} uses; the rule and
 * its threshold are stated there. Public so that a benchmark can compare it with an optimal
 * (Hungarian) assignment over the same {@link #score scores}.
 *
 * <p>Candidate pairs come from a {@link CentreSweep} point query at each box's centre: a node that
 * contains a box contains its centre, and two rectangles with IoU ≥ 0.5 contain each other's centre
 * (per axis, IoU ≥ 0.5 forces the overlap past the midpoint), so no eligible pair is missed while
 * the work stays proportional to boxes × nesting depth rather than boxes × nodes. Stateless and
 * thread-safe.
 */
public final class OcrMatcher {

  static {
    if (SceneBuilder.IOU_THRESHOLD < 0.5) {
      throw new ExceptionInInitializerError("the centre query needs IOU_THRESHOLD >= 0.5");
    }
  }

  private OcrMatcher() {}

  /**
   * How well {@code box} matches {@code node}: their IoU when it reaches {@link
   * SceneBuilder#IOU_THRESHOLD} or when {@code mayContain} and the box lies inside the node (grown
   * by {@link SceneBuilder#CONTAINMENT_SLACK_PX}); else 0, meaning "not a candidate". For a box
   * inside a node the IoU is box area ÷ node area, so the smallest enclosing node scores highest.
   */
  public static double score(Bounds node, boolean mayContain, Bounds box) {
    double iou = node.iou(box);
    if (iou >= SceneBuilder.IOU_THRESHOLD) {
      return iou;
    }
    int slack = SceneBuilder.CONTAINMENT_SLACK_PX;
    return mayContain
            && iou > 0
            && box.left() >= node.left() - slack
            && box.top() >= node.top() - slack
            && box.right() <= node.right() + slack
            && box.bottom() <= node.bottom() + slack
        ? iou
        : 0;
  }

  /**
   * Greedy best-score assignment: every candidate pair, in descending score (ties go to the box
   * nearer the top, deterministically), is taken when neither its box nor its node is taken yet.
   *
   * @param nodes node bounds in pixels; {@code null} entries are never matched
   * @param mayContain per node, whether a box lying inside it matches it; null means all may
   * @param boxes OCR box bounds in pixels
   * @return for each box, the index of its node, or -1 when it matched none
   */
  public static int[] assign(List<Bounds> nodes, boolean[] mayContain, List<Bounds> boxes) {
    Objects.requireNonNull(nodes, "nodes");
    Objects.requireNonNull(boxes, "boxes");
    if (nodes.isEmpty() || boxes.isEmpty()) {
      int[] none = new int[boxes.size()];
      Arrays.fill(none, -1);
      return none;
    }
    return assign(index(nodes), nodes, mayContain, boxes);
  }

  /** {@link #assign(List, boolean[], List)} over an index built by {@link #index}. */
  static int[] assign(
      CentreSweep index, List<Bounds> nodes, boolean[] mayContain, List<Bounds> boxes) {
    return assign(index, nodes, mayContain, boxes, null, null);
  }

  /**
   * Like {@link #assign(CentreSweep, List, boolean[], List)}, leaving out hidden nodes: a node is a
   * candidate for a box only when no later node (in tree order) that {@code occludes} and is not
   * its descendant contains the box's centre — SceneBuilder's occlusion rule.
   *
   * @param subtreeEnd per node, one past its last descendant in tree order; null: no occlusion
   * @param occludes per node, whether it hides what lies under it
   */
  static int[] assign(
      CentreSweep index,
      List<Bounds> nodes,
      boolean[] mayContain,
      List<Bounds> boxes,
      int[] subtreeEnd,
      boolean[] occludes) {
    int[] result = new int[boxes.size()];
    Arrays.fill(result, -1);
    Pairs pairs = new Pairs(boxes.size() * 4);
    // The sweep takes its points top to bottom.
    index.restart();
    for (int b : topToBottom(boxes)) {
      Bounds box = boxes.get(b);
      if (!box.hasArea()) {
        continue;
      }
      int boxIndex = b;
      int before = pairs.size;
      int[] top = {-1};
      index.containing(
          CentreSweep.centreX(box),
          CentreSweep.centreY(box),
          n -> {
            if (occludes != null && occludes[n] && n > top[0]) {
              top[0] = n;
            }
            double s = score(nodes.get(n), mayContain == null || mayContain[n], box);
            if (s > 0) {
              pairs.add(boxIndex, n, s);
            }
          });
      if (subtreeEnd != null && top[0] >= 0) {
        pairs.keepUnhidden(before, top[0], subtreeEnd);
      }
    }
    long[] order = pairs.sortedByScore();
    boolean[] nodeTaken = new boolean[nodes.size()];
    for (long key : order) {
      int p = RadixSort.payload(key);
      int b = pairs.box[p];
      int n = pairs.node[p];
      if (result[b] < 0 && !nodeTaken[n]) {
        result[b] = n;
        nodeTaken[n] = true;
      }
    }
    return result;
  }

  private static int[] topToBottom(List<Bounds> boxes) {
    long[] keys = new long[boxes.size()];
    for (int b = 0; b < keys.length; b++) {
      Bounds box = boxes.get(b);
      keys[b] = RadixSort.pack(CentreSweep.doubledCentreY(box), b);
    }
    RadixSort.sort(keys, keys.length);
    int[] order = new int[keys.length];
    for (int i = 0; i < keys.length; i++) {
      order[i] = RadixSort.payload(keys[i]);
    }
    return order;
  }

  /** Indexes the nodes, grown by the containment slack, skipping null and empty ones. */
  static CentreSweep index(List<Bounds> nodes) {
    boolean[] include = new boolean[nodes.size()];
    for (int i = 0; i < include.length; i++) {
      Bounds b = nodes.get(i);
      include[i] = b != null && b.hasArea();
    }
    return new CentreSweep(nodes, include, SceneBuilder.CONTAINMENT_SLACK_PX);
  }

  /** Candidate pairs in parallel arrays. */
  private static final class Pairs {
    int[] box;
    int[] node;
    double[] score;
    int size;

    Pairs(int capacity) {
      box = new int[Math.max(16, capacity)];
      node = new int[box.length];
      score = new double[box.length];
    }

    void add(int b, int n, double s) {
      if (size == box.length) {
        box = Arrays.copyOf(box, size * 2);
        node = Arrays.copyOf(node, size * 2);
        score = Arrays.copyOf(score, size * 2);
      }
      box[size] = b;
      node[size] = n;
      score[size++] = s;
    }

    /**
     * Drops the pairs from {@code from} on whose node is hidden by node {@code top}: {@code top}
     * comes later in tree order and is neither the node nor one of its descendants.
     */
    void keepUnhidden(int from, int top, int[] subtreeEnd) {
      int kept = from;
      for (int p = from; p < size; p++) {
        if (top < subtreeEnd[node[p]]) {
          box[kept] = box[p];
          node[kept] = node[p];
          score[kept++] = score[p];
        }
      }
      size = kept;
    }

    /** Packed pair indexes in descending score; equal scores keep insertion (top-down) order. */
    long[] sortedByScore() {
      long[] keys = new long[size];
      for (int i = 0; i < size; i++) {
        // Scores are in (0, 1]; 2^30 steps keep the rank a non-negative int.
        keys[i] = RadixSort.pack((int) ((1.0 - score[i]) * (1 << 30)), i);
      }
      RadixSort.sort(keys, size);
      return keys;
    }
  }
}
