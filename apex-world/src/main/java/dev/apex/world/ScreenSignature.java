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
 * <p>One pass, no allocation but the result: an xxHash64-style round per field (a string enters as
 * its {@link String#hashCode()}, which the JDK specifies and caches, and its length), finished with
 * MurmurHash3's finaliser, written as 16 lowercase hex digits. Stable across runs and JVMs. Not a
 * cryptographic hash: two resource ids with equal hash codes and lengths are possible in theory and
 * would only make two otherwise identical screens look alike. Thread-safe (stateless).
 */
public final class ScreenSignature {

  static final int COLUMNS = 6;
  static final int ROWS = 24;

  /** Cell size in pixels when the scene does not know its screen size. */
  static final int FALLBACK_CELL = 96;

  // xxHash64's primes.
  private static final long P1 = 0x9E3779B185EBCA87L;
  private static final long P2 = 0xC2B2AE3D27D4EB4FL;
  private static final long SEED = 0x27D4EB2F165667C5L;
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
    long h = round(SEED, pack(width, height));
    List<SceneElement> elements = scene.elements();
    // Indexed loop: the list is an immutable random-access list and this runs every step.
    for (int i = 0, n = elements.size(); i < n; i++) {
      SceneElement e = elements.get(i);
      if (e.source() == Source.OCR) {
        continue;
      }
      Bounds b = e.bounds();
      h = round(h, string(e.type()));
      h = round(h, string(e.resourceId()));
      h = round(h, pack(cell(b.centerX(), width, COLUMNS), cell(b.centerY(), height, ROWS)));
    }
    return fmix64(h);
  }

  static int cell(int coordinate, int extent, int cells) {
    if (extent <= 0) {
      return Math.floorDiv(coordinate, FALLBACK_CELL);
    }
    return (int) Math.floorDiv((long) coordinate * cells, extent);
  }

  /** The length with the hash, so ("ab", "") and ("a", "b") differ. */
  private static long string(String s) {
    return pack(s.hashCode(), s.length());
  }

  private static long pack(int high, int low) {
    return ((long) high << 32) | (low & 0xffffffffL);
  }

  private static long round(long h, long input) {
    return Long.rotateLeft(h + input * P2, 31) * P1;
  }

  /** MurmurHash3's finaliser: a round's multiply carries only upward; this mixes high into low. */
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
