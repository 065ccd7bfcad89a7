package dev.apex.bench;

import dev.apex.core.Bounds;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;

/**
 * Which of many rectangles overlap a given one: a multi-level grid where each rectangle sits on the
 * level whose cells are at least as big as its longer side, so it touches at most 2×2 cells. The
 * harness's own index, independent of perception's, so that it finds candidate pairs the code under
 * test might miss. Built once; not thread-safe.
 */
final class RectIndex {

  private static final int BASE_CELL = 64;

  private final List<Bounds> rects;
  private final Map<Long, int[]> cells = new HashMap<>();
  private final int[] stamp;
  private int query;
  private int minLevel = Integer.MAX_VALUE;
  private int maxLevel = -1;

  /** Indexes every non-null rectangle with area. */
  RectIndex(List<Bounds> rects) {
    this.rects = rects;
    this.stamp = new int[rects.size()];
    for (int i = 0; i < rects.size(); i++) {
      Bounds b = rects.get(i);
      if (b != null && b.hasArea()) {
        insert(i, b);
      }
    }
  }

  /** Calls {@code action} once with each indexed rectangle that overlaps or touches {@code r}. */
  void overlapping(Bounds r, IntConsumer action) {
    query++;
    for (int level = minLevel; level <= maxLevel; level++) {
      int cell = BASE_CELL << level;
      for (int cx = Math.floorDiv(r.left(), cell); cx <= Math.floorDiv(r.right(), cell); cx++) {
        for (int cy = Math.floorDiv(r.top(), cell); cy <= Math.floorDiv(r.bottom(), cell); cy++) {
          int[] list = cells.get(key(level, cx, cy));
          if (list == null) {
            continue;
          }
          for (int k = 1; k <= list[0]; k++) {
            int item = list[k];
            Bounds b = rects.get(item);
            if (stamp[item] != query
                && b.left() <= r.right()
                && r.left() <= b.right()
                && b.top() <= r.bottom()
                && r.top() <= b.bottom()) {
              stamp[item] = query;
              action.accept(item);
            }
          }
        }
      }
    }
  }

  private void insert(int item, Bounds b) {
    int side = Math.max(b.width(), b.height());
    int level = 0;
    while (((long) BASE_CELL << level) < side) {
      level++;
    }
    minLevel = Math.min(minLevel, level);
    maxLevel = Math.max(maxLevel, level);
    int cell = BASE_CELL << level;
    for (int cx = Math.floorDiv(b.left(), cell); cx <= Math.floorDiv(b.right(), cell); cx++) {
      for (int cy = Math.floorDiv(b.top(), cell); cy <= Math.floorDiv(b.bottom(), cell); cy++) {
        // list[0] is the count; entries follow.
        cells.merge(
            key(level, cx, cy),
            new int[] {1, item},
            (old, one) -> {
              int[] grown = old[0] + 1 < old.length ? old : Arrays.copyOf(old, old.length * 2);
              grown[++grown[0]] = item;
              return grown;
            });
      }
    }
  }

  private static long key(int level, int cx, int cy) {
    return ((long) level << 56) ^ ((long) cx << 28) ^ (cy & 0xFFFFFFFL);
  }
}
