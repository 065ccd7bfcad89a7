package dev.apex.perception;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.Bounds;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class OcrMatcherTest {

  /**
   * A screen of list rows (clickable row, icon, title, subtitle) and OCR boxes jittered off them.
   */
  private static void screen(Random random, List<Bounds> nodes, List<Bounds> boxes) {
    for (int row = 0; row < 20; row++) {
      int top = row * 100;
      nodes.add(new Bounds(0, top, 1000, top + 100));
      nodes.add(new Bounds(20, top + 20, 80, top + 80));
      Bounds title = new Bounds(100, top + 10, 100 + 200 + random.nextInt(500), top + 50);
      Bounds subtitle = new Bounds(100, top + 55, 100 + 100 + random.nextInt(600), top + 90);
      nodes.add(title);
      nodes.add(subtitle);
      for (Bounds text : List.of(title, subtitle)) {
        if (random.nextDouble() < 0.8) {
          boxes.add(jitter(random, text));
        }
      }
      if (random.nextDouble() < 0.3) {
        boxes.add(jitter(random, new Bounds(30, top + 30, 70, top + 70)));
      }
      if (random.nextDouble() < 0.2) {
        int x = random.nextInt(900);
        boxes.add(new Bounds(x, top + 5, x + 60, top + 30));
      }
    }
  }

  private static Bounds jitter(Random random, Bounds b) {
    return new Bounds(
        b.left() + random.nextInt(9) - 2,
        b.top() + random.nextInt(7) - 2,
        b.right() - random.nextInt(40),
        b.bottom() + random.nextInt(5) - 2);
  }

  @Test
  void greedyAgreesWithTheOptimalAssignmentOnAtLeast99PercentOfBoxes() {
    Random random = new Random(42);
    int agree = 0;
    int total = 0;
    for (int round = 0; round < 20; round++) {
      List<Bounds> nodes = new ArrayList<>();
      List<Bounds> boxes = new ArrayList<>();
      screen(random, nodes, boxes);

      int[] greedy = OcrMatcher.assign(nodes, null, boxes);
      int[] optimal = hungarian(nodes, boxes);

      for (int b = 0; b < boxes.size(); b++) {
        total++;
        if (greedy[b] == optimal[b]) {
          agree++;
        }
      }
    }
    System.out.printf(
        "greedy agrees with the optimal assignment on %d of %d boxes%n", agree, total);
    assertThat((double) agree / total).isGreaterThanOrEqualTo(0.99);
  }

  @Test
  void everyPairTakenIsACandidateAndNoNodeIsTakenTwice() {
    Random random = new Random(7);
    List<Bounds> nodes = new ArrayList<>();
    List<Bounds> boxes = new ArrayList<>();
    screen(random, nodes, boxes);

    int[] match = OcrMatcher.assign(nodes, null, boxes);

    Set<Integer> taken = new HashSet<>();
    for (int b = 0; b < match.length; b++) {
      if (match[b] >= 0) {
        assertThat(taken.add(match[b])).isTrue();
        assertThat(OcrMatcher.score(nodes.get(match[b]), true, boxes.get(b))).isPositive();
      }
    }
    assertThat(taken).isNotEmpty();
  }

  @Test
  void theCentreQueryFindsWhatAnExhaustiveSearchFinds() {
    Random random = new Random(3);
    List<Bounds> nodes = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      int l = random.nextInt(2000) - 200;
      int t = random.nextInt(4000) - 200;
      nodes.add(new Bounds(l, t, l + 1 + random.nextInt(1500), t + 1 + random.nextInt(800)));
    }
    List<Bounds> boxes = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      Bounds near = nodes.get(random.nextInt(nodes.size()));
      boxes.add(jitter(random, near));
    }

    int[] match = OcrMatcher.assign(nodes, null, boxes);

    // Each unmatched box had no candidate left: every node scoring it is taken by a better box.
    Set<Integer> taken = new HashSet<>();
    Arrays.stream(match).filter(n -> n >= 0).forEach(taken::add);
    for (int b = 0; b < boxes.size(); b++) {
      if (match[b] < 0) {
        for (int n = 0; n < nodes.size(); n++) {
          if (OcrMatcher.score(nodes.get(n), true, boxes.get(b)) > 0) {
            assertThat(taken).contains(n);
          }
        }
      }
    }
  }

  /** The assignment maximising the total score (Kuhn–Munkres), unmatched where the score is 0. */
  private static int[] hungarian(List<Bounds> nodes, List<Bounds> boxes) {
    int n = boxes.size();
    int m = nodes.size() + n;
    double[][] cost = new double[n + 1][m + 1];
    for (int i = 1; i <= n; i++) {
      for (int j = 1; j <= nodes.size(); j++) {
        cost[i][j] = -OcrMatcher.score(nodes.get(j - 1), true, boxes.get(i - 1));
      }
    }
    double[] u = new double[n + 1];
    double[] v = new double[m + 1];
    int[] p = new int[m + 1];
    int[] way = new int[m + 1];
    for (int i = 1; i <= n; i++) {
      p[0] = i;
      int j0 = 0;
      double[] minv = new double[m + 1];
      Arrays.fill(minv, Double.POSITIVE_INFINITY);
      boolean[] used = new boolean[m + 1];
      do {
        used[j0] = true;
        int i0 = p[j0];
        double delta = Double.POSITIVE_INFINITY;
        int j1 = 0;
        for (int j = 1; j <= m; j++) {
          if (!used[j]) {
            double cur = cost[i0][j] - u[i0] - v[j];
            if (cur < minv[j]) {
              minv[j] = cur;
              way[j] = j0;
            }
            if (minv[j] < delta) {
              delta = minv[j];
              j1 = j;
            }
          }
        }
        for (int j = 0; j <= m; j++) {
          if (used[j]) {
            u[p[j]] += delta;
            v[j] -= delta;
          } else {
            minv[j] -= delta;
          }
        }
        j0 = j1;
      } while (p[j0] != 0);
      do {
        int j1 = way[j0];
        p[j0] = p[j1];
        j0 = j1;
      } while (j0 != 0);
    }
    int[] result = new int[n];
    Arrays.fill(result, -1);
    for (int j = 1; j <= nodes.size(); j++) {
      if (p[j] != 0 && cost[p[j]][j] < 0) {
        result[p[j] - 1] = j - 1;
      }
    }
    return result;
  }
}
