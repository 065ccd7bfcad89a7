package dev.apex.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.apex.core.InvalidInputException;
import dev.apex.core.Json;
import dev.apex.core.RawCapture;
import dev.apex.core.Scene;
import dev.apex.core.ScreenSize;
import dev.apex.core.TreeFormat;
import dev.apex.device.Device;
import dev.apex.perception.CompactEncoder;
import dev.apex.perception.Perceiver;
import dev.apex.semantic.Enricher;
import dev.apex.semantic.Enrichment;
import dev.apex.semantic.SemanticScene;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code apex describe}: the Scene of a live device or of a saved dump, as JSON or as the compact
 * encoding, optionally with its semantic labels. Exits 0 whenever the scene itself was captured,
 * whether or not labelling worked.
 */
@Command(
    name = "describe",
    description = "Print the Scene of a device's screen or of a saved UI dump.",
    mixinStandardHelpOptions = true)
final class DescribeCommand implements Callable<Integer> {

  enum Format {
    json,
    compact
  }

  @Option(
      names = {"-d", "--device"},
      paramLabel = "DEVICE",
      defaultValue = "sim",
      description =
          "sim (default), android[:SERIAL], ios[:WDA_URL], web[:URL], webdriver:ENDPOINT.")
  String device;

  @Option(names = "--from-dump", paramLabel = "FILE", description = "Describe a saved UI dump.")
  Path dump;

  @Option(
      names = "--platform",
      paramLabel = "PLATFORM",
      description =
          "The dump's platform: android, appium, ios or generic (any other Appium platform:"
              + " windows, mac2, tizen; default: detected).")
  String platform;

  @Option(
      names = "--scale",
      paramLabel = "FACTOR",
      defaultValue = "1",
      description = "Pixels per unit of an iOS dump (its points); default ${DEFAULT-VALUE}.")
  double scale;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      defaultValue = "compact",
      description = "json or compact (default ${DEFAULT-VALUE}).")
  Format format;

  @Mixin SharedOptions shared;

  @Mixin VerboseOption verbose;

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  /** How devices open; set by {@link ApexCli}'s factory. */
  Wiring wiring = Wiring.DEFAULT;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Settings settings = shared.settings();
    Perceiver perceiver = new Perceiver(Observe.ocr(settings.ocr() && dump == null, err));
    Scene scene;
    if (dump != null) {
      scene = perceiver.observe(readDump());
    } else {
      try (Device d = wiring.devices().open(device, shared.adb, shared.capabilities)) {
        scene = perceiver.observe(d.capture());
      }
    }
    if (!settings.semantic().enabled()) {
      print(scene, null, out);
      return 0;
    }
    try (Enricher enricher = Enricher.create(settings.semantic())) {
      Enrichment enrichment = enricher.enrich(scene, Observe.compactContext(scene, null));
      print(scene, enrichment, out);
    }
    return 0;
  }

  private void print(Scene scene, Enrichment enrichment, PrintWriter out) {
    if (format == Format.json) {
      if (enrichment == null) {
        out.println(Json.writePretty(scene));
      } else {
        ObjectNode root = Json.mapper().createObjectNode();
        root.set("scene", Json.mapper().valueToTree(scene));
        root.set("semantic_scene", Json.mapper().valueToTree(enrichment.semanticScene()));
        if (!enrichment.available()) {
          root.put("semantic_unavailable", enrichment.reason());
        }
        out.println(Json.writePretty(root));
      }
    } else {
      out.print(CompactEncoder.encode(scene));
      if (enrichment != null) {
        printSemantic(scene, enrichment, out);
      }
    }
    out.flush();
  }

  private static void printSemantic(Scene scene, Enrichment enrichment, PrintWriter out) {
    if (!enrichment.available()) {
      out.println("semantic: unavailable (" + enrichment.reason() + ")");
      return;
    }
    SemanticScene s = enrichment.semanticScene();
    out.println("page: " + s.page());
    out.println("intents: " + String.join("; ", s.intents()));
    for (SemanticScene.Widget w : s.widgets()) {
      int handle = scene.elements().indexOf(scene.element(w.elementId()).orElse(null)) + 1;
      out.println("widget " + (handle > 0 ? handle : w.elementId()) + ": " + w.purpose());
    }
  }

  private RawCapture readDump() {
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(dump);
    } catch (NoSuchFileException e) {
      throw new InvalidInputException("no dump file at " + dump + ": check the path");
    } catch (IOException e) {
      throw new InvalidInputException("cannot read the dump " + dump + ": " + e.getMessage(), e);
    }
    if (scale <= 0) {
      throw new InvalidInputException("--scale must be positive, got " + scale);
    }
    TreeFormat format = platform == null ? detect(bytes) : format(platform);
    return new RawCapture(
        "dump:" + dump.getFileName(), format, bytes, null, new ScreenSize(0, 0, scale));
  }

  private static TreeFormat format(String platform) {
    return switch (platform.toLowerCase(Locale.ROOT)) {
      case "android" -> TreeFormat.UIAUTOMATOR_XML;
      case "appium" -> TreeFormat.APPIUM_UIA2_XML;
      case "ios" -> TreeFormat.WDA_XML;
      case "generic", "windows", "mac2", "mac", "tizen" -> TreeFormat.GENERIC_XML;
      default ->
          throw new InvalidInputException(
              "unknown platform '"
                  + platform
                  + "': use android, appium, ios or generic (windows, mac2, tizen)");
    };
  }

  /** Guesses the format from the first few kilobytes (any encoding that keeps ASCII readable). */
  static TreeFormat detect(byte[] bytes) {
    String head =
        new String(bytes, 0, Math.min(bytes.length, 4096), StandardCharsets.ISO_8859_1)
            .replace("\0", "");
    if (head.contains("XCUIElementType")) {
      // Mac2 writes elementType numbers and titles where XCUITest writes type names.
      boolean mac2 = head.contains(" elementType=\"") && !head.contains(" type=\"XCUIElementType");
      return mac2 ? TreeFormat.GENERIC_XML : TreeFormat.WDA_XML;
    }
    if (head.contains("<node")) {
      return TreeFormat.UIAUTOMATOR_XML;
    }
    if (head.contains("<hierarchy")) {
      return TreeFormat.APPIUM_UIA2_XML;
    }
    if (looksLikeXml(head)) {
      // Some other platform's XML (Windows, Tizen, a test driver): the generic parser reads any
      // element with a box, and refuses a source with none rather than showing an empty screen.
      return TreeFormat.GENERIC_XML;
    }
    throw new InvalidInputException(
        "cannot tell what kind of dump this is; pass --platform android, appium, ios or generic");
  }

  /** Whether the text starts with a tag, after white space and a byte-order mark. */
  private static boolean looksLikeXml(String head) {
    int lt = head.indexOf('<');
    return lt >= 0
        && head.substring(0, lt)
            .chars()
            .allMatch(c -> Character.isWhitespace(c) || c == 0xEF || c == 0xBB || c == 0xBF);
  }
}
