package dev.apex.cli;

import dev.apex.config.Settings;
import dev.apex.core.ApexException;
import dev.apex.core.InvalidInputException;
import dev.apex.core.Secrets;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.perception.OcrEngine;
import dev.apex.runtime.Cancellation;
import dev.apex.runtime.TaskContext;
import dev.apex.runtime.TaskOutcome;
import dev.apex.runtime.TimelineRecorder;
import dev.apex.runtime.agent.Agent;
import dev.apex.runtime.agent.AgentOutcome;
import dev.apex.runtime.agent.AgentRun;
import dev.apex.runtime.agent.FlowRecording;
import dev.apex.runtime.agent.ReplayReport;
import dev.apex.runtime.flow.Flow;
import dev.apex.runtime.flow.FlowReplay;
import dev.apex.runtime.flow.FlowVariables;
import dev.apex.runtime.observe.LabelCacheMode;
import dev.apex.runtime.observe.PerceivingObserver;
import dev.apex.runtime.safety.Confirmer;
import dev.apex.storage.Timeline;
import dev.apex.tools.ToolRegistry;
import dev.apex.world.WorldEvent;
import dev.apex.world.WorldState;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
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
final class RunCommand implements Callable<Integer>, SettingFlags.Scoped {

  @Override
  public java.util.Set<dev.apex.config.ConfigField.Scope> scopes() {
    return java.util.Set.of(dev.apex.config.ConfigField.Scope.TASK);
  }

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

  @Option(
      names = "--var",
      paramLabel = "NAME[=VALUE]",
      description =
          "A variable the --flow's ${NAME} may use: NAME=VALUE, or NAME alone for the value of the"
              + " environment variable NAME; repeat for more. Nothing else of the environment"
              + " reaches a flow.")
  List<String> vars = new ArrayList<>();

  @Option(
      names = "--vars",
      paramLabel = "FILE",
      description =
          "A file of NAME=VALUE lines (# comments, blank lines) for the --flow's variables;"
              + " a --var wins over it.")
  Path varsFile;

  @Mixin TimelineOption timelineOption;

  @Option(
      names = "--record",
      paramLabel = "FILE",
      description =
          "After a task that SUCCEEDED, write the steps it ran as a flow 'apex run --flow' replays"
              + " with no model (one device only).")
  Path record;

  @Option(
      names = "--heal",
      description =
          "With a model, let it heal a --flow step whose target is gone or ambiguous (the app"
              + " drifted), then write the healed flow to --record FILE or beside the flow as"
              + " FILE.healed.yaml (never over the flow).")
  boolean heal;

  @Option(
      names = "--max-heal-calls",
      paramLabel = "N",
      defaultValue = "" + FlowReplay.DEFAULT_MAX_CALLS,
      description =
          "The most model plans one drifted step may take before it fails (1 to "
              + FlowReplay.MAX_CALLS
              + ", default ${DEFAULT-VALUE}).")
  int maxHealCalls;

  @Mixin SharedOptions shared;

  /** Answers sensitive-action questions; the terminal unless a test sets another. */
  Confirmer confirmer;

  @Mixin VerboseOption verbose;

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  private boolean single;

  /**
   * How long a SIGINT or SIGTERM waits for the current steps to end before apex records the tasks
   * cancelled and quits: twice the device deadline ({@code device.timeout_ms}, {@code
   * --device-timeout}), at least {@link #MIN_STOP_GRACE}; 60 s with the default 30 s deadline.
   * Finite, so a step stuck in a device read cannot hold the process; longer than one device
   * command's deadline, so a step that will end is not cut.
   */
  static java.time.Duration stopGrace(java.time.Duration deviceTimeout) {
    java.time.Duration grace = deviceTimeout.multipliedBy(2);
    return grace.compareTo(MIN_STOP_GRACE) < 0 ? MIN_STOP_GRACE : grace;
  }

  static final java.time.Duration MIN_STOP_GRACE = java.time.Duration.ofSeconds(10);

