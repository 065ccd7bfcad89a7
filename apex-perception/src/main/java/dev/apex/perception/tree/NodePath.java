package dev.apex.perception.tree;

/**
 * A node's position from the root as child indexes, written {@code 0/3/1} (the root's is empty).
 * Each path is a link to its parent's plus one index, so a tree's paths cost memory linear in its
 * node count however deep it nests; the text is built only when asked for. The FNV-1a hash of the
 * text, which {@link dev.apex.perception.ElementIds} starts from, is kept per path and extended
 * from the parent's, so ids cost constant time per node and equal those of the text. Immutable and
 * thread-safe.
 */
public final class NodePath {

  /** The root's path: empty. */
  public static final NodePath ROOT = new NodePath(null, -1, "", Fnv1a.OFFSET);

  private final NodePath parent;
  private final int index;
  private final String text; // kept only for the root and for paths given as text
  private final long hash;

  private NodePath(NodePath parent, int index, String text, long hash) {
    this.parent = parent;
    this.index = index;
    this.text = text;
    this.hash = hash;
  }

  /** The path of this node's child number {@code index} (0-based). */
  public NodePath child(int index) {
    if (index < 0) {
      throw new IllegalArgumentException("a child index must not be negative, was " + index);
    }
    long h = this == ROOT ? hash : Fnv1a.mix(hash, '/');
    return new NodePath(this, index, null, Fnv1a.mix(h, Integer.toString(index)));
  }

  /**
   * The path written as {@code text}: child indexes joined by {@code /} are read as such, so {@code
   * of("0/3").child(1)} equals {@code of("0/3/1")}; any other text is kept as one opaque step
   * (hand-made trees in tests, other tools' ids).
   */
  public static NodePath of(String text) {
    if (text.isEmpty()) {
      return ROOT;
    }
    if (!text.matches("(0|[1-9][0-9]{0,8})(/(0|[1-9][0-9]{0,8}))*")) {
      return new NodePath(null, -1, text, Fnv1a.mix(Fnv1a.OFFSET, text));
    }
    NodePath path = ROOT;
    for (String step : text.split("/")) {
      path = path.child(Integer.parseInt(step));
    }
    return path;
  }

  /** The FNV-1a hash ({@link Fnv1a}) of {@link #toString()}. */
  public long hash() {
    return hash;
  }

  /** The text, e.g. {@code 0/3/1}; built on each call, in time linear in the depth. */
  @Override
  public String toString() {
    if (text != null) {
      return text;
    }
    int steps = 0;
    NodePath p = this;
    while (p.text == null) {
      steps++;
      p = p.parent;
    }
    int[] indexes = new int[steps];
    p = this;
    for (int i = steps - 1; i >= 0; i--) {
      indexes[i] = p.index;
      p = p.parent;
    }
    StringBuilder out = new StringBuilder(p.text);
    for (int i = 0; i < steps; i++) {
      if (out.length() > 0) {
        out.append('/');
      }
      out.append(indexes[i]);
    }
    return out.toString();
  }

  @Override
  public boolean equals(Object o) {
    return o == this
        || (o instanceof NodePath other
            && other.hash == hash
            && other.toString().equals(toString()));
  }

  @Override
  public int hashCode() {
    return Long.hashCode(hash);
  }
}
