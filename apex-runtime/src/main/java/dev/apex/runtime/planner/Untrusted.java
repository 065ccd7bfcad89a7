package dev.apex.runtime.planner;

import java.util.HexFormat;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Wraps text that came from a screen (or from a model that read one) so the model can tell it from
 * instructions: {@code <untrusted-data-NONCE kind="KIND">} … {@code </untrusted-data-NONCE>}, with
 * a nonce drawn afresh for every request, so text written before the request cannot know it. Inside
 * a block, anything that looks like such a tag — an opening or closing {@code untrusted-data} tag
 * with any nonce, any case, spaces inside — has its {@code <} written as {@code &lt;}, and the
 * nonce itself, should it appear, is masked; so a screen cannot close a block early or open one of
 * its own. The planner's prompts and the MCP server's tool results use it. Stateless.
 */
public final class Untrusted {

  public static final String TAG = "untrusted-data";

  private static final Pattern TAG_LIKE = Pattern.compile("(?i)<(\\s*/?\\s*untrusted)");

  private Untrusted() {}

  /** 16 hex digits from {@code random}. */
  public static String nonce(Random random) {
    byte[] bytes = new byte[8];
    random.nextBytes(bytes);
    return HexFormat.of().formatHex(bytes);
  }

  /** {@code content}, escaped, inside a block of {@code kind} marked with {@code nonce}. */
  public static String block(String nonce, String kind, String content) {
    return "<"
        + TAG
        + "-"
        + nonce
        + " kind=\""
        + kind
        + "\">\n"
        + escape(content, nonce).strip()
        + "\n</"
        + TAG
        + "-"
        + nonce
        + ">";
  }

  /**
   * A short nonce for a tool result's block: three digits, one token. A result's block needs no
   * more: {@link #result} defuses every tag look-alike inside it, whatever its nonce, so the nonce
   * only keeps one result's block apart from another's.
   */
  public static String shortNonce(Random random) {
    return String.format(java.util.Locale.ROOT, "%03d", random.nextInt(1000));
  }

  /**
   * A tool result's one block, as cheap as delimiting allows: {@code <untrustedNONCE>} … {@code
   * </untrustedNONCE>}, no kind, {@code content} with every tag look-alike defused. The nonce is
   * not masked inside (three digits appear in any screen's coordinates), and need not be.
   */
  public static String result(String nonce, String content) {
    return "<untrusted"
        + nonce
        + ">\n"
        + TAG_LIKE.matcher(content).replaceAll(Matcher.quoteReplacement("&lt;") + "$1").strip()
        + "\n</untrusted"
        + nonce
        + ">";
  }

  /** The content with tag look-alikes defused and the nonce masked. */
  public static String escape(String content, String nonce) {
    String defused = TAG_LIKE.matcher(content).replaceAll(Matcher.quoteReplacement("&lt;") + "$1");
    return defused.replace(nonce, "[nonce]");
  }
}
