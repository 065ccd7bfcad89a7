package dev.apex.bench;

import java.util.List;
import java.util.Objects;

/**
 * M3's figures: per dump, the step's time next to the SAX baseline's, with a breakdown; and the
 * timeline append.
 *
 * @param rows one per dump, in the manifest's order
 * @param append the timeline append and its fsync floor
 */
public record StepOverheadResult(List<Row> rows, TimelineAppend.Result append)
    implements MetricResult {

  /** The goal: the step's median at most this many SAX parses' median, on every dump. */
  public static final double RATIO_GOAL = 3.0;

  /** A fast device path's capture time the step's p95 is compared with. */
  public static final double FAST_CAPTURE_NANOS = 20e6;

  /** The aim: the step's p95 at most this share of a fast capture... */
  public static final double CAPTURE_SHARE_AIM = 0.01;

  /** ...on screens of up to this many nodes. */
  public static final int AIM_MAX_NODES = 200;

  /**
   * One dump.
   *
   * @param dump its file in the data folder
   * @param nodes its node count
   * @param ocrBoxes synthetic OCR boxes fused in
   * @param sax the bare SAX parse (baseline)
   * @param step parse + fuse + encode + world update
   * @param parse the parse alone
   * @param fuse the scene build (fusion) alone
   * @param encode the compact encoding alone
   * @param world the world update alone
   */
  public record Row(
      String dump,
      int nodes,
      int ocrBoxes,
      Measurement sax,
      Measurement step,
      Measurement parse,
      Measurement fuse,
      Measurement encode,
      Measurement world) {

    /** Step median ÷ SAX median, by CPU time: the goal's figure. */
    public double ratio() {
      return step.cpuRatio(sax);
    }

    /** Step median ÷ SAX median, by the wall clock. */
    public double wallRatio() {
      return step.wallRatio(sax);
    }

    /** Step p95 (CPU time) ÷ a 20 ms capture. */
    public double captureShare() {
      return step.cpu().p95() / FAST_CAPTURE_NANOS;
    }

    /** Step p95 (wall clock) ÷ a 20 ms capture. */
    public double wallCaptureShare() {
      return step.wall().p95() / FAST_CAPTURE_NANOS;
    }
  }

  public StepOverheadResult {
    rows = List.copyOf(rows);
    Objects.requireNonNull(append, "append");
    if (rows.isEmpty()) {
      throw new IllegalArgumentException("rows must not be empty: measure at least one dump");
    }
  }

  public Row worstRatio() {
    return rows.stream().max((a, b) -> Double.compare(a.ratio(), b.ratio())).orElseThrow();
  }

  /** The worst capture share among screens of up to 200 nodes, or null when there is none. */
  public Row worstShareUpTo200() {
    return rows.stream()
        .filter(r -> r.nodes() <= AIM_MAX_NODES)
        .max((a, b) -> Double.compare(a.captureShare(), b.captureShare()))
        .orElse(null);
  }

  public double medianRatio() {
    double[] r = rows.stream().mapToDouble(Row::ratio).sorted().toArray();
    int n = r.length;
    return n % 2 == 1 ? r[n / 2] : (r[n / 2 - 1] + r[n / 2]) / 2;
  }

  @Override
  public String id() {
    return "M3";
  }

  @Override
  public String title() {
    return "Per-step overhead: perceiving a screen";
  }

  @Override
  public String method() {
    return "For each dump, one *step* is what the runtime does with a capture: parse the tree,"
        + " fuse OCR boxes into it (synthetic: one box tight around each visible text, as Tesseract"
        + " would give), write the compact encoding and update the world model. The *baseline* is"
        + " a bare JDK SAX parse of the same bytes (reused parser, every attribute read, nothing"
        + " built), the least any Java runtime does. Both run interleaved in the same rounds, with"
        + " the parts timed alone alongside, after a warm-up over every dump; times are medians and"
        + " p95 over the rounds, by the measuring thread's CPU time (the goal's clock, see above)"
        + " with the wall clock in brackets. The p95 is also given as a share of a 20 ms fast-path"
        + " capture.";
  }

  @Override
  public List<Table> tables() {
    Table.Builder main =
        Table.builder(
            "Step vs SAX baseline, per dump (CPU time; wall clock in brackets)",
            "dump",
            "nodes",
            "SAX median",
            "step median",
            "step p95",
            "step ÷ SAX",
            "p95 ÷ 20 ms",
            "rounds");
    Table.Builder parts =
        Table.builder(
            "Where a step's time goes (each part timed alone; wall-clock medians, since some"
                + " parts take less than the CPU clock resolves)",
            "dump",
            "parse",
            "fuse (OCR boxes)",
            "encode",
            "world update");
    for (Row r : rows) {
      main.row(
          "`" + r.dump() + "`",
          r.nodes(),
          Fmt.nanos(r.sax().cpu().median()) + " (" + Fmt.nanos(r.sax().wall().median()) + ")",
          Fmt.nanos(r.step().cpu().median()) + " (" + Fmt.nanos(r.step().wall().median()) + ")",
          Fmt.nanos(r.step().cpu().p95()) + " (" + Fmt.nanos(r.step().wall().p95()) + ")",
          Fmt.times(r.ratio()) + " (" + Fmt.times(r.wallRatio()) + ")",
          Fmt.percent(r.captureShare()) + " (" + Fmt.percent(r.wallCaptureShare()) + ")",
          r.step().cpu().samples());
      parts.row(
          "`" + r.dump() + "`",
          Fmt.nanos(r.parse().wall().median()),
          Fmt.nanos(r.fuse().wall().median()) + " (" + r.ocrBoxes() + ")",
          Fmt.nanos(r.encode().wall().median()),
          Fmt.nanos(r.world().wall().median()));
    }
    main.row("**median over dumps**", "", "", "", "", Fmt.times(medianRatio()), "", "");
    TimelineAppend.Result a = append;
    Table.Builder timelineRows =
        Table.builder(
                "Timeline append (SqliteTimeline, WAL, synchronous=FULL, on a temp file), next to"
                    + " the disk's fsync floor: the same bytes written and forced with"
                    + " FileChannel.force, and the same append on a PostgreSQL timeline when "
                    + TimelineAppend.ENV
                    + " (else "
                    + TimelineAppend.TEST_ENV
                    + ") names one",
                "operation",
                "bytes",
                "wall median",
                "wall p95",
                "CPU median",
                "rounds")
            .measured("append one step (scene, world state, PNG)", a.bytes(), a.append())
            .measured("write + fsync the same bytes", a.bytes(), a.fsync());
    a.postgres()
        .addRow(timelineRows, "append the same step on PostgreSQL", "same rounds", a.bytes());
    Table timeline = timelineRows.build();
    return List.of(main.build(), parts.build(), timeline);
  }

  @Override
  public List<Goal> goals() {
    Row worst = worstRatio();
    Row share = worstShareUpTo200();
    return List.of(
        Goal.goal(
            id(),
            "step ÷ SAX parse of the same bytes, every dump (CPU-time medians)",
            "≤ 3×",
            Fmt.times(worst.ratio())
                + " (worst: `"
                + worst.dump()
                + "`; wall clock "
                + Fmt.times(worst.wallRatio())
                + ")",
            worst.ratio() <= RATIO_GOAL),
        share == null
            ? Goal.aim(
                id(),
                "step p95 (CPU time) ÷ 20 ms capture, screens ≤ 200 nodes",
                "≤ 1 %",
                "–",
                true)
            : Goal.aim(
                id(),
                "step p95 (CPU time) ÷ 20 ms capture, screens ≤ 200 nodes",
                "≤ 1 %",
                Fmt.percent(share.captureShare())
                    + " (worst: `"
                    + share.dump()
                    + "`; wall clock "
                    + Fmt.percent(share.wallCaptureShare())
                    + ")",
                share.captureShare() <= CAPTURE_SHARE_AIM));
  }
}
