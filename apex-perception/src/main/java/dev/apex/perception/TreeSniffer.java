package dev.apex.perception;

import dev.apex.core.TreeFormat;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;

/**
 * Tells which {@link TreeFormat} a saved tree looks like from its first few kilobytes, without
 * parsing it: used to pick a dump's parser when nobody said, and to name the right one when the
 * parser given finds nothing. Reads any encoding that keeps ASCII readable (UTF-8, Latin-1, UTF-16
 * of either byte order). Stateless and thread-safe.
 */
public final class TreeSniffer {

  /** How much of the file is looked at: every format names itself in its first elements. */
  static final int HEAD_BYTES = 4096;

  private TreeSniffer() {}

  /** The format {@code bytes} look like, or empty when none of apex's formats is recognised. */
  public static Optional<TreeFormat> sniff(byte[] bytes) {
    Objects.requireNonNull(bytes, "bytes");
    String head =
        new String(bytes, 0, Math.min(bytes.length, HEAD_BYTES), StandardCharsets.ISO_8859_1)
            .replace("\0", "")
            .replace("\u00ef\u00bb\u00bf", "")
            .replace("\u00ff\u00fe", "")
            .replace("\u00fe\u00ff", "")
            .strip();
    if (head.contains("XCUIElementType")) {
      // Mac2 writes elementType numbers and titles where XCUITest writes type names.
      boolean mac2 = head.contains(" elementType=\"") && !head.contains(" type=\"XCUIElementType");
      return Optional.of(mac2 ? TreeFormat.GENERIC_XML : TreeFormat.WDA_XML);
    }
    if (head.contains("<node")) {
      return Optional.of(TreeFormat.UIAUTOMATOR_XML);
    }
    if (head.contains("<hierarchy")) {
      return Optional.of(TreeFormat.APPIUM_UIA2_XML);
    }
    if (head.startsWith("{") && head.contains("\"nodes\"")) {
      return Optional.of(TreeFormat.WEB_JSON);
    }
    if (head.startsWith("<")) {
      // Some other platform's XML (Windows, Tizen, a test driver): the generic parser reads any
      // element with a box, and refuses a source with none rather than showing an empty screen.
      return Optional.of(TreeFormat.GENERIC_XML);
    }
    return Optional.empty();
  }

  /**
   * Whether a tree of format {@code actual} would be read by {@code given}'s parser, so that an
   * empty result under {@code given} is a true empty screen rather than the wrong parser.
   */
  public static boolean sameParser(TreeFormat given, TreeFormat actual) {
    return TreeParsers.forFormat(given) == TreeParsers.forFormat(actual);
  }
}
