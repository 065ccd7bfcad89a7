package dev.apex.perception.tree;

/**
 * 64-bit FNV-1a, the hash behind stable element ids: {@link NodePath} keeps its text's hash, and
 * {@link dev.apex.perception.ElementIds} goes on from it with a node's resource id and class.
 * Stateless and thread-safe.
 */
public final class Fnv1a {

  /** The hash of nothing: where every hash starts. */
  public static final long OFFSET = 0xcbf29ce484222325L;

  /** The multiplier applied after each character or value folded in. */
  public static final long PRIME = 0x100000001b3L;

  private Fnv1a() {}

  /** {@code h} with the characters of {@code s} folded in. */
  public static long mix(long h, String s) {
    for (int i = 0; i < s.length(); i++) {
      h = mix(h, s.charAt(i));
    }
    return h;
  }

  /** {@code h} with {@code c} folded in. */
  public static long mix(long h, char c) {
    return (h ^ c) * PRIME;
  }
}
