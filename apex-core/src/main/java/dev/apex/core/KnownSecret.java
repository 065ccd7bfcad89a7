package dev.apex.core;

import java.util.HashMap;
import java.util.Map;

/**
 * One registered secret and how to find it, or a fragment of it, in a text, ignoring case. A secret
 * of at least {@link Secrets#MIN_FRAGMENT} characters is found by each of its windows of that
 * length (a rolling hash over the text, each hit verified character by character), so any run of
 * that many of its characters is found wherever it stands; a shorter one only whole. Immutable.
 */
final class KnownSecret {

  private static final long BASE = 1_000_003L;

  private final String lower;
  private final int window;

  /** Hash of each window of {@link #lower} to the window's first offset (later ones chained). */
  private final Map<Long, int[]> windows = new HashMap<>();

  /**
   * One bit per window hash (its low {@value #FILTER_BITS_LOG2} bits): {@link #mark} scans every
   * string apex writes, so a character whose window cannot match is passed over without boxing a
   * hash for the map.
   */
  private final long[] filter = new long[(1 << FILTER_BITS_LOG2) / 64];

  private static final int FILTER_BITS_LOG2 = 12;

  private final long topPower;

  KnownSecret(String secret) {
    this.lower = lowerCase(secret);
    this.window = Math.min(Secrets.MIN_FRAGMENT, lower.length());
    long power = 1;
    for (int i = 1; i < window; i++) {
      power *= BASE;
    }
    this.topPower = power;
    long hash = 0;
    for (int i = 0; i < lower.length(); i++) {
      if (i >= window) {
        hash -= lower.charAt(i - window) * topPower;
      }
      hash = hash * BASE + lower.charAt(i);
      if (i >= window - 1) {
        int start = i - window + 1;
        windows.merge(hash, new int[] {start}, KnownSecret::concat);
        int bit = filterBit(hash);
        filter[bit >>> 6] |= 1L << bit;
      }
    }
  }

  boolean is(String value) {
    return lower.equals(lowerCase(value));
  }

  /**
   * Marks in {@code hidden} every character of {@code text} that lies in a window matching this
   * secret (the whole secret when it is shorter than a window). Returns whether any was marked.
   */
  boolean mark(String text, boolean[] hidden) {
    if (text.length() < window) {
      return false;
    }
    boolean any = false;
    long hash = 0;
    for (int i = 0; i < text.length(); i++) {
      if (i >= window) {
        hash -= Character.toLowerCase(text.charAt(i - window)) * topPower;
      }
      hash = hash * BASE + Character.toLowerCase(text.charAt(i));
      if (i >= window - 1 && mayMatch(hash)) {
        int[] starts = windows.get(hash);
        int from = i - window + 1;
        if (starts != null && matchesAny(text, from, starts)) {
          for (int j = from; j <= i; j++) {
            hidden[j] = true;
          }
          any = true;
        }
      }
    }
    return any;
  }

  private boolean mayMatch(long hash) {
    int bit = filterBit(hash);
    return (filter[bit >>> 6] & (1L << bit)) != 0;
  }

  private static int filterBit(long hash) {
    return (int) (hash ^ (hash >>> 29)) & ((1 << FILTER_BITS_LOG2) - 1);
  }

  private boolean matchesAny(String text, int from, int[] starts) {
    for (int start : starts) {
      if (text.regionMatches(true, from, lower, start, window)) {
        return true;
      }
    }
    return false;
  }

  private static int[] concat(int[] a, int[] b) {
    int[] both = new int[a.length + b.length];
    System.arraycopy(a, 0, both, 0, a.length);
    System.arraycopy(b, 0, both, a.length, b.length);
    return both;
  }

  private static String lowerCase(String s) {
    StringBuilder out = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      out.append(Character.toLowerCase(s.charAt(i)));
    }
    return out.toString();
  }
}
