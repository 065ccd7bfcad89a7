package dev.apex.perception;

import java.util.Arrays;

/**
 * A stable least-significant-digit radix sort of longs by their high 32 bits (unsigned), the low 32
 * bits carrying a payload such as an index. Linear time: fusion sorts boxes, nodes and pairs on
 * every capture, and a comparison sort's log factor would show as superlinear growth on big trees.
 */
final class RadixSort {

  private RadixSort() {}

  /** Packs a signed sort key and an unsigned payload; signed order becomes unsigned order. */
  static long pack(int key, int payload) {
    return ((long) (key ^ Integer.MIN_VALUE) << 32) | (payload & 0xFFFFFFFFL);
  }

  /** The payload of a packed value. */
  static int payload(long packed) {
    return (int) packed;
  }

  /** Sorts {@code a[0..n)} ascending by key, keeping the order of equal keys. */
  static void sort(long[] a, int n) {
    if (n < 2) {
      return;
    }
    long[] from = a;
    long[] to = new long[n];
    int[] count = new int[257];
    for (int shift = 32; shift < 64; shift += 8) {
      Arrays.fill(count, 0);
      for (int i = 0; i < n; i++) {
        count[(int) ((from[i] >>> shift) & 0xFF) + 1]++;
      }
      if (count[(int) ((from[0] >>> shift) & 0xFF) + 1] == n) {
        continue; // every key has the same digit here
      }
      for (int d = 0; d < 256; d++) {
        count[d + 1] += count[d];
      }
      for (int i = 0; i < n; i++) {
        to[count[(int) ((from[i] >>> shift) & 0xFF)]++] = from[i];
      }
      long[] swap = from;
      from = to;
      to = swap;
    }
    if (from != a) {
      System.arraycopy(from, 0, a, 0, n);
    }
  }
}
