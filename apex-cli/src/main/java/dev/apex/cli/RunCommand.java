package dev.apex.cli;

import dev.apex.core.InvalidInputException;
import dev.apex.core.TaskStatus;
import dev.apex.device.Device;
import dev.apex.perception.OcrEngine;
import dev.apex.perception.Perceiver;
import dev.apex.runtime.Flow;
import dev.apex.runtime.FlowPlanner;
import dev.apex.runtime.Planner;
import dev.apex.runtime.StubPlanner;
import dev.apex.runtime.TaskOutcome;
import dev.apex.runtime.TaskRunner;
import dev.apex.semantic.Enricher;
import dev.apex.storage.SqliteTimeline;
import dev.apex.storage.Timelines;
import dev.apex.tools.ToolRegistry;
import dev.apex.world.WorldEvent;
import dev.apex.world.WorldState;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code apex run}: runs a flow or a goal on one or more devices, printing a line per step, then
 * the final status, the world state and the task id. Exit 0 when every task succeeded.
 */
@Command(
    name = "run",
    description = "Run a flow file or a goal on a device, step by step.",
    mixinStandardHelpOptions = true)
final class RunCommand implements Callable<Integer> {

  static final class What {
    @Option(names = "--flow", paramLabel = "FILE", description = "A YAML flow file to follow.")
    Path flow;

    @Option(names = "--goal", paramLabel = "TEXT", description = "A goal for the planner.")
    String goal;
  }

  @ArgGroup(exclusive = true, multiplicity = "1")
  What what;

  @Option(
      names = {"-d", "--device"},
      paramLabel = "DEVICE",
      description =
          "sim (default), android[:SERIAL], ios[:WDA_URL], web[:URL] or webdriver:ENDPOINT;"
              + " repeat to run one task per device.")
  List<String> devices = new ArrayList<>();

  @Option(
      names = "--parallel",
      paramLabel = "N",
      defaultValue = "1",
      description = "Run up to N tasks at once, one per device (default ${DEFAULT-VALUE}).")
  int parallel;

  @Mixin SharedOptions shared;

  @Mixin VerboseOption verbose;

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (parallel < 1) {
      throw new InvalidInputException("--parallel must be at least 1, got " + parallel);
    }
    List<String> selectors = devices.isEmpty() ? List.of("sim") : devices;
    Settings settings = shared.settings();
    ToolRegistry registry = ToolRegistry.defaultRegistry();
    Flow flow = what.flow == null ? null : Flow.load(what.flow, registry);
    if (what.goal != null) {
      err.println(
          "apex: no LLM planner is configured: --goal runs the stub planner, which only describes"
              + " the screen once");
      err.flush();
    }
    OcrEngine ocr = Observe.ocr(settings.ocr(), err);
    Path db = shared.db != null ? shared.db : Timelines.defaultFile();
    try (SqliteTimeline timeline = SqliteTimeline.open(db)) {
      List<TaskOutcome> outcomes = new ArrayList<>();
      if (selectors.size() == 1) {
        outcomes.add(runOne(selectors.get(0), "", flow, settings, ocr, timeline, out));
      } else {
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(parallel, selectors.size()));
        try {
          List<Future<TaskOutcome>> futures = new ArrayList<>();
          for (String selector : selectors) {
            futures.add(
                pool.submit(
                    () ->
                        runOne(
                            selector, "[" + selector + "] ", flow, settings, ocr, timeline, out)));
          }
          for (Future<TaskOutcome> f : futures) {
            outcomes.add(f.get());
          }
        } finally {
          pool.shutdownNow();
        }
      }
      return outcomes.stream().allMatch(o -> o.status() == TaskStatus.SUCCEEDED) ? 0 : 1;
    }
  }

  private TaskOutcome runOne(
      String selector,
      String prefix,
      Flow flow,
      Settings settings,
      OcrEngine ocr,
      SqliteTimeline timeline,
      PrintWriter out) {
    String goal = flow != null ? "flow " + flow.name() + " (" + flow.source() + ")" : what.goal;
    Planner planner = flow != null ? new FlowPlanner(flow) : new StubPlanner();
    try (Device device = Devices.open(selector, shared.adb, shared.capabilities);
        Enricher enricher =
            settings.semantic().enabled() ? Enricher.create(settings.semantic()) : null) {
      Observe observe = new Observe(device, new Perceiver(ocr), enricher, what.goal);
      TaskRunner runner =
          TaskRunner.builder(device, observe, planner)
              .maxSteps(settings.maxSteps())
              .worldConfig(settings.world())
              .listener(new TimelineRecorder(timeline))
              .listener(new ProgressPrinter(out, prefix))
              .build();
      TaskOutcome outcome = runner.run(goal);
      printEnd(outcome, prefix, out);
      return outcome;
    }
  }

  private static void printEnd(TaskOutcome outcome, String prefix, PrintWriter out) {
    synchronized (out) {
      out.println(prefix + outcome.status() + ": " + outcome.reason());
      WorldState world = outcome.context().world();
      if (world != null) {
        out.println(
            prefix
                + "world: app "
                + orDash(world.currentApp())
                + ", page "
                + orDash(world.currentPage())
                + ", screen "
                + orDash(world.screenSignature())
                + ", variables "
                + world.variables());
        List<WorldEvent> history = world.history();
        StringBuilder events = new StringBuilder(prefix + "last events:");
        for (WorldEvent e : history.subList(Math.max(0, history.size() - 5), history.size())) {
          events
              .append(' ')
              .append(e.index())
              .append(':')
              .append(e.action())
              .append(e.success() ? "(ok)" : "(failed)");
        }
        out.println(events);
      }
      out.println(prefix + "task id: " + outcome.taskId());
      out.flush();
    }
  }

  private static String orDash(String s) {
    return s == null || s.isBlank() ? "-" : s;
  }
}
