package dev.apex.bench;

import java.util.Arrays;
import java.util.Objects;

/**
 * The Hungarian algorithm (Kuhn–Munkres with potentials, O(r² (r + c)) for r rows and c columns):
 * an optimal assignment to compare a greedy one against. Used by the harness only.
 *
 * <p>Solves the maximum-weight matching: each row takes at most one column, each column at most one
 * row, and the sum of the scores taken is as large as possible. A score of 0 means "may not be
 * paired": a row whose best choice is 0 stays unassigned. Stateless and thread-safe.
 */
public final class Hungarian {

  private Hungarian() {}

  /**
   * An optimal assignment for {@code score[row][column]}, scores finite and non-negative.
   *
   * @return for each row its column, or -1 when it is left unassigned
   */
  public static int[] maximize(double[][] score) {
    Objects.requireNonNull(score, "score");
    int rows = score.length;
    if (rows == 0) {
      return new int[0];
    }
    int cols = score[0].length;
    for (double[] row : score) {
      if (row.length != cols) {
        throw new IllegalArgumentException("score must be rectangular");
      }
      for (double s : row) {
        if (!(s >= 0) || Double.isInfinite(s)) {
          throw new IllegalArgumentException("scores must be finite and >= 0, got " + s);
        }
      }
    }
    // One zero-score dummy column per row lets any row stay unassigned, and keeps rows <= columns.
    int m = cols + rows;
    double[] u = new double[rows + 1];
    double[] v = new double[m + 1];
    int[] owner = new int[m + 1];
    int[] way = new int[m + 1];
    double[] minv = new double[m + 1];
    boolean[] used = new boolean[m + 1];
    for (int i = 1; i <= rows; i++) {
      owner[0] = i;
      int j0 = 0;
      Arrays.fill(minv, Double.POSITIVE_INFINITY);
      Arrays.fill(used, false);
      do {
        used[j0] = true;
        int i0 = owner[j0];
        int j1 = 0;
        double delta = Double.POSITIVE_INFINITY;
        for (int j = 1; j <= m; j++) {
          if (!used[j]) {
            double cost = j <= cols ? -score[i0 - 1][j - 1] : 0;
            double cur = cost - u[i0] - v[j];
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
            u[owner[j]] += delta;
            v[j] -= delta;
          } else {
            minv[j] -= delta;
          }
        }
        j0 = j1;
      } while (owner[j0] != 0);
      do {
        int j1 = way[j0];
        owner[j0] = owner[j1];
        j0 = j1;
      } while (j0 != 0);
    }
    int[] assignment = new int[rows];
    Arrays.fill(assignment, -1);
    for (int j = 1; j <= cols; j++) {
      int row = owner[j] - 1;
      if (row >= 0 && score[row][j - 1] > 0) {
        assignment[row] = j - 1;
      }
    }
    return assignment;
  }

  /** The sum of the scores an assignment takes (entries of -1 take nothing). */
  public static double total(double[][] score, int[] assignment) {
    double sum = 0;
    for (int r = 0; r < assignment.length; r++) {
      if (assignment[r] >= 0) {
        sum += score[r][assignment[r]];
      }
    }
    return sum;
  }
}
