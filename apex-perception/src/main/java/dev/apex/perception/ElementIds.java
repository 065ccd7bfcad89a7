package dev.apex.perception;

import dev.apex.core.Bounds;
import dev.apex.perception.tree.Fnv1a;
import dev.apex.perception.tree.UiNode;

/**
 * Stable element ids: a short hash of what identifies a node across captures (its path, resource id
 * and class), never a counter, so the same node of an unchanged screen keeps its id and a changed
 * text (a clock) does not move it. 52-bit FNV-1a in base 36, prefixed {@code e} for tree nodes and
 * {@code o} for OCR-only boxes. Thread-safe.
 */
public final class ElementIds {

  private static final long MASK = (1L << 52) - 1;

  private ElementIds() {}

  /** The id of a tree node. */
  public static String of(UiNode node) {
    // The path's hash is FNV-1a over its text, kept per path so no path text is built here.
    long h = node.nodePath().hash();
    h = Fnv1a.mix((h ^ 1) * Fnv1a.PRIME, node.resourceId());
    h = Fnv1a.mix((h ^ 2) * Fnv1a.PRIME, node.className());
    return "e" + Long.toString(h & MASK, 36);
  }

  /** The id of an OCR-only element: its text and where it is. */
  public static String ofOcr(OcrBox box) {
    Bounds b = box.bounds();
    long h = Fnv1a.mix(Fnv1a.OFFSET, box.text());
    h = (h ^ b.left()) * Fnv1a.PRIME;
    h = (h ^ b.top()) * Fnv1a.PRIME;
    h = (h ^ b.right()) * Fnv1a.PRIME;
    h = (h ^ b.bottom()) * Fnv1a.PRIME;
    return "o" + Long.toString(h & MASK, 36);
  }
}
