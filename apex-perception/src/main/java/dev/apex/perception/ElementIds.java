package dev.apex.perception;

import dev.apex.core.Bounds;

/**
 * Stable element ids: a short hash of what identifies a node across captures (its path, resource id
 * and class), never a counter, so the same node of an unchanged screen keeps its id and a changed
 * text (a clock) does not move it. 52-bit FNV-1a in base 36, prefixed {@code e} for tree nodes and
 * {@code o} for OCR-only boxes. Thread-safe.
 */
public final class ElementIds {

  static final long FNV_OFFSET = 0xcbf29ce484222325L;
  private static final long FNV_PRIME = 0x100000001b3L;
  private static final long MASK = (1L << 52) - 1;

  private ElementIds() {}

  /** The id of a tree node. */
  public static String of(UiNode node) {
    // The path's hash is FNV-1a over its text, kept per path so no path text is built here.
    long h = node.nodePath().hash();
    h = mix((h ^ 1) * FNV_PRIME, node.resourceId());
    h = mix((h ^ 2) * FNV_PRIME, node.className());
    return "e" + Long.toString(h & MASK, 36);
  }

  /** The id of an OCR-only element: its text and where it is. */
  public static String ofOcr(OcrBox box) {
    Bounds b = box.bounds();
    long h = mix(FNV_OFFSET, box.text());
    h = (h ^ b.left()) * FNV_PRIME;
    h = (h ^ b.top()) * FNV_PRIME;
    h = (h ^ b.right()) * FNV_PRIME;
    h = (h ^ b.bottom()) * FNV_PRIME;
    return "o" + Long.toString(h & MASK, 36);
  }

  static long mix(long h, String s) {
    for (int i = 0; i < s.length(); i++) {
      h = mix(h, s.charAt(i));
    }
    return h;
  }

  static long mix(long h, char c) {
    return (h ^ c) * FNV_PRIME;
  }
}
