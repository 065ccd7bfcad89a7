package dev.apex.cli;

import dev.apex.cli.suite.DeviceSlot;
import dev.apex.cli.suite.JunitXml;
import dev.apex.cli.suite.Shard;
import dev.apex.cli.suite.Shards;
import dev.apex.cli.suite.SuiteFlow;
import dev.apex.cli.suite.SuiteFlows;
import dev.apex.cli.suite.SuiteLines;
import dev.apex.cli.suite.SuiteListener;
import dev.apex.cli.suite.SuiteRunner;
import dev.apex.cli.suite.TagFilter;
import dev.apex.config.Settings;
import dev.apex.console.SuiteCase;
import dev.apex.console.SuiteReport;
import dev.apex.console.SuiteResult;
import dev.apex.core.InvalidInputException;
import dev.apex.core.TaskId;
import dev.apex.device.DeviceProviders;
import dev.apex.perception.OcrEngine;
import dev.apex.runtime.flow.FlowVariables;
import dev.apex.runtime.observe.PerceivingObserver;
import dev.apex.storage.Timeline;
import dev.apex.tools.ToolRegistry;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code apex test PATH…}: runs a suite of flows as one suite run, on a pool of device slots
 * ({@link SuiteRunner}), each flow a task in the timeline carrying the suite's id; a line per flow
 * as it ends, then the summary; {@code --junit} and {@code --report} write what CI reads.
 * Everything is checked before any device opens, every problem listed (exit 2). Exit 0 only when
 * every selected flow SUCCEEDED, 1 otherwise, 130/143 after Ctrl-C/SIGTERM (the running flows
 * recorded CANCELLED, the reports still written).
 */
@Command(
    name = "test",
    description =
        "Run a suite of flows (files, or folders searched for *.yaml) on a pool of devices,"
            + " optionally one shard of it, and write JUnit XML and an HTML report.",
    mixinStandardHelpOptions = true)
final class TestCommand implements Callable<Integer>, SettingFlags.Scoped {

  @Override
  public java.util.Set<dev.apex.config.ConfigField.Scope> scopes() {
    return java.util.Set.of(dev.apex.config.ConfigField.Scope.TASK);
  }

  @Parameters(
      arity = "1..*",
      paramLabel = "PATH",
      description = "A flow file, or a folder searched recursively for *.yaml flows.")
  List<Path> paths = new ArrayList<>();

  @Option(
      names = {"-d", "--device"},
      paramLabel = "DEVICE",
      description =
          "A device slot: sim (default), android[:SERIAL], ios[:WDA_URL], web[:URL] or"
              + " webdriver:ENDPOINT; repeat for a pool.")
  List<String> devices = new ArrayList<>();

  @Option(
      names = "--parallel",
      paramLabel = "N",
      defaultValue = "1",
      description =
          "Open N sessions of each --device that allows several (sim, web, webdriver), 1 to "
              + MAX_PARALLEL
              + ", no more than there are flows; a phone is one slot (default ${DEFAULT-VALUE}).")
  int parallel;

  /** The most sessions of one device {@code --parallel} opens (each a browser or a sim). */
  static final int MAX_PARALLEL = 64;

  @Option(
      names = "--shard",
      paramLabel = "I/N",
      description =
          "Run part I of N (a CI matrix of N jobs runs the suite once), balanced by the"
              + " timeline's recorded durations when it has them, else by file.")
  String shard;

  @Option(
      names = "--history-before",
      paramLabel = "TIME",
      description =
          "Balance --shard only by runs that ended before TIME (e.g. 2026-12-06T21:00:00Z, or"
              + " the commit's timestamp), so jobs reading one shared timeline at different"
              + " moments split the suite alike.")
  String historyBefore;

  @Option(
      names = "--include-tags",
      paramLabel = "T,…",
      description = "Only flows with any of these tags.")
  List<String> includeTags = new ArrayList<>();

  @Option(
      names = "--exclude-tags",
      paramLabel = "T,…",
      description = "No flow with any of these tags.")
  List<String> excludeTags = new ArrayList<>();

  @Option(names = "--junit", paramLabel = "FILE", description = "Write JUnit XML here.")
  Path junit;

  @Option(
      names = "--report",
      paramLabel = "FILE",
      description = "Write the suite as one self-contained HTML file here.")
  Path report;

