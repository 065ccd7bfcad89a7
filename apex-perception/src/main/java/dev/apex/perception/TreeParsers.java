package dev.apex.perception;

import dev.apex.core.InvalidInputException;
import dev.apex.core.RawCapture;
import dev.apex.core.TreeFormat;
import dev.apex.perception.android.AndroidTreeParser;
import dev.apex.perception.generic.GenericTreeParser;
import dev.apex.perception.ios.WdaTreeParser;
import dev.apex.perception.tree.TreeParser;
import dev.apex.perception.tree.UiTree;
import dev.apex.perception.web.WebTreeParser;
import java.util.Objects;

/** Picks the {@link TreeParser} for a capture's {@link TreeFormat}. Thread-safe. */
public final class TreeParsers {

  private static final TreeParser ANDROID = new AndroidTreeParser();
  private static final TreeParser WDA = new WdaTreeParser();
  private static final TreeParser WEB = new WebTreeParser();
  private static final TreeParser GENERIC = new GenericTreeParser();

  private TreeParsers() {}

  /**
   * The parser for {@code format}.
   *
   * @throws InvalidInputException when this build has no parser for the format
   */
  public static TreeParser forFormat(TreeFormat format) {
    Objects.requireNonNull(format, "format");
    return switch (format) {
      case UIAUTOMATOR_XML, APPIUM_UIA2_XML -> ANDROID;
      case WDA_XML -> WDA;
      case WEB_JSON -> WEB;
      case GENERIC_XML -> GENERIC;
    };
  }

  /**
   * Parses a capture's tree by its format.
   *
   * @throws dev.apex.core.ParseException naming the line and column when the tree is malformed
   * @throws InvalidInputException when this build has no parser for the format
   */
  public static UiTree parse(RawCapture capture) {
    Objects.requireNonNull(capture, "capture");
    return forFormat(capture.format()).parse(capture);
  }
}
