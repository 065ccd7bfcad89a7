package dev.apex.world;

import dev.apex.core.Bounds;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.Source;
import java.util.List;

/**
 * A content-free structural hash of a {@link Scene}: two captures of one screen give the same
 * signature even when a clock, a counter or any other text changed; two different screens, or a
 * list that gained a row, give different ones.
 *
 * <p>What goes in, per element in scene order: its type, its resource id and the cell of a coarse
 * grid ({@value #COLUMNS} columns by {@value #ROWS} rows of the screen) that holds its centre; and
 * the screen size. What stays out: texts, confidences, ids (their derivation is perception's
 * business), state flags (a checked switch or a focused field is still the same screen), and
 * elements that only OCR found (they follow the text: a clock going from 9:59 to 10:00 widens its
 * box, a badge's box comes and goes with its count).
 *
 * <p>The grid is coarse on purpose, and coarser across than down, because a text that changes grows
 * sideways: its centre moves by half the growth, and a column of a sixth of the screen absorbs a
 * few characters. A grid has edges, though: a tree element whose centre sits right on a column edge
 * and whose text grows across it changes the signature. Types and resource ids, not geometry, are
 * what tell most screens apart.
 *
 * <p>One pass, no allocation but the result: 64-bit FNV-1a over the fields, finished with a
 * MurmurHash3 mix, written as 16 lowercase hex digits. Stable across runs and JVMs. Not a
 * cryptographic hash. Thread-safe (stateless).
 */
public final class ScreenSignature {

  static final int COLUMNS = 6;
  static final int ROWS = 24;

  /** Cell size in pixels when the scene does not know its screen size. */
  static final int FALLBACK_CELL = 96;

  private static final long FNV_OFFSET = 0xcbf29ce484222325L;
  private static final long FNV_PRIME = 0x100000001b3L;
  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private ScreenSignature() {}

  /** The signature of {@code scene} as 16 hex digits. */
  public static String of(Scene scene) {
    return hex(hash(scene));
  }

  /** The signature of {@code scene} as a number. */
  public static long hash(Scene scene) {
    int width = scene.width();
    int height = scene.height();
    long h = FNV_OFFSET;
    h = mixInt(h, width);
    h = mixInt(h, height);
    List<SceneElement> elements = scene.elements();
    // Indexed loop: the list is an immutable random-access list and this runs every step.
    for (int i = 0, n = elements.size(); i < n; i++) {
      SceneElement e = elements.get(i);
      if (e.source() == Source.OCR) {
        continue;
      }
      Bounds b = e.bounds();
      h = mixString(h, e.type());
      h = mixString(h, e.resourceId());
      h = mixInt(h, cell(b.centerX(), width, COLUMNS));
      h = mixInt(h, cell(b.centerY(), height, ROWS));
    }
    return fmix64(h);
  }

  static int cell(int coordinate, int extent, int cells) {
    if (extent <= 0) {
      return Math.floorDiv(coordinate, FALLBACK_CELL);
    }
    return (int) Math.floorDiv((long) coordinate * cells, extent);
  }

  private static long mixString(long h, String s) {
    // The length first, so ("ab", "") and ("a", "b") hash differently.
    int n = s.length();
    h = mixInt(h, n);
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      h = (h ^ (c & 0xff)) * FNV_PRIME;
      h = (h ^ (c >>> 8)) * FNV_PRIME;
    }
    return h;
  }

  private static long mixInt(long h, int v) {
    h = (h ^ (v & 0xff)) * FNV_PRIME;
    h = (h ^ ((v >>> 8) & 0xff)) * FNV_PRIME;
    h = (h ^ ((v >>> 16) & 0xff)) * FNV_PRIME;
    return (h ^ (v >>> 24)) * FNV_PRIME;
  }

  /** MurmurHash3's finaliser: multiplication carries only upward, so FNV's low bits mix poorly. */
  private static long fmix64(long k) {
    k ^= k >>> 33;
    k *= 0xff51afd7ed558ccdL;
    k ^= k >>> 33;
    k *= 0xc4ceb9fe1a85ec53L;
    return k ^ (k >>> 33);
  }

  static String hex(long v) {
    char[] out = new char[16];
    for (int i = 15; i >= 0; i--) {
      out[i] = HEX[(int) (v & 0xf)];
      v >>>= 4;
    }
    return new String(out);
  }
}
