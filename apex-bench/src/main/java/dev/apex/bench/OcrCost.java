package dev.apex.bench;

import dev.apex.core.RawCapture;
import dev.apex.device.sim.SimDevice;
import dev.apex.perception.OcrEngine;
import dev.apex.perception.Perceiver;
import dev.apex.perception.ocr.TesseractOcr;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * What OCR costs a step now that it reads only where the tree is blind, and what a tree-only
 * capture saves: on sim screens, the observe step (capture and perceive) with OCR at its default,
 * with OCR off while a timeline keeps screenshots, with OCR off and nothing recording (the tree
 * alone), and as before issue 16 (the whole screenshot read on every step). Interleaved rounds, so
 * a busy machine slows all four alike. Runs alone with {@link #main}.
 */
public final class OcrCost {

  /** The sim apps measured; their trees carry all their text. */
  static final List<String> APPS =
      List.of(
          "com.apex.sim.launcher",
          "com.android.settings",
          "com.apex.sim.messages",
          "com.apex.sim.notes");

  private OcrCost() {}

  /**
   * Measures every sim screen of {@link #APPS} and one whose tree lost a row's text (blind there).
   *
   * @param rounds timed rounds per screen
   */
  public static OcrCostResult measure(int rounds, PrintWriter progress) {
    TesseractOcr tesseract = new TesseractOcr();
    if (!tesseract.available()) {
      progress.println("  tesseract is not installed: OcrCost not measured");
      progress.flush();
      return new OcrCostResult(false, List.of());
    }
    Perceiver ocr = new Perceiver(tesseract);
    Perceiver off = new Perceiver(OcrEngine.NONE);
    List<OcrCostResult.Row> rows = new ArrayList<>();
    try (SimDevice sim =
        SimDevice.create(Clock.fixed(Instant.parse("2024-05-31T09:41:00Z"), ZoneOffset.UTC))) {
      for (String app : APPS) {
        sim.launchApp(app);
        rows.add(
            row(app, true, () -> sim.capture(), sim::captureTree, ocr, off, tesseract, rounds));
        progress.println("  " + rows.get(rows.size() - 1).line());
        progress.flush();
      }
      sim.launchApp("com.android.settings");
      RawCapture full = sim.capture();
      RawCapture blind = withoutText(full, "Bluetooth");
      RawCapture blindTree = withoutText(sim.captureTree(), "Bluetooth");
      rows.add(
          row(
              "com.android.settings, \"Bluetooth\" removed from the tree",
              false,
              () -> blind,
              () -> blindTree,
              ocr,
              off,
              tesseract,
              rounds));
      progress.println("  " + rows.get(rows.size() - 1).line());
      progress.flush();
    }
    return new OcrCostResult(true, rows);
  }

  private static OcrCostResult.Row row(
      String screen,
      boolean treeHasText,
      Supplier<RawCapture> capture,
      Supplier<RawCapture> captureTree,
      Perceiver ocr,
      Perceiver off,
      TesseractOcr tesseract,
      int rounds) {
    List<Supplier<?>> ops =
        List.of(
            () -> ocr.perceive(capture.get()),
            () -> off.perceive(capture.get()),
            () -> off.perceive(captureTree.get()));
    List<Measurement> m = Harness.interleaved(Harness.Plan.fixed(1, rounds), ops);
    // Apart: a whole-screen Tesseract run (a process, half a second) leaves the caches cold for
    // whichever op follows it in a round, which would bias the comparison above.
    List<Measurement> before =
        Harness.interleaved(
            Harness.Plan.fixed(1, rounds),
            List.of(
                () -> {
                  RawCapture c = capture.get();
                  tesseract.recognize(c.screenshot());
                  return off.perceive(c);
                }));
    return new OcrCostResult.Row(
        screen,
        treeHasText,
        m.get(0).wall().median(),
        m.get(1).wall().median(),
        m.get(2).wall().median(),
        before.get(0).wall().median());
  }

  private static RawCapture withoutText(RawCapture c, String text) {
    String xml = new String(c.tree(), StandardCharsets.UTF_8);
    return new RawCapture(
        c.deviceId(),
        c.format(),
        xml.replace("text=\"" + text + "\"", "text=\"\"").getBytes(StandardCharsets.UTF_8),
        c.screenshot(),
        c.screen());
  }

  /** Measures and prints the metric's tables and goal: {@code java -cp apex.jar ... OcrCost}. */
  public static void main(String[] args) {
    PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
    OcrCostResult result = measure(rounds, out);
    for (Table t : result.tables()) {
      out.println(t.caption());
      out.println(String.join(" | ", t.headers()));
      t.rows().forEach(r -> out.println(String.join(" | ", r)));
    }
    result
        .goals()
        .forEach(g -> out.println(g.name() + ": " + g.measured() + " (" + g.target() + ")"));
    out.flush();
  }
}
