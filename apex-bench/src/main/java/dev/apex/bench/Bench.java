package dev.apex.bench;

import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.StepResult;
import dev.apex.device.sim.SimDevice;
import dev.apex.perception.SceneBuilder;
import dev.apex.perception.TreeParsers;
import dev.apex.world.WorldModel;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@code apex bench}: runs M1 to M11 and returns the {@link BenchReport}; {@link
 * BenchmarksMarkdown} writes it as {@code BENCHMARKS.md}.
 *
 * <pre>{@code
 * BenchReport report = Bench.run(options, progress);
 * BenchmarksMarkdown.write(report, BenchmarksMarkdown.defaultFile());
 * return options.check() && !report.goalsMet() ? 1 : 0;
 * }</pre>
 *
 * <p>A full run takes a few minutes on two cores; {@code quick} a minute or two. Runs on the
 * calling thread and uses no other; timings are best on an otherwise idle machine, but every timing
 * goal is a ratio against a baseline interleaved with the measured code, so a busy machine slows
 * both.
 */
public final class Bench {

  private Bench() {}

  /** How much to measure, by mode. */
  private record Settings(
      Harness.Plan step,
      long stepWarmupNanos,
      Harness.Plan append,
      int[] fusionSizes,
      List<Harness.Plan> fusionPlans,
      int loopWarmupRuns,
      int loopRuns) {

    static final Settings FULL =
        new Settings(
            new Harness.Plan(300, 0, 200, 10_000, 2_500_000_000L),
            5_000_000_000L,
            Harness.Plan.fixed(10, 100),
            new int[] {350, 3_500, 35_000},
            List.of(
                new Harness.Plan(50, 3_000_000_000L, 50, 1_000, 4_000_000_000L),
                new Harness.Plan(5, 5_000_000_000L, 15, 300, 15_000_000_000L)),
            5,
            40);

    static final Settings QUICK =
        new Settings(
            new Harness.Plan(100, 0, 30, 500, 150_000_000L),
            2_000_000_000L,
            Harness.Plan.fixed(3, 15),
            new int[] {350, 3_500},
            List.of(new Harness.Plan(30, 2_000_000_000L, 15, 300, 1_500_000_000L)),
            1,
            4);
  }

