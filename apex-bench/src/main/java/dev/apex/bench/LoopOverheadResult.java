package dev.apex.bench;

import java.util.List;

/**
 * M5's figures: the loop's overhead per step over a 20-step flow on the sim, per variant.
 *
 * @param steps steps in the flow
 * @param variants the loop without and with the timeline
 */
public record LoopOverheadResult(int steps, List<Variant> variants) implements MetricResult {

  /**
   * One variant over its runs; every timing is per step (a run's figure ÷ its steps).
   *
   * @param name what runs
   * @param overhead wall time minus device time (and waits)
   * @param cpuOverhead the loop thread's CPU time minus its CPU time inside the device; it leaves
   *     out waiting for the disk, which the wall figure holds
   * @param device time inside the device
   * @param perception parse and scene build, part of the overhead
   * @param timeline timeline writes, part of the overhead (0 without)
   */
  public record Variant(
      String name,
      Timing overhead,
      Timing cpuOverhead,
      Timing device,
      Timing perception,
      Timing timeline) {

    static Variant of(String name, List<LoopOverhead.Run> runs) {
      int n = runs.size();
      long[] overhead = new long[n];
      long[] cpuOverhead = new long[n];
      long[] device = new long[n];
      long[] perception = new long[n];
      long[] timeline = new long[n];
      for (int i = 0; i < n; i++) {
        LoopOverhead.Run r = runs.get(i);
        int steps = Math.max(1, r.steps());
        overhead[i] = r.overhead() / steps;
        cpuOverhead[i] = r.cpuOverhead() / steps;
        device[i] = r.device() / steps;
        perception[i] = r.perception() / steps;
        timeline[i] = r.timeline() / steps;
      }
      return new Variant(
          name,
          Timing.of(overhead),
          Timing.of(cpuOverhead),
          Timing.of(device),
          Timing.of(perception),
          Timing.of(timeline));
    }
  }

  public LoopOverheadResult {
    variants = List.copyOf(variants);
  }

  @Override
  public String id() {
    return "M5";
  }

  @Override
  public String title() {
    return "Loop overhead: a 20-step flow on the simulated phone";
  }

  @Override
  public String method() {
    return "A "
        + steps
        + "-step flow (Settings: Wi-Fi, Bluetooth, dark theme; Notes: a new note; Messages) runs on"
        + " the simulated phone through apex's entry point, `Agent`, as `apex run` does: the real"
        + " `TaskRunner` (world tracking on, as by default), `FlowReplay`, tools and executor (its"
        + " safety check included), observing with the runtime's `PerceivingObserver` (no OCR:"
        + " Tesseract's time is the engine's; *perception* is each observation's time less its"
        + " capture's); the second variant also records"
        + " every step in a `SqliteTimeline` on a temporary file. The device is wrapped to add up"
        + " the time spent inside it (the sim renders its tree and a PNG per capture); *overhead*"
        + " is the run's wall time minus that, per step (and by CPU time: the loop thread's CPU"
        + " time minus its CPU time inside the device, which leaves out waiting for the disk)."
        + " Each run is a fresh sim and task; the"
        + " variants alternate run by run after warm-up runs. Medians and p95 are over runs.";
  }

  @Override
  public List<Table> tables() {
    Table.Builder t =
        Table.builder(
            "Per step (each run's total ÷ its steps)",
            "variant",
            "overhead median",
            "overhead p95",
            "overhead, CPU time (median)",
            "of which perception",
            "of which timeline",
            "inside the device (median)",
            "runs");
    for (Variant v : variants) {
      t.row(
          v.name(),
          Fmt.nanos(v.overhead().median()),
          Fmt.nanos(v.overhead().p95()),
          Fmt.nanos(v.cpuOverhead().median()),
          Fmt.nanos(v.perception().median()),
          v.timeline().median() == 0 ? "–" : Fmt.nanos(v.timeline().median()),
          Fmt.nanos(v.device().median()),
          v.overhead().samples());
    }
    return List.of(t.build());
  }

  /** Reported only: the issue sets no goal for M5. */
  @Override
  public List<Goal> goals() {
    return List.of();
  }
}
