package dev.apex.perception;

import dev.apex.core.Bounds;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * A multi-resolution grid answering "which rectangles contain this point" in time proportional to
 * the answer. Each rectangle lives on the level whose cell size is the first power-of-two multiple
 * of {@link #BASE_CELL} not smaller than its longer side, so it touches at most 2×2 cells however
 * big it is; a query visits one cell per occupied level. Containment is closed (edges included).
 * Built once, read-only afterwards; not thread-safe to build, safe to query from one thread.
 */
final class SpatialIndex {

  private static final int BASE_CELL = 16;
  private static final int OFFSET = 1 << 28;

  private final List<Bounds> rects;
  private final long[] keys;
  private final int[] heads;
  private final int mask;
  private final int[] entryItem;
  private final int[] entryNext;
  private int entries;
  private int minLevel = Integer.MAX_VALUE;
  private int maxLevel = -1;

  /**
   * Indexes {@code rects[i]} for every {@code i} where {@code include} is null or true.
   *
   * @param rects rectangles in pixels
   */
  SpatialIndex(List<Bounds> rects, boolean[] include) {
    this.rects = rects;
    int capacity = Integer.highestOneBit(Math.max(16, rects.size() * 8)) << 1;
    keys = new long[capacity];
    Arrays.fill(keys, -1L);
    heads = new int[capacity];
    mask = capacity - 1;
    entryItem = new int[rects.size() * 4 + 4];
    entryNext = new int[entryItem.length];
    for (int i = 0; i < rects.size(); i++) {
      if (include == null || include[i]) {
        insert(i, rects.get(i));
      }
    }
  }

  /** Calls {@code action} with the index of every indexed rectangle containing the point. */
  void containing(double x, double y, IntConsumer action) {
    for (int level = minLevel; level <= maxLevel; level++) {
      int cell = BASE_CELL << level;
      long key = key(level, (int) Math.floor(x / cell), (int) Math.floor(y / cell));
      for (int e = find(key); e >= 0; e = entryNext[e]) {
        int item = entryItem[e];
        Bounds b = rects.get(item);
        if (x >= b.left() && x <= b.right() && y >= b.top() && y <= b.bottom()) {
          action.accept(item);
        }
      }
    }
  }

  private void insert(int item, Bounds b) {
    long side = Math.max(1L, Math.max((long) b.right() - b.left(), (long) b.bottom() - b.top()));
    int level = 0;
    while (((long) BASE_CELL << level) < side && level < 30) {
      level++;
    }
    int cell = BASE_CELL << level;
    minLevel = Math.min(minLevel, level);
    maxLevel = Math.max(maxLevel, level);
    int x0 = Math.floorDiv(b.left(), cell);
    int x1 = Math.floorDiv(b.right(), cell);
    int y0 = Math.floorDiv(b.top(), cell);
    int y1 = Math.floorDiv(b.bottom(), cell);
    for (int cx = x0; cx <= x1; cx++) {
      for (int cy = y0; cy <= y1; cy++) {
        add(key(level, cx, cy), item);
      }
    }
  }

  private static long key(int level, int cx, int cy) {
    return ((long) level << 58)
        | (((long) (cx + OFFSET) & 0x1FFFFFFFL) << 29)
        | ((long) (cy + OFFSET) & 0x1FFFFFFFL);
  }

  private int slot(long key) {
    long h = key * 0x9E3779B97F4A7C15L;
    int slot = (int) (h >>> 40) & mask;
    while (keys[slot] != -1L && keys[slot] != key) {
      slot = (slot + 1) & mask;
    }
    return slot;
  }

  private int find(long key) {
    int slot = slot(key);
    return keys[slot] == key ? heads[slot] : -1;
  }

  private void add(long key, int item) {
    int slot = slot(key);
    int head = keys[slot] == key ? heads[slot] : -1;
    keys[slot] = key;
    entryItem[entries] = item;
    entryNext[entries] = head;
    heads[slot] = entries++;
  }
}
