package dev.apex.bench;

import java.util.List;

/**
 * OcrCost's figures: per sim screen, the median observe step (capture and perceive, nanoseconds)
 * four ways.
 *
 * @param measured false when tesseract is not installed (no rows)
 * @param rows one per screen
 */
public record OcrCostResult(boolean measured, List<Row> rows) implements MetricResult {

  /**
   * The most a step with OCR at its default may cost against OCR off, on screens whose tree has the
   * text.
   */
  public static final double GOAL = 1.2;

  /**
   * @param screen the sim app (and what was changed)
   * @param treeHasText whether the tree carries every word (the goal's screens)
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
      double before) {

    double ratio() {
      return ocrDefault / ocrOff;
    }

    String line() {
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

  public OcrCostResult {
    rows = List.copyOf(rows);
  }

  @Override
  public String id() {
    return "M9";
  }

  @Override
  public String title() {
    return "OCR only where the tree is blind: the observe step on the simulated phone";
  }

  @Override
  public String method() {
    return "Each sim screen is captured and perceived in interleaved rounds four ways: OCR at its"
        + " default (Tesseract on the blind regions only, none on a screen whose tree has every"
        + " word), OCR off with the screenshot still taken (a timeline keeps it), OCR off with a"
        + " tree-only capture (`Device.captureTree`, nothing records the step), and as before"
        + " issue 16 (the whole screenshot read on every step). Medians of wall time. The sim"
        + " caches rendered screens, so its capture is cheap either way; on a phone the"
        + " screenshot is the 0.3–2 s `screencap`.";
  }

  @Override
  public List<Table> tables() {
    Table.Builder t =
        Table.builder(
            "Observe step (capture + perceive), median",
            "screen",
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
    return List.of(t.build());
  }

  @Override
  public List<Goal> goals() {
    if (!measured) {
      return List.of(
          Goal.aim(
              id(),
              "OCR default ÷ off where the tree has the text",
              "≤ " + Fmt.times(GOAL),
              "not measured (no tesseract)",
              false));
    }
    // Summed over the screens: each screen's median is a few ms, so one screen's ratio is noise.
    double ratio =
        rows.stream().filter(Row::treeHasText).mapToDouble(Row::ocrDefault).sum()
            / rows.stream().filter(Row::treeHasText).mapToDouble(Row::ocrOff).sum();
    return List.of(
        Goal.goal(
            id(),
            "OCR default ÷ off where the tree has the text (the screens' medians summed)",
            "≤ " + Fmt.times(GOAL),
            Fmt.times(ratio),
            ratio <= GOAL));
  }
}
