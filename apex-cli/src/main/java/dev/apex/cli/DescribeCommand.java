package dev.apex.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.apex.config.Settings;
import dev.apex.core.InvalidInputException;
import dev.apex.core.Json;
import dev.apex.core.Scene;
import dev.apex.llm.SemanticScene;
import dev.apex.perception.CompactEncoder;
import dev.apex.perception.OcrEngine;
import dev.apex.perception.Perceiver;
import dev.apex.runtime.agent.Agent;
import dev.apex.runtime.observe.PerceivingObserver;
import dev.apex.semantic.Enrichment;
import java.io.PrintWriter;
import java.nio.file.Path;
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
      description =
          "sim (default), android[:SERIAL], ios[:WDA_URL], web[:URL], webdriver:ENDPOINT.")
  String device;

  @Option(names = "--from-dump", paramLabel = "FILE", description = "Describe a saved UI dump.")
  Path dump;

  @Option(
      names = "--platform",
      paramLabel = "PLATFORM",
      description =
          "The dump's platform: android, appium, ios, web or generic (any other Appium platform:"
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
    if (dump != null && device != null) {
      throw new InvalidInputException(
          "--from-dump describes a saved file and --device a live screen: give one of them");
    }
    Settings settings = shared.settings();
    if (dump != null) {
      // A saved file: no device, and no OCR (there is no screenshot to read).
      Scene scene = DumpFile.describe(dump, platform, scale, new Perceiver(OcrEngine.NONE));
      if (!settings.semantic().enabled()) {
        print(scene, null, out);
        return 0;
      }
      // The agent labels the scene; it never opens its device for that. The model call is traced
      // under one apex.describe span, as a live screen's commands are.
      return wiring
          .tracer()
          .command(
              "describe",
              () -> {
                try (Agent agent = settings.agent().ocr(OcrEngine.NONE).build()) {
                  print(scene, agent.describe(scene).enrichment(), out);
                }
                return 0;
              });
    }
    return wiring.tracer().command("describe", () -> describeLive(settings, out, err));
  }

  /** The live screen of {@code --device}: its commands and model call under one span. */
  private int describeLive(Settings settings, PrintWriter out, PrintWriter err) {
    try (Agent agent =
        settings
            .agent()
            .device(device == null ? "sim" : device)
            .deviceOptions(shared.deviceOptions(settings))
            .deviceOpener(wiring.opener())
            .ocr(
                PerceivingObserver.ocr(
                    settings.ocr(),
                    notice -> {
                      err.println("apex: " + notice);
                      err.flush();
                    }))
            .build()) {
      Agent.Description description = agent.describe();
      print(description.scene(), description.enrichment(), out);
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
}
