package dev.apex.bench;

import dev.apex.core.ApexException;
import dev.apex.core.RawCapture;
import dev.apex.core.RedactingStream;
import dev.apex.core.TreeFormat;
import dev.apex.device.Device;
import dev.apex.device.android.AdbAddress;
import dev.apex.device.android.AndroidDevice;
import dev.apex.device.android.AndroidOptions;
import dev.apex.device.ios.IosDevice;
import dev.apex.device.ios.IosOptions;
import dev.apex.device.sim.SimDevice;
import dev.apex.device.web.WebDevice;
import dev.apex.perception.BlindRegions;
import dev.apex.perception.OcrEngine;
import dev.apex.perception.Perceiver;
import dev.apex.perception.TreeParsers;
import dev.apex.perception.ocr.TesseractOcr;
import dev.apex.testkit.adb.FakeAdbServer;
import dev.apex.testkit.wda.FakeWda;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * M9: what OCR costs a step now that it reads only where the tree is blind, and what a tree-only
 * capture saves. On sim screens and on the web-task pages (M8's, in headless Chromium), the observe
 * step (capture and perceive) with OCR at its default, with OCR off while a timeline keeps
 * screenshots, with OCR off and nothing recording (the tree alone), and as before issue 16 (the
 * whole screenshot read on every step); then, on each device kind's loopback fake, a capture with
 * its screenshot against a tree-only one. Interleaved rounds, so a busy machine slows every way
 * alike. Runs alone with {@link #main}.
 */
public final class OcrCost {

  /** The sim apps measured; their trees carry all their text. */
  static final List<String> APPS =
      List.of(
          "com.apex.sim.launcher",
          "com.android.settings",
          "com.apex.sim.messages",
          "com.apex.sim.notes");

  /** Timed rounds of a cheap screen per round asked for. */
  static final int CHEAP_ROUNDS_PER_ROUND = 40;

  private OcrCost() {}

  /**
   * Measures every sim screen of {@link #APPS} and one whose tree lost a row's text (blind there),
   * every web-task page, and the capture of each device kind.
   *
   * @param rounds timed rounds per expensive screen (one where OCR runs or a browser captures)
   * @param dumps the shared UI dumps; the fakes serve the median-sized Android and iOS ones
   * @param tasks the web tasks whose pages are measured (the sim's are left out)
   */
  public static OcrCostResult measure(
      int rounds, List<Dump> dumps, List<WebTask> tasks, PrintWriter progress) {
    TesseractOcr tesseract = new TesseractOcr();
    boolean ocrInstalled = tesseract.available();
    if (!ocrInstalled) {
      say(progress, "  tesseract is not installed: OCR timings not measured, captures are");
    }
    Perceiver ocr = new Perceiver(tesseract);
    Perceiver off = new Perceiver(OcrEngine.NONE);
    List<OcrCostResult.Row> sim = new ArrayList<>();
    List<OcrCostResult.Row> web = new ArrayList<>();
    List<OcrCostResult.CaptureRow> captures = new ArrayList<>();
    try (SimDevice device =
        SimDevice.create(Clock.fixed(Instant.parse("2024-05-31T09:41:00Z"), ZoneOffset.UTC))) {
      if (ocrInstalled) {
        for (String app : APPS) {
          device.launchApp(app);
          sim.add(
              say(
                  progress,
                  row(
                      app,
                      true,
                      cheapPlan(true, rounds),
                      device::capture,
                      device::captureTree,
                      ocr,
                      off,
                      tesseract,
                      rounds)));
        }
        device.launchApp("com.android.settings");
        RawCapture blind = withoutText(device.capture(), "Bluetooth");
        RawCapture blindTree = withoutText(device.captureTree(), "Bluetooth");
        sim.add(
            say(
                progress,
                row(
                    "com.android.settings, \"Bluetooth\" removed from the tree",
                    false,
                    cheapPlan(false, rounds),
                    () -> blind,
                    () -> blindTree,
                    ocr,
                    off,
                    tesseract,
                    rounds)));
      }
      device.launchApp("com.android.settings");
      captures.add(say(progress, capture("sim", "com.android.settings", device, rounds)));
    }
    captures.addAll(fakes(dumps, rounds, progress));
    String webMissing = null;
    List<WebTask> pages = tasks.stream().filter(WebTask::web).toList();
    try (WebTaskPages served = new WebTaskPages(pages);
        WebDevice browser = WebTaskSuite.chromium()) {
      WebTask largest = null;
      int largestTree = -1;
      for (WebTask page : pages) {
        browser.launchApp(served.url(page));
        RawCapture tree = browser.captureTree();
        if (tree.tree().length > largestTree) {
          largest = page;
          largestTree = tree.tree().length;
        }
        if (ocrInstalled) {
          boolean hasText = BlindRegions.of(TreeParsers.parse(tree)).isEmpty();
          web.add(
              say(
                  progress,
                  row(
                      page.name(),
                      hasText,
                      Harness.Plan.fixed(2, rounds),
                      browser::capture,
                      browser::captureTree,
                      ocr,
                      off,
                      tesseract,
                      rounds)));
        }
      }
      if (largest != null) {
        browser.launchApp(served.url(largest));
        captures.add(say(progress, capture("web (Chromium)", largest.page(), browser, rounds)));
      }
    } catch (ApexException e) {
      webMissing = "Chromium did not start: " + e.getMessage();
      say(progress, "  " + webMissing + ": web pages not measured");
    }
    return new OcrCostResult(ocrInstalled, sim, web, webMissing, captures);
  }

  /** The Android and iOS drivers against the testkit's loopback fakes, serving shared dumps. */
  private static List<OcrCostResult.CaptureRow> fakes(
      List<Dump> dumps, int rounds, PrintWriter progress) {
    List<OcrCostResult.CaptureRow> rows = new ArrayList<>();
    Optional<Dump> android = median(dumps, TreeFormat.UIAUTOMATOR_XML);
    if (android.isPresent()) {
      Dump d = android.get();
      byte[] png = ScreenshotLike.png(d.screen().width(), d.screen().height());
      try (FakeAdbServer adb = FakeAdbServer.start()) {
        adb.addDevice("bench")
            .screenSize(d.screen().width(), d.screen().height())
            .dump(d.bytes())
            .screenshot(png);
        try (AndroidDevice device =
            AndroidDevice.connect(
                AdbAddress.parse(adb.address()), "bench", AndroidOptions.DEFAULTS)) {
          rows.add(say(progress, capture("Android (fake adb server)", d.file(), device, rounds)));
        }
      }
    }
    Optional<Dump> ios = median(dumps, TreeFormat.WDA_XML);
    if (ios.isPresent()) {
      Dump d = ios.get();
      double scale = d.screen().scale();
      byte[] png = ScreenshotLike.png(d.screen().width(), d.screen().height());
      try (FakeWda wda =
              FakeWda.start()
                  .screen(d.screen().width() / scale, d.screen().height() / scale, scale)
                  .source(d.bytes())
                  .screenshot(png);
          IosDevice device = IosDevice.connect(wda.url(), IosOptions.DEFAULTS)) {
        rows.add(say(progress, capture("iOS (fake WebDriverAgent)", d.file(), device, rounds)));
      }
    }
    return rows;
  }

  private static Optional<Dump> median(List<Dump> dumps, TreeFormat format) {
    List<Dump> of =
        dumps.stream()
            .filter(d -> d.format() == format)
            .sorted(Comparator.comparingInt(Dump::nodes))
            .toList();
    return of.isEmpty() ? Optional.empty() : Optional.of(of.get(of.size() / 2));
  }

  private static OcrCostResult.CaptureRow capture(
      String device, String screen, Device d, int rounds) {
    RawCapture full = d.capture();
    RawCapture tree = d.captureTree();
    List<Measurement> m =
        Harness.interleaved(
            new Harness.Plan(5, 500_000_000L, 4 * rounds, 40 * rounds, 1_000_000_000L),
            List.of(d::capture, d::captureTree));
    return new OcrCostResult.CaptureRow(
        device,
        Path.of(screen).getFileName().toString(),
        tree.tree().length,
        full.hasScreenshot() ? full.screenshot().length : 0,
        m.get(0).wall().median(),
        m.get(1).wall().median());
  }

  private static OcrCostResult.Row row(
      String screen,
      boolean treeHasText,
      Harness.Plan plan,
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
    List<Measurement> m = Harness.interleaved(plan, ops);
    // Apart: a whole-screen Tesseract run (a process, a few hundred ms) leaves the caches cold for
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

  /**
   * Where the tree has the text, each op takes well under a millisecond on the sim: a single
   * warm-up round would leave the code only OCR-default runs (the blind-region walk) interpreted
   * for the whole measurement, so those screens warm up for a second and take many rounds. Where
   * OCR runs, a round is a Tesseract process, and {@code rounds} of them suffice.
   */
  static Harness.Plan cheapPlan(boolean treeHasText, int rounds) {
    if (!treeHasText) {
      return Harness.Plan.fixed(1, rounds);
    }
    return new Harness.Plan(
        CHEAP_ROUNDS_PER_ROUND * rounds / 4,
        1_000_000_000L,
        CHEAP_ROUNDS_PER_ROUND * rounds,
        4 * CHEAP_ROUNDS_PER_ROUND * rounds,
        1_000_000_000L);
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

  private static <T extends OcrCostResult.Line> T say(PrintWriter progress, T row) {
    say(progress, "  " + row.line());
    return row;
  }

  private static void say(PrintWriter progress, String line) {
    progress.println(line);
    progress.flush();
  }

  /**
   * Measures and prints the metric's tables and goals: {@code java -cp apex.jar
   * dev.apex.bench.OcrCost [ROUNDS]}, with the dumps of {@code $APEX_TEST_DATA} (or {@code
   * ../shared/data}).
   */
  public static void main(String[] args) {
    // Page text and device errors reach this output: redacted and escaped like apex's own.
    RedactingStream.installOnSystemStreams();
    PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
    List<Dump> dumps = Dump.loadAll(BenchData.locate(null));
    OcrCostResult result = measure(rounds, dumps, WebTasks.all(), out);
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
