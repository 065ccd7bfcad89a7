package dev.apex.perception;

import dev.apex.core.Bounds;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * A multi-resolution grid answering "which rectangles contain this point" in time proportional to
 * the answer. Each rectangle lives on the level whose cell size is the first power-of-two multiple
 * of {@link #BASE_CELL} not smaller than its longer side, so it touches at most 2×2 cells however
 * big it is; a query visits one cell on each occupied level. Containment is closed (edges
 * included).
 *
 * <p>Layout is for cache locality: a cell's rectangles sit contiguously, coordinates inline, found
 * through one open-addressing table of cell keys; callers that query in spatial order (top to
 * bottom) hit the same cells in a row. Immutable once built; safe to query from any thread.
 */
final class SpatialIndex {

  private static final int BASE_CELL = 16;
  private static final int OFFSET = 1 << 28;
  private static final int STRIDE = 5;

  /** Cell keys by slot, -1 when free. */
  private final long[] keys;

  /** Per slot: start (high 32 bits) and count (low 32 bits) of its run in {@link #data}. */
  private final long[] runs;

  private final int mask;

  /** Per entry: item, left, top, right, bottom. */
  private final int[] data;

  private final int[] levels;

  /**
   * Indexes {@code rects[i]}, grown by {@code grow} pixels on every side, for every {@code i} where
   * {@code include} is null or true and the rectangle is not null.
   *
   * @param rects rectangles in pixels
   */
  SpatialIndex(List<Bounds> rects, boolean[] include, int grow) {
    int n = rects.size();
    // Most rectangles touch one or two cells: ~4 slots per rectangle keeps the table half empty.
    int capacity = Integer.highestOneBit(Math.max(16, n * 4 - 1)) << 1;
    keys = new long[capacity];
    Arrays.fill(keys, -1L);
    runs = new long[capacity];
    mask = capacity - 1;
    boolean[] occupied = new boolean[31];
    int[] level = new int[n];
    // Pass 1: count the entries of each cell.
    int entries = 0;
    for (int i = 0; i < n; i++) {
      Bounds b = rects.get(i);
      if (b == null || (include != null && !include[i])) {
        level[i] = -1;
        continue;
      }
      level[i] = levelOf(b.right() - b.left() + 2L * grow, b.bottom() - b.top() + 2L * grow);
      occupied[level[i]] = true;
      int cell = BASE_CELL << level[i];
      int x1 = Math.floorDiv(b.right() + grow, cell);
      int y1 = Math.floorDiv(b.bottom() + grow, cell);
      for (int cx = Math.floorDiv(b.left() - grow, cell); cx <= x1; cx++) {
        for (int cy = Math.floorDiv(b.top() - grow, cell); cy <= y1; cy++) {
          long key = key(level[i], cx, cy);
          int slot = slot(key);
          keys[slot] = key;
          runs[slot]++;
          entries++;
        }
      }
    }
    // Starts by prefix sum; counts restart at zero and fill up in pass 2.
    int start = 0;
    for (int s = 0; s < capacity; s++) {
      if (keys[s] != -1L) {
        int count = (int) runs[s];
        runs[s] = (long) start << 32;
        start += count;
      }
    }
    data = new int[entries * STRIDE];
    for (int i = 0; i < n; i++) {
      if (level[i] < 0) {
        continue;
      }
      Bounds b = rects.get(i);
      int left = b.left() - grow;
      int top = b.top() - grow;
      int right = b.right() + grow;
      int bottom = b.bottom() + grow;
      int cell = BASE_CELL << level[i];
      for (int cx = Math.floorDiv(left, cell); cx <= Math.floorDiv(right, cell); cx++) {
        for (int cy = Math.floorDiv(top, cell); cy <= Math.floorDiv(bottom, cell); cy++) {
          int slot = slot(key(level[i], cx, cy));
          int at = (int) (runs[slot] >>> 32) + (int) runs[slot];
          runs[slot]++;
          int d = at * STRIDE;
          data[d] = i;
          data[d + 1] = left;
          data[d + 2] = top;
          data[d + 3] = right;
          data[d + 4] = bottom;
        }
      }
    }
    int count = 0;
    int[] used = new int[occupied.length];
    for (int l = 0; l < occupied.length; l++) {
      if (occupied[l]) {
        used[count++] = l;
      }
    }
    levels = Arrays.copyOf(used, count);
  }

  /** Calls {@code action} with the index of every indexed rectangle containing the point. */
  void containing(double x, double y, IntConsumer action) {
    for (int level : levels) {
      int cell = BASE_CELL << level;
      long key = key(level, (int) Math.floor(x / cell), (int) Math.floor(y / cell));
      int slot = slot(key);
      if (keys[slot] != key) {
        continue;
      }
      int from = (int) (runs[slot] >>> 32) * STRIDE;
      int to = from + (int) runs[slot] * STRIDE;
      for (int d = from; d < to; d += STRIDE) {
        if (x >= data[d + 1] && x <= data[d + 3] && y >= data[d + 2] && y <= data[d + 4]) {
          action.accept(data[d]);
        }
      }
    }
  }

  private static int levelOf(long width, long height) {
    long side = Math.max(1L, Math.max(width, height));
    int level = 0;
    while (((long) BASE_CELL << level) < side && level < 30) {
      level++;
    }
    return level;
  }

  private static long key(int level, int cx, int cy) {
    return ((long) level << 58)
        | (((long) (cx + OFFSET) & 0x1FFFFFFFL) << 29)
        | ((long) (cy + OFFSET) & 0x1FFFFFFFL);
  }

  /** The slot holding {@code key}, or the free slot where it would go. */
  private int slot(long key) {
    long h = key * 0x9E3779B97F4A7C15L;
    int slot = (int) (h >>> 40) & mask;
    while (keys[slot] != -1L && keys[slot] != key) {
      slot = (slot + 1) & mask;
    }
    return slot;
  }
}
