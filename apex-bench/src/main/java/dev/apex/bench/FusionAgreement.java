package dev.apex.bench;

import dev.apex.core.Bounds;
import dev.apex.perception.OcrBox;
import dev.apex.perception.OcrMatcher;
import dev.apex.perception.SceneBuilder;
import dev.apex.perception.tree.UiNode;
import dev.apex.perception.tree.UiTree;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * How often fusion's greedy assignment of OCR boxes to nodes ({@link OcrMatcher#assign}) picks what
 * an optimal one (the {@link Hungarian} algorithm, over the same {@link OcrMatcher#score scores})
 * picks.
 *
 * <p>The inputs are those {@link SceneBuilder} passes, per the rule its Javadoc states: a node
 * takes part when visible with area, and may take a box lying inside it when it is a leaf,
 * interactive or labelled, and covers at most {@link SceneBuilder#MAX_LABEL_AREA_FRACTION} of the
 * screen. Candidate pairs come from the harness's own index over rectangles that overlap (a
 * superset of what any pair with a positive score needs), so a pair perception's index missed would
 * show up as a disagreement. The pairs form small connected components (a box competes only with
 * its neighbours), and each is solved exactly on its own, which keeps the Hungarian algorithm
 * affordable at 35,000 nodes.
 *
 * <p>A box agrees when the greedy gives it the same node as the optimum, or no node when the
 * optimum gives none; a component whose greedy total equals the optimal total (within 1e-9, a tie
 * between equally good assignments) agrees whole.
 */
public final class FusionAgreement {

  /**
   * The figures of one layout.
   *
   * @param boxes OCR boxes
   * @param pairs candidate pairs (positive score)
   * @param components connected components of boxes and nodes with at least one pair
   * @param largest the most boxes in one component
   * @param agreeing boxes on which the greedy agrees with the optimum
   * @param greedyScore the greedy assignment's total score
   * @param optimalScore the optimal assignment's total score
   */
  public record Result(
      int boxes,
      int pairs,
      int components,
      int largest,
      int agreeing,
      double greedyScore,
      double optimalScore) {

    public double agreement() {
      return boxes == 0 ? 1.0 : (double) agreeing / boxes;
    }
  }

  private FusionAgreement() {}

  static Result measure(UiTree tree, List<OcrBox> ocr) {
    List<UiNode> nodes = tree.nodes();
    int n = nodes.size();
    List<Bounds> nodeBounds = new ArrayList<>(n);
    boolean[] mayContain = new boolean[n];
    double maxLabelArea =
        SceneBuilder.MAX_LABEL_AREA_FRACTION * tree.width() * (double) tree.height();
    for (int i = 0; i < n; i++) {
      UiNode node = nodes.get(i);
      boolean usable = node.visible() && node.bounds().hasArea();
      boolean labelled = !node.text().isEmpty() || !node.description().isEmpty();
      nodeBounds.add(usable ? node.bounds() : null);
      mayContain[i] =
          usable
              && (node.children().isEmpty() || node.interactive() || labelled)
              && (maxLabelArea <= 0 || node.bounds().area() <= maxLabelArea);
    }
    List<Bounds> boxBounds = ocr.stream().map(OcrBox::bounds).toList();
    int[] greedy = OcrMatcher.assign(nodeBounds, mayContain, boxBounds);

    // Candidate pairs, and components over boxes [0, b) and nodes [b, b + n).
    int b = boxBounds.size();
    UnionFind components = new UnionFind(b + n);
    List<int[]> pairs = new ArrayList<>();
    List<Double> scores = new ArrayList<>();
    RectIndex index = new RectIndex(nodeBounds);
    for (int box = 0; box < b; box++) {
      Bounds r = boxBounds.get(box);
      if (!r.hasArea()) {
        continue;
      }
      int boxIndex = box;
      index.overlapping(
          r,
          node -> {
            double s = OcrMatcher.score(nodeBounds.get(node), mayContain[node], r);
            if (s > 0) {
              pairs.add(new int[] {boxIndex, node});
              scores.add(s);
              components.union(boxIndex, b + node);
            }
          });
    }
    // Group each component's pairs.
    int[] componentOf = new int[b + n];
    Arrays.fill(componentOf, -1);
    List<List<Integer>> byComponent = new ArrayList<>();
    for (int p = 0; p < pairs.size(); p++) {
      int root = components.find(pairs.get(p)[0]);
      if (componentOf[root] < 0) {
        componentOf[root] = byComponent.size();
        byComponent.add(new ArrayList<>());
      }
      byComponent.get(componentOf[root]).add(p);
    }
    int agreeing = 0;
    int largest = 0;
    double greedyTotal = 0;
    double optimalTotal = 0;
    boolean[] inPair = new boolean[b];
    for (List<Integer> component : byComponent) {
      Solved solved = solve(component, pairs, scores, greedy);
      largest = Math.max(largest, solved.boxes.length);
      greedyTotal += solved.greedyScore;
      optimalTotal += solved.optimalScore;
      for (int box : solved.boxes) {
        inPair[box] = true;
      }
      agreeing += solved.agreeing;
    }
    for (int box = 0; box < b; box++) {
      if (!inPair[box] && greedy[box] < 0) {
        agreeing++; // no candidate: both leave it unassigned
      }
    }
    return new Result(
        b, pairs.size(), byComponent.size(), largest, agreeing, greedyTotal, optimalTotal);
  }

  private record Solved(int[] boxes, int agreeing, double greedyScore, double optimalScore) {}

  private static Solved solve(
      List<Integer> component, List<int[]> pairs, List<Double> scores, int[] greedy) {
    int[] boxes = component.stream().mapToInt(p -> pairs.get(p)[0]).distinct().sorted().toArray();
    int[] nodes = component.stream().mapToInt(p -> pairs.get(p)[1]).distinct().sorted().toArray();
    double[][] score = new double[boxes.length][nodes.length];
    for (int p : component) {
      int row = Arrays.binarySearch(boxes, pairs.get(p)[0]);
      int col = Arrays.binarySearch(nodes, pairs.get(p)[1]);
      score[row][col] = scores.get(p);
    }
    int[] optimal = Hungarian.maximize(score);
    double optimalScore = Hungarian.total(score, optimal);
    int[] greedyHere = new int[boxes.length];
    for (int row = 0; row < boxes.length; row++) {
      int node = greedy[boxes[row]];
      int col = node < 0 ? -1 : Arrays.binarySearch(nodes, node);
      // A greedy pick outside the component, or of a non-candidate, is a disagreement by itself.
      greedyHere[row] = col >= 0 && score[row][col] > 0 ? col : node < 0 ? -1 : -2;
    }
    double greedyScore = 0;
    boolean valid = true;
    for (int row = 0; row < boxes.length; row++) {
      if (greedyHere[row] == -2) {
        valid = false;
      } else if (greedyHere[row] >= 0) {
        greedyScore += score[row][greedyHere[row]];
      }
    }
    int agreeing = 0;
    if (valid && greedyScore >= optimalScore - 1e-9) {
      agreeing = boxes.length;
    } else {
      for (int row = 0; row < boxes.length; row++) {
        if (greedyHere[row] == optimal[row]) {
          agreeing++;
        }
      }
    }
    return new Solved(boxes, agreeing, greedyScore, optimalScore);
  }

  /** Disjoint sets with path halving and union by size. */
  private static final class UnionFind {
    private final int[] parent;
    private final int[] size;

    UnionFind(int n) {
      parent = new int[n];
      size = new int[n];
      for (int i = 0; i < n; i++) {
        parent[i] = i;
        size[i] = 1;
      }
    }

    int find(int x) {
      while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
      }
      return x;
    }

    void union(int a, int b) {
      int ra = find(a);
      int rb = find(b);
      if (ra == rb) {
        return;
      }
      if (size[ra] < size[rb]) {
        int t = ra;
        ra = rb;
        rb = t;
      }
      parent[rb] = ra;
      size[ra] += size[rb];
    }
  }
}
