package dev.apex.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import org.junit.jupiter.api.Test;

class HungarianTest {

  @Test
  void prefersTwoGoodPairsToOneBestPair() {
    // Greedy would take (0,0)=0.6 and leave row 1 unassigned; the optimum is 0.5 + 0.55.
    double[][] score = {{0.6, 0.5}, {0.55, 0}};

    int[] assignment = Hungarian.maximize(score);

    assertThat(assignment).containsExactly(1, 0);
    assertThat(Hungarian.total(score, assignment)).isEqualTo(1.05);
  }

  @Test
  void leavesARowUnassignedWhenItHasNoPositiveScore() {
    double[][] score = {{0, 0}, {0.3, 0}};

    assertThat(Hungarian.maximize(score)).containsExactly(-1, 0);
  }

  @Test
  void handlesMoreRowsThanColumns() {
    double[][] score = {{0.9}, {0.8}, {0.95}};

    assertThat(Hungarian.maximize(score)).containsExactly(-1, -1, 0);
  }

  @Test
  void matchesExhaustiveSearchOnRandomMatrices() {
    Random random = new Random(11);
    for (int trial = 0; trial < 300; trial++) {
      int rows = 1 + random.nextInt(5);
      int cols = 1 + random.nextInt(5);
      double[][] score = new double[rows][cols];
      for (double[] row : score) {
        for (int c = 0; c < cols; c++) {
          row[c] = random.nextInt(3) == 0 ? 0 : random.nextDouble();
        }
      }

      int[] assignment = Hungarian.maximize(score);

      assertThat(Hungarian.total(score, assignment))
          .isCloseTo(best(score, 0, new boolean[cols]), org.assertj.core.data.Offset.offset(1e-9));
      boolean[] used = new boolean[cols];
      for (int c : assignment) {
        if (c >= 0) {
          assertThat(used[c]).as("column %d used twice", c).isFalse();
          used[c] = true;
        }
      }
    }
  }

  private static double best(double[][] score, int row, boolean[] used) {
    if (row == score.length) {
      return 0;
    }
    double best = best(score, row + 1, used);
    for (int c = 0; c < used.length; c++) {
      if (!used[c] && score[row][c] > 0) {
        used[c] = true;
        best = Math.max(best, score[row][c] + best(score, row + 1, used));
        used[c] = false;
      }
    }
    return best;
  }

  @Test
  void rejectsNegativeAndRaggedScores() {
    assertThatThrownBy(() -> Hungarian.maximize(new double[][] {{-1}}))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Hungarian.maximize(new double[][] {{1, 2}, {1}}))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void anEmptyMatrixAssignsNothing() {
    assertThat(Hungarian.maximize(new double[0][0])).isEmpty();
  }
}