  /** Ctrl-C and SIGTERM while this run runs; set by {@link #call}. */
  private SignalStop signals;

  /** How devices open and retries wait; set by {@link ApexCli}'s factory. */
  Wiring wiring = Wiring.DEFAULT;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (parallel < 1) {
      throw new InvalidInputException("--parallel must be at least 1, got " + parallel);
    }
    List<String> selectors = devices.isEmpty() ? List.of("sim") : devices;
    // A bad flag (--allow-url, --max-steps, …) is bad input now, before any device opens.
    Settings settings = shared.settings();
    ToolRegistry registry = ToolRegistry.defaultRegistry();
    Flow flow = what.flow == null ? null : Flow.load(what.flow, registry).withVariables(named());
    if (heal && what.goal != null) {
      throw new InvalidInputException(
          "--heal heals a --flow's drifted steps; a --goal is planned by the model anyway");
    }
    if (maxHealCalls < 1 || maxHealCalls > FlowReplay.MAX_CALLS) {
      throw new InvalidInputException(
          "--max-heal-calls must be 1 to " + FlowReplay.MAX_CALLS + ", got " + maxHealCalls);
    }
    if (heal && selectors.size() > 1) {
      throw new InvalidInputException(
          "--heal writes one healed flow: give one --device, not " + selectors.size());
    }
    if (record != null) {
      if (selectors.size() > 1) {
        throw new InvalidInputException(
            "--record writes one task's flow: give one --device, not " + selectors.size());
      }
      if (what.flow != null
          && record.toAbsolutePath().normalize().equals(what.flow.toAbsolutePath().normalize())) {
        throw new InvalidInputException(
            "--record " + record + " is the flow being run; give another file");
      }
    }
    if (what.goal != null) {
      // Before any device, timeline or task: a goal nothing can plan is refused, never "reached".
      settings.requireGoalModel();
    }
    OcrEngine ocr =
        PerceivingObserver.ocr(
            settings.ocr(),
            notice -> {
              err.println("apex: " + notice);
              err.flush();
            });
    try (SignalStop stop = SignalStop.install(err, stopGrace(settings.device().timeout()));
        Timeline timeline = timelineOption.open(settings.screenshotRetention())) {
      signals = stop;
      List<TaskOutcome> outcomes = new ArrayList<>();
      single = selectors.size() == 1;
      if (single) {
        outcomes.add(runOne(selectors.get(0), "", flow, settings, ocr, timeline, out));
      } else {
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(parallel, selectors.size()));
        try {
          List<Future<TaskOutcome>> futures = new ArrayList<>();
          for (int i = 0; i < selectors.size(); i++) {
            String selector = selectors.get(i);
            String prefix = prefix(selectors, i);
            futures.add(
                pool.submit(() -> runOne(selector, prefix, flow, settings, ocr, timeline, out)));
          }
          for (Future<TaskOutcome> f : futures) {
            outcomes.add(f.get());
          }
        } finally {
          pool.shutdownNow();
        }
      }
      int exit = outcomes.stream().allMatch(o -> o.status() == TaskStatus.SUCCEEDED) ? 0 : 1;
      return stop.exitCode().orElse(exit);
    }
  }

  /**
   * The variables this run names for its flow ({@code --vars FILE}, then each {@code --var}); only
   * these fill a flow's {@code ${NAME}}, never the rest of the environment.
   *
   * @throws InvalidInputException for a bad {@code --var} or {@code --vars} line, or either with a
   *     {@code --goal}
   */
  private FlowVariables named() {
    if (what.flow == null && (!vars.isEmpty() || varsFile != null)) {
      throw new InvalidInputException(
          "--var and --vars fill a --flow's ${NAME}; a --goal has none, so drop them");
    }
    FlowVariables fromFile = varsFile == null ? FlowVariables.none() : FlowVariables.read(varsFile);
    return fromFile.plus(FlowVariables.fromArguments(vars, shared.env));
  }

  /**
   * The command that replays a flow written to {@code file}: {@code apex run --flow FILE}, with a
   * {@code --var NAME} for each variable it uses (a recorded password becomes {@code ${PASSWORD}}).
   */
  static String replayCommand(Path file, String yaml) {
    StringBuilder command = new StringBuilder("apex run --flow ").append(file);
    Flow.parse(yaml, file.toString(), ToolRegistry.defaultRegistry())
        .variables()
        .forEach(name -> command.append(" --var ").append(name));
    return command.toString();
  }

  private TaskOutcome runOne(
      String selector,
      String prefix,
      Flow flow,
      Settings settings,
      OcrEngine ocr,
      Timeline timeline,
      PrintWriter out) {
    AgentRun run = flow != null ? AgentRun.flow(flow) : AgentRun.goal(what.goal);
    if (heal) {
      run = run.withHeal(maxHealCalls);
    }
    if (settings.semantic().enabled() && !settings.semantic().ready()) {
      PrintWriter err = spec.commandLine().getErr();
      synchronized (err) {
        err.println(
            "apex: "
                + prefix
                + "--semantic needs ANTHROPIC_API_KEY: this task's screens are not labelled");
        err.flush();
      }
    }
    Cancellation cancellation = signals.newTask();
    TimelineRecorder recorder = new TimelineRecorder(timeline, cancellation);
    AgentOutcome outcome;
    FlowRecording recording;
    try (Agent agent =
        CliAgents.builder(
                settings,
                selector,
                shared,
                wiring,
                ocr,
                confirmer != null ? confirmer : TerminalConfirmer.forConsole(out),
                notice -> {
                  PrintWriter err = spec.commandLine().getErr();
                  synchronized (err) {
                    err.println("apex: " + prefix + notice);
                    err.flush();
                  }
                })
            .listener(recorder)
            .listener(new ProgressPrinter(out, prefix))
            .labelStore(timeline.labelStore().orElseThrow())
            .build()) {
      try {
        agent.device();
      } catch (ApexException e) {
        if (single) {
          throw e;
        }
        // One unreachable device of several fails its own task; the others go on.
        TaskId id = TaskId.random();
        TaskOutcome failed =
            new TaskOutcome(
                id, TaskStatus.FAILED, ErrorHandler.oneLine(e), new TaskContext(id, run.title()));
        printEnd(failed, prefix, out);
        return failed;
      }
      signals.onAbandon(recorder::abandon);
      // A quit that halts the process skips the shell's way out: export the spans first.
      signals.onAbandon(reason -> wiring.tracer().close());
      // With --heal, --record gets the healed flow, written from the replay's report.
      recording =
          record != null && !heal ? new FlowRecording(flow != null ? flow.name() : null) : null;
      AgentRun toRun = run.withCancellation(cancellation);
      outcome = agent.run(recording != null ? toRun.withListener(recording) : toRun);
    }
    if (flow == null) {
      synchronized (out) {
        outcome.summary().ifPresent(s -> out.println(prefix + "model: " + StepLines.field(s)));
        out.println(prefix + "llm: " + outcome.planning().summary());
      }
    }
    if (settings.semantic().enabled() && settings.semantic().ready()) {
      synchronized (out) {
        out.println(prefix + "labels: " + labelsLine(outcome, settings.labelCache()));
      }
    }
    TaskOutcome task = outcome.taskOutcome();
    ReplayReport replay = outcome.replay();
    if (replay != null && (replay.heal() || replay.screenDrifts() > 0)) {
      synchronized (out) {
        out.println(prefix + replay.summary());
        if (replay.heal()) {
          out.println(prefix + "llm: " + outcome.planning().summary());
        }
      }
    }
    printEnd(task, prefix, out);
    if (recording != null) {
      writeRecording(recording, outcome, out);
    }
    if (heal && replay != null) {
      writeHealed(replay, out);
    }
    return task;
  }

  /** Where the healed flow goes: {@code --record FILE}, else {@code FLOW.healed.yaml} beside it. */
  static Path healedPath(Path flow, Path record) {
    if (record != null) {
      return record;
    }
    String name = flow.getFileName().toString();
    String base = name.replaceFirst("(?i)\\.ya?ml$", "");
    return flow.resolveSibling(base + ".healed.yaml");
  }

  private void writeHealed(ReplayReport replay, PrintWriter out) {
    if (replay.healedFlow().isEmpty()) {
      synchronized (out) {
        out.println("healed flow: none written (" + replay.noHealedFlow().orElse("") + ")");
      }
      return;
    }
    Path to = healedPath(what.flow, record);
    try {
      Files.writeString(to, replay.healedFlow().get());
    } catch (IOException e) {
      PrintWriter err = spec.commandLine().getErr();
      err.println("apex: cannot write the healed flow to " + to + ": " + e.getMessage());
      err.flush();
      return;
    }
    synchronized (out) {
      out.println(
          "healed: "
              + to
              + " (replay it with no model: "
              + replayCommand(to, replay.healedFlow().get())
              + ")");
    }
  }

  /**
   * The labelling calls and what the label cache saved, e.g. {@code 3 calls to claude-haiku-4-5: …
   * ~$0.0006; label cache (task) saved 5 calls, 600 tokens (task 5, timeline 0)}.
   */
  static String labelsLine(AgentOutcome outcome, LabelCacheMode cache) {
    return outcome.labels().summary()
        + "; "
        + (cache == LabelCacheMode.OFF
            ? "label cache off"
            : "label cache (" + cache.code() + ") saved " + outcome.labelSavings().summary());
  }

  private void writeRecording(FlowRecording recording, AgentOutcome outcome, PrintWriter out) {
    String yaml;
    try {
      yaml = recording.toFlow(outcome);
    } catch (InvalidInputException e) {
      PrintWriter err = spec.commandLine().getErr();
      err.println("apex: " + e.getMessage() + "; " + record + " was not written");
      err.flush();
      return;
    }
    try {
      Files.writeString(record, yaml);
    } catch (IOException e) {
      PrintWriter err = spec.commandLine().getErr();
      err.println("apex: cannot write the recorded flow to " + record + ": " + e.getMessage());
      err.flush();
      return;
    }
    synchronized (out) {
      out.println(
          "recorded: "
              + record
              + " (replay it with no model: "
              + replayCommand(record, yaml)
              + ")");
    }
  }

  /**
   * What goes before each line of the task on {@code selectors.get(i)} when several run: the
   * selector, numbered ({@code [sim#2] }) when the same selector is given more than once, so that
   * every line still says which task it belongs to.
   */
  static String prefix(List<String> selectors, int i) {
    String selector = selectors.get(i);
    String shown = Secrets.withoutUserInfo(selector);
    if (Collections.frequency(selectors, selector) == 1) {
      return "[" + shown + "] ";
    }
    long earlier = selectors.subList(0, i).stream().filter(selector::equals).count();
    return "[" + shown + "#" + (earlier + 1) + "] ";
  }

  private static void printEnd(TaskOutcome outcome, String prefix, PrintWriter out) {
    synchronized (out) {
      // The reason quotes a failed step's error, which quotes what the model or flow asked for
      // (each bounded there); the line keeps room for the remedy at its end.
      out.println(
          prefix
              + outcome.status()
              + ": "
              + StepLines.shorten(outcome.reason(), ErrorHandler.MAX_MESSAGE));
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
                + StepLines.field(String.valueOf(world.variables())));
        List<WorldEvent> history = world.history();
        StringBuilder events = new StringBuilder(prefix + "last events:");
        for (WorldEvent e : history.subList(Math.max(0, history.size() - 5), history.size())) {
          events
              .append(' ')
              .append(e.index())
              .append(':')
              .append(StepLines.shorten(e.action(), 40))
              .append(e.success() ? "(ok)" : "(failed)");
        }
        out.println(events);
      }
      out.println(prefix + "task id: " + outcome.taskId());
      out.flush();
    }
  }

  private static String orDash(String s) {
    return s == null || s.isBlank() ? "-" : StepLines.field(s);
  }
}