  /**
   * Runs every metric.
   *
   * @param progress where to say what is running (a line per part); flushed as it goes
   * @throws dev.apex.core.InvalidInputException when the UI dumps cannot be found or read
   */
  public static BenchReport run(BenchOptions options, PrintWriter progress) {
    Objects.requireNonNull(options, "options");
    Objects.requireNonNull(progress, "progress");
    Settings settings = options.quick() ? Settings.QUICK : Settings.FULL;
    Instant startedAt = Instant.now();
    long start = System.nanoTime();
    Machine machine = Machine.detect();
    Path data = BenchData.locate(options.dataDir());
    List<Dump> dumps = Dump.loadAll(data);
    progress.printf(
        "apex bench (%s): %d dumps from %s, %d cores, %s%n",
        options.quick() ? "quick" : "full", dumps.size(), data, machine.cores(), machine.cpu());

    say(progress, "M1 compression: tokens of the compact encoding vs the raw dump");
    CompressionResult compression = Compression.measure(dumps);
    say(progress, "  median " + Fmt.fraction(compression.medianRatio()));

    say(progress, "M2 retention: interactive nodes kept as elements");
    RetentionResult retention = Retention.measure(dumps);
    say(progress, "  " + retention.retained() + "/" + retention.interactive() + " retained");

    settle();
    say(progress, "M3 per-step overhead: parse + fuse + encode + world vs a bare SAX parse");
    List<StepOverheadResult.Row> rows =
        StepOverhead.measure(dumps, settings.step(), settings.stepWarmupNanos(), progress);
    String postgres = TimelineAppend.postgresUrl(System.getenv());
    say(
        progress,
        "M3 timeline append on a temporary SQLite file"
            + (postgres == null
                ? " (PostgreSQL not measured: set " + TimelineAppend.ENV + ")"
                : " and on " + TimelineAppend.where(postgres)));
    TimelineAppend.Result append = timelineAppend(dumps, settings.append(), postgres);
    if (!append.postgres().wasMeasured() && postgres != null) {
      say(progress, "  PostgreSQL " + append.postgres().why());
    }
    StepOverheadResult stepOverhead = new StepOverheadResult(rows, append);

    settle();
    say(progress, "M4 fusion scaling on generated layouts");
    FusionScalingResult fusion =
        FusionScaling.measure(settings.fusionSizes(), settings.fusionPlans(), progress);

    settle();
    say(progress, "M5 loop overhead: a 20-step flow on the simulated phone");
    LoopOverheadResult loop =
        LoopOverhead.measure(settings.loopWarmupRuns(), settings.loopRuns(), progress);

    settle();
    say(
        progress,
        "M9 OCR where the tree is blind (sim, web pages) and tree-only captures (each device's"
            + " fake)");
    OcrCostResult ocr =
        OcrCost.measure(
            options.quick() ? 2 : 9,
            dumps,
            options.quick() ? WebTasks.quick() : WebTasks.all(),
            progress);

    // Last: deterministic, and loading the MCP SDK should not disturb the timed parts.
    say(progress, "M6 MCP: describe_screen vs the raw tree, a screenshot result, tools/list");
    say(
        progress,
        "M6 whole tasks over MCP: the sim's Wi-Fi task and three web pages in headless Chromium");
    McpCostResult.Tasks tasks = McpTaskCost.measure(progress);
    if (tasks.browserMissing() != null) {
      say(progress, "  web tasks not run: " + tasks.browserMissing());
    }
    McpCostResult mcp = McpCost.measure(dumps, tasks);
    say(
        progress,
        "  describe_screen median "
            + Fmt.fraction(mcp.medianRatio())
            + " of the raw tree; tools/list "
            + mcp.toolList().tokens()
            + " tokens");

    say(progress, "M7 record, replay, heal: model calls on the sim (scripted Messages API)");
    ReplayCostResult replay = ReplayCost.measure(progress);

    say(progress, "M8 web-task suite: our pages in headless Chromium, a long press on the sim");
    WebTaskSuiteResult webTasks =
        WebTaskSuite.measure(options.quick() ? WebTasks.quick() : WebTasks.all(), progress);
    say(progress, "  " + webTasks.solved() + " of " + webTasks.runs().size() + " solved");

    say(progress, "M10 small-context fit: the planner's request for step 20 on the largest dump");
    SmallContextFitResult smallContext = SmallContextFit.measure(dumps);
    say(
        progress,
        "  cl100k "
            + Fmt.count(smallContext.cl100k())
            + ", o200k "
            + Fmt.count(smallContext.o200k())
            + " tokens; "
            + Fmt.count(smallContext.needed())
            + " of "
            + Fmt.count(SmallContextFit.WINDOW)
            + " with the margin and max_tokens");

    // Last: eight runner JVMs and a PostgreSQL server load the machine long after they end.
    FleetLoadResult fleet = fleet(options, progress);

    BenchReport report =
        new BenchReport(
            machine,
            options,
            data,
            startedAt,
            Duration.ofNanos(System.nanoTime() - start),
            compression,
            retention,
            stepOverhead,
            fusion,
            loop,
            mcp,
            replay,
            webTasks,
            ocr,
            smallContext,
            fleet);
    for (Goal g : report.goals()) {
      progress.printf(
          "%-4s %-8s %s: %s (target %s)%n",
          g.metric(),
          g.required() ? (g.met() ? "met" : "MISSED") : (g.met() ? "aim met" : "aim not"),
          g.name(),
          g.measured(),
          g.target());
    }
    progress.flush();
    return report;
  }

  /** M11, left out of a quick run. */
  private static FleetLoadResult fleet(BenchOptions options, PrintWriter progress) {
    if (options.quick()) {
      say(progress, "M11 fleet: not run by --quick");
      return FleetLoadResult.notMeasured(
          "not run by --quick (eight runner JVMs and a PostgreSQL server): a full run measures"
              + " it");
    }
    FleetLoad.Settings fleet = FleetLoad.Settings.FULL;
    say(
        progress,
        "M11 fleet: "
            + fleet.runners()
            + " runners on sims, one PostgreSQL timeline, a console and apex timeline reading, "
            + fleet.killed()
            + " killed with SIGKILL, one server restart");
    FleetLoadResult result = FleetLoad.run(fleet, progress);
    if (result.why() != null) {
      say(progress, "  " + result.why());
    }
    return result;
  }

  /** Appends the scene of the dump with the median node count, as a real step would. */
  private static TimelineAppend.Result timelineAppend(
      List<Dump> dumps, Harness.Plan plan, String postgres) {
    List<Dump> bySize = dumps.stream().sorted(Comparator.comparingInt(Dump::nodes)).toList();
    Dump typical = bySize.get(bySize.size() / 2);
    Scene scene = SceneBuilder.build(TreeParsers.parse(typical.capture()), List.of());
    WorldModel world = new WorldModel();
    PlannedStep step = PlannedStep.of("launch_app", Map.of("app_id", "com.android.settings"));
    world.observe(scene, null, step, StepResult.ok(step, null, 1, Duration.ofMillis(40)));
    byte[] png;
    try (SimDevice sim =
        SimDevice.create(Clock.fixed(Instant.parse("2024-05-31T09:41:00Z"), ZoneOffset.UTC))) {
      png = sim.capture().screenshot();
    }
    return TimelineAppend.measure(plan, scene, world.state(), png, postgres);
  }

  /** Collects the previous part's garbage, so its collection is not timed in the next part. */
  private static void settle() {
    System.gc();
  }

  private static void say(PrintWriter progress, String line) {
    progress.println(line);
    progress.flush();
  }
}