  @Option(
      names = "--var",
      paramLabel = "NAME[=VALUE]",
      description =
          "A variable the flows' ${NAME} may use: NAME=VALUE, or NAME alone for the environment"
              + " variable NAME; repeat for more.")
  List<String> vars = new ArrayList<>();

  @Option(
      names = "--vars",
      paramLabel = "FILE",
      description = "A file of NAME=VALUE lines for the flows' variables; a --var wins over it.")
  Path varsFile;

  @Mixin TimelineOption timelineOption;

  @Mixin SharedOptions shared;

  @Mixin VerboseOption verbose;

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  /** How devices open and retries wait; set by {@link ApexCli}'s factory. */
  Wiring wiring = Wiring.DEFAULT;

  /** Hears the suite run besides the progress lines (a trace of the run); none by default. */
  List<SuiteListener> listeners = new ArrayList<>();

  /** What was checked before anything ran. */
  private record Checked(
      Settings settings, List<SuiteFlow> flows, Shard shard, TagFilter tags, Instant cutoff) {}

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Checked checked = check(err);
    List<SuiteFlow> selected =
        checked.flows().stream().filter(f -> checked.tags().selects(f.flow())).toList();
    if (selected.isEmpty()) {
      throw new InvalidInputException(
          "none of the "
              + checked.flows().size()
              + " flow(s) has the tags asked for (--include-tags "
              + String.join(",", checked.tags().include())
              + ", --exclude-tags "
              + String.join(",", checked.tags().exclude())
              + "); check the tags");
    }
    Settings settings = checked.settings();
    OcrEngine ocr = PerceivingObserver.ocr(settings.ocr(), notice -> say(err, "apex: " + notice));
    try (SignalStop stop =
            SignalStop.install(err, RunCommand.stopGrace(settings.device().timeout()));
        // The suite's own flows keep their screenshots until its report is written, however many
        // there are: the setting's newest N tasks, or the suite's flows when they are more.
        Timeline timeline =
            timelineOption.open(Math.max(settings.screenshotRetention(), selected.size()))) {
      Shards.Part part =
          Shards.select(
              selected,
              checked.shard(),
              timeline.recordedDurations(
                  selected.stream().map(SuiteFlow::goal).toList(), checked.cutoff()));
      if (checked.shard().count() > 1) {
        say(
            out,
            "shard "
                + checked.shard()
                + ": "
                + part.flows().size()
                + " of "
                + selected.size()
                + " flow(s), "
                + part.how(selected.size()));
      }
      SuiteResult result = run(part.flows(), checked, timeline, ocr, stop, out, err);
      writeReports(result, timeline, out);
      return stop.exitCode().orElse(result.allPassed() ? 0 : 1);
    }
  }

  private SuiteResult run(
      List<SuiteFlow> flows,
      Checked checked,
      Timeline timeline,
      OcrEngine ocr,
      SignalStop stop,
      PrintWriter out,
      PrintWriter err)
      throws InterruptedException {
    String suiteId = TaskId.random().value();
    // No more sessions of a device than there are flows to give them.
    List<DeviceSlot> slots =
        DeviceSlot.of(selectors(), Math.max(1, Math.min(parallel, flows.size())));
    List<SuiteListener> all = new ArrayList<>();
    all.add(new SuiteLines(out, err));
    all.add(new SuiteSpans(wiring.tracer(), paths));
    all.addAll(listeners);
    SuiteListener listener = SuiteListener.all(all);
    Instant started = Instant.now();
    long start = System.nanoTime();
    listener.suiteStarted(suiteId, flows.size(), slots);
    SuiteSlots opener =
        new SuiteSlots(checked.settings(), shared, wiring, ocr, timeline, stop, suiteId, err);
    List<SuiteCase> cases =
        new SuiteRunner(slots, opener, listener, stop::stopped)
            .run(flows).stream().sorted(Comparator.comparing(SuiteCase::file)).toList();
    SuiteResult result =
        new SuiteResult(
            suiteId,
            title(checked.shard()),
            started,
            Duration.ofNanos(System.nanoTime() - start),
            cases);
    listener.suiteEnded(result);
    return result;
  }

  /**
   * Checks everything before any device opens: the options, every device selector, every flow (each
   * problem printed on its own line), and the report files' folders.
   *
   * @throws InvalidInputException after listing the problems, when there are any
   */
  private Checked check(PrintWriter err) {
    if (parallel < 1 || parallel > MAX_PARALLEL) {
      throw new InvalidInputException(
          "--parallel must be from 1 to "
              + MAX_PARALLEL
              + " (sessions of each device: browsers or sims), got "
              + parallel);
    }
    List<String> problems = new ArrayList<>();
    Settings settings = shared.settings();
    for (String selector : selectors()) {
      attempt(problems, () -> DeviceProviders.validate(selector));
    }
    Shard[] part = {Shard.ALL};
    attempt(problems, () -> part[0] = shard == null ? Shard.ALL : Shard.parse(shard));
    Instant[] cutoff = {null};
    attempt(problems, () -> cutoff[0] = historyBefore == null ? null : instant(historyBefore));
    TagFilter[] tags = {TagFilter.of(List.of(), List.of())};
    attempt(problems, () -> tags[0] = TagFilter.of(includeTags, excludeTags));
    FlowVariables[] named = {FlowVariables.none()};
    attempt(problems, () -> named[0] = named());
    for (Path file : new Path[] {junit, report}) {
      if (file == null) {
        continue;
      }
      if (Files.isDirectory(file)) {
        problems.add("cannot write " + file + ": it is a folder; give a file path");
      } else if (!Files.isDirectory(file.toAbsolutePath().getParent())) {
        problems.add("cannot write " + file + ": its folder does not exist; create it first");
      }
    }
    if (junit != null
        && report != null
        && junit.toAbsolutePath().normalize().equals(report.toAbsolutePath().normalize())) {
      problems.add("--junit and --report name the same file " + junit + "; give each its own");
    }
    SuiteFlows.Loaded loaded =
        SuiteFlows.load(paths, Path.of(""), ToolRegistry.defaultRegistry(), named[0]);
    problems.addAll(loaded.problems());
    if (!problems.isEmpty()) {
      problems.forEach(p -> say(err, "apex: " + p));
      throw new InvalidInputException(
          problems.size()
              + " problem(s) before anything ran (listed above); fix them and run again");
    }
    return new Checked(settings, loaded.flows(), part[0], tags[0], cutoff[0]);
  }

  /** An ISO-8601 instant, with {@code Z} or an offset. */
  static Instant instant(String text) {
    try {
      return java.time.OffsetDateTime.parse(text.strip()).toInstant();
    } catch (java.time.format.DateTimeParseException e) {
      throw new InvalidInputException(
          "--history-before must be an ISO-8601 time such as 2026-12-06T21:00:00Z, got '"
              + text
              + "'");
    }
  }

  private static void attempt(List<String> problems, Runnable check) {
    try {
      check.run();
    } catch (InvalidInputException e) {
      problems.add(e.getMessage());
    }
  }

  private FlowVariables named() {
    FlowVariables fromFile = varsFile == null ? FlowVariables.none() : FlowVariables.read(varsFile);
    return fromFile.plus(FlowVariables.fromArguments(vars, shared.env));
  }

  private List<String> selectors() {
    return devices.isEmpty() ? List.of("sim") : devices;
  }

  private String title(Shard part) {
    String title = "apex test " + String.join(" ", paths.stream().map(Path::toString).toList());
    return part.count() > 1 ? title + " (shard " + part + ")" : title;
  }

  /** Writes {@code --junit} and {@code --report}, each when asked; a write that fails says so. */
  private void writeReports(SuiteResult result, Timeline timeline, PrintWriter out) {
    String reportName = report == null ? null : report.getFileName().toString();
    write(junit, () -> JunitXml.render(result, reportName), "junit", out);
    if (report != null) {
      // Screenshots are scaled off-screen.
      System.setProperty("java.awt.headless", "true");
    }
    write(report, () -> SuiteReport.render(timeline, result, Version.current()), "report", out);
  }

  private void write(
      Path file, java.util.function.Supplier<byte[]> bytes, String what, PrintWriter out) {
    if (file == null) {
      return;
    }
    try {
      Files.write(file, bytes.get());
      say(out, what + ": " + file);
    } catch (IOException e) {
      say(
          spec.commandLine().getErr(),
          "apex: cannot write the " + what + " to " + file + ": " + e.getMessage());
    }
  }

  private static void say(PrintWriter to, String line) {
    synchronized (to) {
      to.println(line);
      to.flush();
    }
  }
}
