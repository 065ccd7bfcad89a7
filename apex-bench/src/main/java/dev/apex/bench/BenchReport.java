package dev.apex.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything one {@code apex bench} run measured.
 *
 * @param machine where it ran
 * @param options what was asked
 * @param dataDir the UI dumps' folder used
 * @param startedAt when the run started
 * @param elapsed how long it took
 * @param compression M1
 * @param retention M2
 * @param stepOverhead M3
 * @param fusionScaling M4
 * @param loopOverhead M5
 * @param mcp M6
 * @param replay M7
 * @param webTasks M8
 * @param ocr M9
 * @param smallContext M10
 * @param fleet M11
 */
public record BenchReport(
    Machine machine,
    BenchOptions options,
    Path dataDir,
    Instant startedAt,
    Duration elapsed,
    CompressionResult compression,
    RetentionResult retention,
    StepOverheadResult stepOverhead,
    FusionScalingResult fusionScaling,
    LoopOverheadResult loopOverhead,
    McpCostResult mcp,
    ReplayCostResult replay,
    WebTaskSuiteResult webTasks,
    OcrCostResult ocr,
    SmallContextFitResult smallContext,
    FleetLoadResult fleet) {

  public BenchReport {
    Objects.requireNonNull(machine, "machine");
    Objects.requireNonNull(options, "options");
    Objects.requireNonNull(dataDir, "dataDir");
    Objects.requireNonNull(startedAt, "startedAt");
    Objects.requireNonNull(elapsed, "elapsed");
    Objects.requireNonNull(compression, "compression");
    Objects.requireNonNull(retention, "retention");
    Objects.requireNonNull(stepOverhead, "stepOverhead");
    Objects.requireNonNull(fusionScaling, "fusionScaling");
    Objects.requireNonNull(loopOverhead, "loopOverhead");
    Objects.requireNonNull(mcp, "mcp");
    Objects.requireNonNull(replay, "replay");
    Objects.requireNonNull(webTasks, "webTasks");
    Objects.requireNonNull(ocr, "ocr");
    Objects.requireNonNull(smallContext, "smallContext");
    Objects.requireNonNull(fleet, "fleet");
  }

  /** M1 to M11, in order. */
  public List<MetricResult> metrics() {
    return List.of(
        compression,
        retention,
        stepOverhead,
        fusionScaling,
        loopOverhead,
        mcp,
        replay,
        webTasks,
        ocr,
        smallContext,
        fleet);
  }

  /** The metric with this id ({@code M1} to {@code M11}). */
  public Optional<MetricResult> metric(String id) {
    return metrics().stream().filter(m -> m.id().equals(id)).findFirst();
  }

  /** Every goal and aim, metric by metric. */
  public List<Goal> goals() {
    return metrics().stream().flatMap(m -> m.goals().stream()).toList();
  }

  /** The goals missed (aims are never missed goals). */
  public List<Goal> missedGoals() {
    return goals().stream().filter(g -> !g.passes()).toList();
  }

  /** Whether every goal is met; what {@code --check} exits by. */
  public boolean goalsMet() {
    return missedGoals().isEmpty();
  }
}
