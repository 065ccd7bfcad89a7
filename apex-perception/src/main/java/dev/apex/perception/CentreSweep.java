package dev.apex.perception;

import dev.apex.core.Bounds;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * Answers "which rectangles contain this point" for points that come top to bottom, in time
 * proportional to the answer: a sweep line. Rectangles enter when the sweep reaches their top and
 * leave (lazily) once it passes their bottom; while active, each sits in one or two columns of the
 * level whose column width is the first power-of-two multiple of {@link #BASE_COLUMN} not narrower
 * than the rectangle. A query looks at one column per occupied level.
 *
 * <p>Why a sweep rather than a 2-D grid: the working set is the rectangles crossing the current
 * line, a few cache lines, however many rectangles there are, so the cost per query does not grow
 * with the tree. Containment is closed (edges included). Single-threaded; {@link #restart()} sweeps
 * again from the top.
 */
final class CentreSweep {

  private static final int BASE_COLUMN = 16;
  private static final int STRIDE = 5;

  private final int[] coords;
  private final int[] level;
  private final int[] byTop;
  private final int[] levels;

  private long[] columnKeys;
  private int[] columnList;
  private int columnCount;
  private int[][] lists;
  private int[] sizes;

  private int next;
  private double lastY;

  /**
   * Prepares a sweep over {@code rects[i]}, grown by {@code grow} pixels on every side, for every
   * {@code i} where {@code include} is null or true and the rectangle is not null.
   */
  CentreSweep(List<Bounds> rects, boolean[] include, int grow) {
    int n = rects.size();
    coords = new int[n * 4];
    level = new int[n];
    long[] tops = new long[n];
    int count = 0;
    boolean[] occupied = new boolean[32];
    for (int i = 0; i < n; i++) {
      Bounds b = rects.get(i);
      if (b == null || (include != null && !include[i])) {
        continue;
      }
      coords[i * 4] = b.left() - grow;
      coords[i * 4 + 1] = b.top() - grow;
      coords[i * 4 + 2] = b.right() + grow;
      coords[i * 4 + 3] = b.bottom() + grow;
      level[i] = levelOf((long) coords[i * 4 + 2] - coords[i * 4]);
      occupied[level[i]] = true;
      tops[count++] = RadixSort.pack(coords[i * 4 + 1], i);
    }
    RadixSort.sort(tops, count);
    byTop = new int[count];
    for (int k = 0; k < count; k++) {
      byTop[k] = RadixSort.payload(tops[k]);
    }
    int used = 0;
    int[] all = new int[occupied.length];
    for (int l = 0; l < occupied.length; l++) {
      if (occupied[l]) {
        all[used++] = l;
      }
    }
    levels = Arrays.copyOf(all, used);
    restart();
  }

  /** Twice the y of the centre, clamped to an int: the order in which to query centres. */
  static int doubledCentreY(Bounds b) {
    long twice = (long) b.top() + b.bottom();
    return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, twice));
  }

  /** The y of the centre, consistent with {@link #doubledCentreY}. */
  static double centreY(Bounds b) {
    return doubledCentreY(b) / 2.0;
  }

  /** The x of the centre, exact. */
  static double centreX(Bounds b) {
    return ((long) b.left() + b.right()) / 2.0;
  }

  /** Empties the sweep so that queries may start again from the top. */
  void restart() {
    columnKeys = new long[64];
    Arrays.fill(columnKeys, Long.MIN_VALUE);
    columnList = new int[64];
    columnCount = 0;
    lists = new int[16][];
    sizes = new int[16];
    next = 0;
    lastY = Double.NEGATIVE_INFINITY;
  }

  /**
   * Calls {@code action} with the index of every rectangle containing the point.
   *
   * @throws IllegalStateException when {@code y} is above the previous query's
   */
  void containing(double x, double y, IntConsumer action) {
    if (y < lastY) {
      throw new IllegalStateException("sweep queries must go top to bottom: " + y + " < " + lastY);
    }
    lastY = y;
    while (next < byTop.length && coords[byTop[next] * 4 + 1] <= y) {
      enter(byTop[next++]);
    }
    for (int l : levels) {
      int width = BASE_COLUMN << l;
      int list = find(key(l, (int) Math.floor(x / width)));
      if (list < 0) {
        continue;
      }
      int[] entries = lists[list];
      int size = sizes[list];
      for (int d = 0; d < size; ) {
        if (entries[d + 4] < y) {
          // Passed its bottom: swap the last entry in and look at this position again.
          size -= STRIDE;
          System.arraycopy(entries, size, entries, d, STRIDE);
          continue;
        }
        if (x >= entries[d + 1] && x <= entries[d + 3]) {
          action.accept(entries[d]);
        }
        d += STRIDE;
      }
      sizes[list] = size;
    }
  }

  private void enter(int item) {
    int l = level[item];
    int width = BASE_COLUMN << l;
    int from = Math.floorDiv(coords[item * 4], width);
    int to = Math.floorDiv(coords[item * 4 + 2], width);
    for (int column = from; column <= to; column++) {
      int list = findOrAdd(key(l, column));
      int size = sizes[list];
      int[] entries = lists[list];
      if (size == entries.length) {
        entries = Arrays.copyOf(entries, size * 2);
        lists[list] = entries;
      }
      entries[size] = item;
      System.arraycopy(coords, item * 4, entries, size + 1, 4);
      sizes[list] = size + STRIDE;
    }
  }

  private static int levelOf(long width) {
    int l = 0;
    while (((long) BASE_COLUMN << l) < width && l < 31) {
      l++;
    }
    return l;
  }

  private static long key(int level, int column) {
    return ((long) level << 32) | (column & 0xFFFFFFFFL);
  }

  private int find(long key) {
    int mask = columnKeys.length - 1;
    for (int s = hash(key) & mask; ; s = (s + 1) & mask) {
      if (columnKeys[s] == key) {
        return columnList[s];
      }
      if (columnKeys[s] == Long.MIN_VALUE) {
        return -1;
      }
    }
  }

  private int findOrAdd(long key) {
    int found = find(key);
    if (found >= 0) {
      return found;
    }
    if ((columnCount + 1) * 2 > columnKeys.length) {
      grow();
    }
    int mask = columnKeys.length - 1;
    int s = hash(key) & mask;
    while (columnKeys[s] != Long.MIN_VALUE) {
      s = (s + 1) & mask;
    }
    if (columnCount == lists.length) {
      lists = Arrays.copyOf(lists, columnCount * 2);
      sizes = Arrays.copyOf(sizes, columnCount * 2);
    }
    lists[columnCount] = new int[STRIDE * 4];
    columnKeys[s] = key;
    columnList[s] = columnCount;
    return columnCount++;
  }

  private void grow() {
    long[] oldKeys = columnKeys;
    int[] oldList = columnList;
    columnKeys = new long[oldKeys.length * 2];
    Arrays.fill(columnKeys, Long.MIN_VALUE);
    columnList = new int[columnKeys.length];
    int mask = columnKeys.length - 1;
    for (int i = 0; i < oldKeys.length; i++) {
      if (oldKeys[i] != Long.MIN_VALUE) {
        int s = hash(oldKeys[i]) & mask;
        while (columnKeys[s] != Long.MIN_VALUE) {
          s = (s + 1) & mask;
        }
        columnKeys[s] = oldKeys[i];
        columnList[s] = oldList[i];
      }
    }
  }

  private static int hash(long key) {
    return (int) ((key * 0x9E3779B97F4A7C15L) >>> 32);
  }
}
