package dev.apex.bench;

import dev.apex.core.TaskStatus;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** Hand-made reports with known figures, for rendering without running anything. */
final class Reports {

  private Reports() {}

  static Measurement measured(long... nanos) {
    return new Measurement(Timing.of(nanos), Timing.of(nanos));
  }

  /**
   * A report whose figures meet every goal, or miss M1's median when {@code missMedian}; M3's aim
   * is missed either way.
   */
  static BenchReport sample(boolean missMedian) {
    return sample(
        missMedian,
        new TimelineAppend.Result(42_000, measured(3_000_000, 4_000_000), measured(2_000_000)));
  }

  /** {@link #sample(boolean) sample(false)} with M6's figures {@code mcp}. */
  static BenchReport withMcp(McpCostResult mcp) {
    BenchReport r = sample(false);
    return new BenchReport(
        r.machine(),
        r.options(),
        r.dataDir(),
        r.startedAt(),
        r.elapsed(),
        r.compression(),
        r.retention(),
        r.stepOverhead(),
        r.fusionScaling(),
        r.loopOverhead(),
        mcp,
        r.replay(),
        r.webTasks(),
        r.ocr(),
        r.smallContext(),
        r.fleet());
  }

  /** {@link #sample(boolean) sample(false)} with M3's timeline append {@code append}. */
  static BenchReport withAppend(TimelineAppend.Result append) {
    return sample(false, append);
  }

  private static BenchReport sample(boolean missMedian, TimelineAppend.Result append) {
    CompressionResult compression =
        new CompressionResult(
            List.of(
                // Text-heavy screens: the structural overhead stays within its goal either way.
                new CompressionResult.Row(
                    "android/a.xml", 40, 4_000, missMedian ? 400 : 150, 120, 5, 5),
                new CompressionResult.Row(
                    "ios/b | c.xml", 60, 6_000, missMedian ? 600 : 200, 180, 9, 9)));
    RetentionResult retention =
        new RetentionResult(
            List.of(
                new RetentionResult.Row("android/a.xml", 12, 12, 1, List.of()),
                new RetentionResult.Row("ios/b | c.xml", 3, 3, 0, List.of())));
    StepOverheadResult step =
        new StepOverheadResult(
            List.of(
                new StepOverheadResult.Row(
                    "android/a.xml",
                    40,
                    7,
                    measured(100_000),
                    measured(180_000, 400_000),
                    measured(120_000),
                    measured(40_000),
                    measured(10_000),
                    measured(2_000))),
            append);
    FusionScalingResult fusion =
        new FusionScalingResult(
            List.of(
                new FusionScalingResult.Size(
                    355, 116, new FusionAgreement.Result(116, 300, 100, 3, 116, 50.0, 50.0)),
                new FusionScalingResult.Size(
                    3_511,
                    1_141,
                    new FusionAgreement.Result(1_141, 3_000, 990, 4, 1_140, 499, 500))),
            List.of(
                new FusionScalingResult.Step(
                    355,
                    3_511,
                    measured(100_000),
                    measured(1_100_000),
                    measured(130_000),
                    measured(1_100_000))));
    LoopOverheadResult loop =
        new LoopOverheadResult(
            20,
            List.of(
                new LoopOverheadResult.Variant(
                    "loop",
                    Timing.of(new long[] {900_000}),
                    Timing.of(new long[] {400_000}),
                    Timing.of(new long[] {30_000_000}),
                    Timing.of(new long[] {500_000}),
                    Timing.of(new long[] {0}))));
    McpCostResult mcp =
        new McpCostResult(
            List.of(
                new McpCostResult.Screen("android/a.xml", 40, 4_000, 150, 190),
                new McpCostResult.Screen("ios/b | c.xml", 60, 6_000, 200, 240)),
            new McpCostResult.Sim(
                "com.android.settings",
                5_000,
                300,
                new McpCostResult.Shot(
                    "default (max_width 540)", 540, 1200, 0.75, 60_000, 80_300, 40),
                new McpCostResult.Shot(
                    "full size (max_width 0)", 720, 1600, 1.0, 90_000, 120_300, 40)),
            new McpCostResult.ToolList(16, 9_000, 2_100),
            new McpCostResult.Tasks(
                List.of(
                    new McpCostResult.TaskRow(
                        "sim Wi-Fi", false, 4, 60, 250, 40, 1_900, true, null),
                    new McpCostResult.TaskRow(
                        "click-checkboxes", true, 4, 50, 300, 40, 2_300, true, null),
                    new McpCostResult.TaskRow(
                        "login-user", true, 6, 90, 350, 60, 2_300, true, null),
                    new McpCostResult.TaskRow(
                        "click-tab", true, 3, 15, 160, 33, 2_300, true, null)),
                null));
    return new BenchReport(
        new Machine(2, "AMD EPYC", "OpenJDK 17", "Linux", 6_000, "0.5"),
        new BenchOptions(true, false, null),
        Path.of("data"),
        Instant.parse("2024-05-31T09:41:00Z"),
        Duration.ofSeconds(21),
        compression,
        retention,
        step,
        fusion,
        loop,
        mcp,
        new ReplayCostResult(
            new ReplayCostResult.GoalRun(20, 21, 6, 6, 21, 9_000, 23, 34_000, 17, 25_000),
            new ReplayCostResult.Replay(
                TaskStatus.SUCCEEDED, 27, 0, true, "screen 9f78611795ee1e51, Wi-Fi off"),
            List.of(
                new ReplayCostResult.Drift(
                    "drift-renamed", TaskStatus.SUCCEEDED, 2, 0, 2, 2, 1, TaskStatus.SUCCEEDED, 0),
                new ReplayCostResult.Drift(
                    "drift-row", TaskStatus.SUCCEEDED, 0, 2, 0, 0, 0, null, 0))),
        webTasks(),
        new OcrCostResult(
            true,
            List.of(new OcrCostResult.Row("settings", true, 4.3e6, 4.1e6, 2.4e6, 785e6)),
            List.of(new OcrCostResult.Row("click-button", true, 31e6, 30e6, 12e6, 330e6)),
            null,
            List.of(
                new OcrCostResult.CaptureRow(
                    "Android (fake adb server)", "settings.xml", 41_000, 1_300_000, 9e6, 2e6))),
        new SmallContextFitResult("android/big_1080x2400.xml", 3_100, 3_050, 1_900, 4_096),
        FleetLoadResult.notMeasured("not run by --quick"));
  }

  /** A suite of two web tasks, one solved and one pending, the sim task solved. */
  static WebTaskSuiteResult webTasks() {
    WebTask click = WebTasks.named("click-button").orElseThrow();
    WebTask list = WebTasks.named("choose-list").orElseThrow();
    WebTask pending =
        new WebTask(
            list.name(),
            list.mirrors(),
            list.kind(),
            list.device(),
            list.page(),
            list.flow(),
            false,
            "a sample task known to fail");
    WebTask sim = WebTasks.named("notes-long-press").orElseThrow();
    return new WebTaskSuiteResult(
        List.of(
            new WebTaskRun(click, TaskStatus.SUCCEEDED, 2, Duration.ofMillis(900), "goal reached"),
            WebTaskRun.notRun(pending, "unknown action 'select_option'"),
            new WebTaskRun(sim, TaskStatus.SUCCEEDED, 5, Duration.ofMillis(1_500), "goal reached")),
        true,
        null,
        Duration.ofSeconds(12));
  }
}
