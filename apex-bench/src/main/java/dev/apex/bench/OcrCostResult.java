package dev.apex.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * OcrCost's figures (M9): per sim screen and per web-task page, the median observe step (capture
 * and perceive, nanoseconds) four ways; per device kind's fake, a capture with its screenshot
 * against a tree-only one.
 *
 * @param measured false when tesseract is not installed (no OCR rows; the captures still are)
 * @param rows one per sim screen
 * @param web one per web-task page, in headless Chromium
 * @param webMissing why the web pages were not measured (Chromium did not start), or null
 * @param captures one per device kind
 */
public record OcrCostResult(
    boolean measured, List<Row> rows, List<Row> web, String webMissing, List<CaptureRow> captures)
    implements MetricResult {

  /**
   * The most a step with OCR at its default may cost against OCR off, on screens whose tree has the
   * text.
   */
  public static final double GOAL = 1.2;

  /** A row that says itself on one progress line. */
  interface Line {
    String line();
  }

  /**
   * @param screen the sim app (and what was changed), or the web task
   * @param treeHasText whether the tree carries every word by {@code SceneBuilder}'s rule (no blind
   *     region: the goal's screens)
   * @param ocrDefault capture with screenshot, perceive with OCR where the tree is blind
   * @param ocrOff capture with screenshot (a timeline keeps it), perceive without OCR
   * @param treeOnly tree-only capture, perceive without OCR (nothing records the step)
   * @param before capture, OCR of the whole screenshot, perceive: every step before issue 16
   */
  public record Row(
      String screen,
      boolean treeHasText,
      double ocrDefault,
      double ocrOff,
      double treeOnly,
      double before)
      implements Line {

    double ratio() {
      return ocrDefault / ocrOff;
    }

    @Override
    public String line() {
      return screen
          + ": default "
          + Fmt.nanos(ocrDefault)
          + ", off "
          + Fmt.nanos(ocrOff)
          + " ("
          + Fmt.times(ratio())
          + "), tree only "
          + Fmt.nanos(treeOnly)
          + ", before "
          + Fmt.nanos(before)
          + " ("
          + Fmt.times(before / ocrOff)
          + ")";
    }
  }

  /**
   * @param device the device kind and how it was reached
   * @param screen the dump the fake served, or the page or app shown
   * @param treeBytes the tree's size
   * @param screenshotBytes the screenshot's size
   * @param withScreenshot median {@code Device.capture()}, nanoseconds
   * @param treeOnly median {@code Device.captureTree()}, nanoseconds
   */
  public record CaptureRow(
      String device,
      String screen,
      int treeBytes,
      int screenshotBytes,
      double withScreenshot,
      double treeOnly)
      implements Line {

    @Override
    public String line() {
      return device
          + ": capture "
          + Fmt.nanos(withScreenshot)
          + ", tree only "
          + Fmt.nanos(treeOnly)
          + " (screenshot "
          + Fmt.bytes(screenshotBytes)
          + ")";
    }
  }

  public OcrCostResult {
    rows = List.copyOf(rows);
    web = List.copyOf(web);
    captures = List.copyOf(captures);
  }

  @Override
  public String id() {
    return "M9";
  }

  @Override
  public String title() {
    return "OCR only where the tree is blind, and capture only what is used";
  }

  @Override
  public String method() {
    return "Each sim screen and each web-task page (M8's, in headless Chromium at 1280 × 800) is"
        + " captured and perceived in interleaved rounds four ways: OCR at its default (Tesseract"
        + " on the blind regions only, none on a screen whose tree has every word), OCR off with"
        + " the screenshot still taken (a timeline keeps it), OCR off with a tree-only capture"
        + " (`Device.captureTree`, nothing records the step), and as before issue 16 (the whole"
        + " screenshot read on every step). Medians of wall time. A sim screen warms up for a"
        + " second and takes hundreds of rounds; a page takes fewer, each a real capture. *Tree"
        + " has the text* is `SceneBuilder`'s rule: no blind region. The sim caches rendered"
        + " screens, so its capture is cheap either way; on a phone the screenshot is the 0.3–2 s"
        + " `screencap`. The last table times each driver's `capture()` against `captureTree()`"
        + " against its loopback fake (the testkit's adb server and WebDriverAgent, serving the"
        + " median-sized shared dump of their kind and a screenshot-sized PNG), the sim, and"
        + " Chromium on the largest page: what a step saves when nothing needs the screenshot"
        + " (`describe --no-ocr`, element waits, settle checks, MCP `describe_screen`). The fakes"
        + " answer at once, so a real device's own screenshot time comes on top.";
  }

  @Override
  public List<Table> tables() {
    List<Table> tables = new ArrayList<>();
    tables.add(observeTable("Sim: observe step (capture + perceive), median", "screen", rows));
    if (!web.isEmpty()) {
      tables.add(
          observeTable("Web-task pages: observe step (capture + perceive), median", "page", web));
    }
    Table.Builder c =
        Table.builder(
            "Capture with the screenshot vs tree only, on each device kind's fake, median"
                + (webMissing == null ? "" : " (" + webMissing + ")"),
            "device",
            "screen",
            "tree",
            "screenshot",
            "capture()",
            "captureTree()",
            "saved per observation");
    for (CaptureRow r : captures) {
      c.row(
          r.device(),
          "`" + r.screen() + "`",
          Fmt.bytes(r.treeBytes()),
          Fmt.bytes(r.screenshotBytes()),
          Fmt.nanos(r.withScreenshot()),
          Fmt.nanos(r.treeOnly()),
          Fmt.nanos(Math.max(0, r.withScreenshot() - r.treeOnly())));
    }
    tables.add(c.build());
    return tables;
  }

  private static Table observeTable(String caption, String first, List<Row> rows) {
    Table.Builder t =
        Table.builder(
            caption,
            first,
            "tree has the text",
            "OCR default",
            "OCR off",
            "default ÷ off",
            "tree-only capture, OCR off",
            "before (whole-screen OCR)",
            "before ÷ off");
    for (Row r : rows) {
      t.row(
          r.screen(),
          r.treeHasText() ? "yes" : "no",
          Fmt.nanos(r.ocrDefault()),
          Fmt.nanos(r.ocrOff()),
          Fmt.times(r.ratio()),
          Fmt.nanos(r.treeOnly()),
          Fmt.nanos(r.before()),
          Fmt.times(r.before() / r.ocrOff()));
    }
    return t.build();
  }

  @Override
  public List<Goal> goals() {
    String name = "OCR default ÷ off where the tree has the text (the screens' medians summed)";
    if (!measured) {
      return List.of(
          Goal.aim(id(), name, "≤ " + Fmt.times(GOAL), "not measured (no tesseract)", false));
    }
    List<Goal> goals = new ArrayList<>();
    goals.add(goal("sim: " + name, rows));
    if (web.stream().anyMatch(Row::treeHasText)) {
      goals.add(goal("web pages: " + name, web));
    }
    return goals;
  }

  // Summed over the screens: each sim screen's median is tens of µs, so one screen's ratio is
  // noise.
  private Goal goal(String name, List<Row> of) {
    double ratio =
        of.stream().filter(Row::treeHasText).mapToDouble(Row::ocrDefault).sum()
            / of.stream().filter(Row::treeHasText).mapToDouble(Row::ocrOff).sum();
    return Goal.goal(id(), name, "≤ " + Fmt.times(GOAL), Fmt.times(ratio), ratio <= GOAL);
  }
}
