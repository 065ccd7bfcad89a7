package dev.apex.cli;

import dev.apex.core.InvalidInputException;
import dev.apex.core.ParseException;
import dev.apex.core.RawCapture;
import dev.apex.core.Scene;
import dev.apex.core.ScreenSize;
import dev.apex.core.TreeFormat;
import dev.apex.perception.Perceiver;
import dev.apex.perception.TreeSniffer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * A saved UI dump given to {@code apex describe --from-dump}: read, its format taken from {@code
 * --platform} or sniffed, and perceived. Everything wrong with a dump is bad input ({@link
 * InvalidInputException}, exit 2): a missing or unreadable file, a malformed tree, and a tree with
 * elements of which the chosen platform's parser reads none (an iOS dump read as Android would
 * otherwise print an empty {@code 0x0} scene as if the screen were blank).
 */
final class DumpFile {

  static final String PLATFORMS = "android, appium, ios, web or generic (windows, mac2, tizen)";

  private DumpFile() {}

  /**
   * The scene of the dump at {@code file}.
   *
   * @param platform the {@code --platform} given, or null to sniff it
   * @param scale pixels per unit of the tree (an iOS dump's points); positive
   */
  static Scene describe(Path file, String platform, double scale, Perceiver perceiver) {
    if (scale <= 0) {
      throw new InvalidInputException("--scale must be positive, got " + scale);
    }
    byte[] bytes = read(file);
    Optional<TreeFormat> looksLike = TreeSniffer.sniff(bytes);
    TreeFormat format =
        platform != null
            ? format(platform)
            : looksLike.orElseThrow(
                () ->
                    new InvalidInputException(
                        "cannot tell what kind of dump "
                            + file
                            + " is; pass --platform "
                            + PLATFORMS));
    RawCapture capture =
        new RawCapture(
            "dump:" + file.getFileName(), format, bytes, null, new ScreenSize(0, 0, scale));
    Perceiver.Observation observation;
    try {
      observation = perceiver.perceive(capture);
    } catch (ParseException e) {
      throw new InvalidInputException(e.getMessage() + mismatch(format, looksLike), e);
    }
    if (observation.scene().elements().isEmpty()) {
      // An empty scene is a blank screen only when the dump is of the platform it was read as.
      if (looksLike.isPresent() && !TreeSniffer.sameParser(format, looksLike.get())) {
        throw new InvalidInputException(
            file
                + " has no "
                + name(format)
                + " elements"
                + mismatch(format, looksLike)
                + ", or leave --platform out");
      }
      long elements = looksLike.isPresent() ? 0 : startTags(bytes);
      if (elements > 1) {
        throw new InvalidInputException(
            file
                + " has "
                + elements
                + " elements but none that apex reads as "
                + name(format)
                + "; pass the --platform it was captured on ("
                + PLATFORMS
                + ")");
      }
    }
    return observation.scene();
  }

  /** {@code ": it looks like an ios dump; pass --platform ios"}, or "" when it does not. */
  private static String mismatch(TreeFormat given, Optional<TreeFormat> looksLike) {
    if (looksLike.isEmpty() || TreeSniffer.sameParser(given, looksLike.get())) {
      return "";
    }
    String name = name(looksLike.get());
    return ": it looks like "
        + (name.startsWith("a") || name.startsWith("i") ? "an " : "a ")
        + name
        + " dump; pass --platform "
        + name;
  }

  private static byte[] read(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      throw new InvalidInputException("no dump file at " + file + ": check the path");
    } catch (IOException e) {
      throw new InvalidInputException("cannot read the dump " + file + ": " + e.getMessage(), e);
    }
  }

  static TreeFormat format(String platform) {
    return switch (platform.toLowerCase(Locale.ROOT)) {
      case "android" -> TreeFormat.UIAUTOMATOR_XML;
      case "appium" -> TreeFormat.APPIUM_UIA2_XML;
      case "ios" -> TreeFormat.WDA_XML;
      case "web" -> TreeFormat.WEB_JSON;
      case "generic", "windows", "mac2", "mac", "tizen" -> TreeFormat.GENERIC_XML;
      default ->
          throw new InvalidInputException("unknown platform '" + platform + "': use " + PLATFORMS);
    };
  }

  /** The {@code --platform} name of a format. */
  static String name(TreeFormat format) {
    return switch (format) {
      case UIAUTOMATOR_XML -> "android";
      case APPIUM_UIA2_XML -> "appium";
      case WDA_XML -> "ios";
      case WEB_JSON -> "web";
      case GENERIC_XML -> "generic";
    };
  }

  /** How many XML start tags the dump holds (ASCII-readable encodings; 0 for JSON). */
  private static long startTags(byte[] bytes) {
    String text = new String(bytes, StandardCharsets.ISO_8859_1).replace("\0", "");
    long count = 0;
    for (int i = text.indexOf('<'); i >= 0 && i + 1 < text.length(); i = text.indexOf('<', i + 1)) {
      if (Character.isLetter(text.charAt(i + 1))) {
        count++;
      }
    }
    return count;
  }
}
