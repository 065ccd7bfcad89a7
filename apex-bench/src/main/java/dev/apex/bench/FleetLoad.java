package dev.apex.bench;

import dev.apex.core.PlannedStep;
import dev.apex.core.RawCapture;
import dev.apex.core.Scene;
import dev.apex.core.Sleeper;
import dev.apex.core.StepResult;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.device.sim.SimDevice;
import dev.apex.perception.SceneBuilder;
import dev.apex.perception.TreeParsers;
import dev.apex.storage.StoredStep;
import dev.apex.storage.TaskFilter;
import dev.apex.storage.Timeline;
import dev.apex.storage.Timelines;
import dev.apex.testkit.PostgresServer;
import dev.apex.timeline.TimelineOptions;
import dev.apex.world.WorldModel;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

/**
 * M11, the fleet: {@link Settings#runners()} {@code apex run} processes on sims write to one
 * PostgreSQL timeline while {@code apex console} streams it and {@code apex timeline} reads it
 * ({@link FleetProbe}); the first {@link Settings#killed()} runners are killed with SIGKILL
 * mid-task, and the server is restarted once while the others run. Then the step append is timed on
 * SQLite and on the same server ({@link TimelineAppend}, M3's measurement).
 *
 * <p>Every child is {@code apex} in a JVM of its own, started by the command {@link
 * #apexInThisJvm()} finds (this JVM's class path, when the CLI is on it: inside the apex jar). The
 * cluster is a private one ({@link PostgresServer#startPrivateCluster()}), stopped and deleted
 * afterwards. Every wait is bounded ({@link #BOUND}); what the run saw is returned as figures, and
 * only what stops it from going on (a runner that never prints a step) ends it early, as {@link
 * FleetLoadResult#failed}.
 */
public final class FleetLoad {

  /** The CLI's entry point, run in each child. */
  static final String CLI = "dev.apex.cli.ApexCli";

  /** The longest any one wait of the run may take. */
  static final Duration BOUND = Duration.ofMinutes(3);

  private static final Duration POLL = Duration.ofMillis(50);

  /**
   * How big a fleet.
   *
   * @param runners runner processes
   * @param killed of which killed mid-task: the first to print three steps
   * @param waits {@code wait} steps of the flow after its {@code launch_app}
   * @param waitMillis each wait's length
   * @param append the rounds of the step append timed afterwards
   */
  public record Settings(int runners, int killed, int waits, int waitMillis, Harness.Plan append) {

    /**
     * What the issue asks for: eight runners, two killed; 25 steps each, so the others are still
     * running when the server restarts, however unevenly eight JVMs start on few cores.
     */
    public static final Settings FULL = new Settings(8, 2, 24, 300, Harness.Plan.fixed(10, 200));

    public Settings {
      if (runners < 1 || killed < 0 || killed >= runners) {
        throw new IllegalArgumentException(
            "runners must be ≥ 1 and killed below it, not " + runners + " and " + killed);
      }
      if (waits < 3) {
        throw new IllegalArgumentException("waits must be ≥ 3 (the kills wait for step 3)");
      }
      Objects.requireNonNull(append, "append");
    }

    /** The steps each runner's task has: the launch and the waits. */
    public int steps() {
      return waits + 1;
    }
  }

  private FleetLoad() {}

  /**
   * Runs the fleet on a private cluster of its own, or says why it cannot here ({@code apex} not on
   * this JVM's class path, PostgreSQL's server programs missing).
   */
  public static FleetLoadResult run(Settings settings, PrintWriter progress) {
    Optional<List<String>> apex = apexInThisJvm();
    if (apex.isEmpty()) {
      return FleetLoadResult.notMeasured(
          CLI + " is not on this JVM's class path (run it through ./apex bench, the apex jar)");
    }
    Optional<String> missing = PostgresServer.privateUnavailable();
    if (missing.isPresent()) {
      return FleetLoadResult.notMeasured(missing.get());
    }
    PostgresServer server;
    try {
      server = PostgresServer.startPrivateCluster();
    } catch (RuntimeException e) {
      return FleetLoadResult.notMeasured(
          "a private PostgreSQL cluster did not start: " + TimelineAppend.oneLine(e));
    }
    // A bench stopped midway (Ctrl-C) leaves no cluster and no child behind.
    Thread cleanup =
        new Thread(
            () -> {
              FleetChild.killAll();
              server.close();
            },
            "fleet-cleanup");
    Runtime.getRuntime().addShutdownHook(cleanup);
    try (server) {
      return run(settings, server, apex.get(), progress);
    } finally {
      try {
        Runtime.getRuntime().removeShutdownHook(cleanup);
      } catch (IllegalStateException shuttingDown) {
        // the hook is running: it cleans up
      }
    }
  }

  /**
   * Runs the fleet on {@code server}, a private one (it is restarted), with {@code apex} starting
   * each child.
   *
   * @param apex the command that runs the CLI, e.g. {@code java -cp CLASSPATH dev.apex.cli.ApexCli}
   */
  public static FleetLoadResult run(
      Settings settings, PostgresServer server, List<String> apex, PrintWriter progress) {
    Path home;
    try {
      home = Files.createTempDirectory("apex-bench-fleet");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create a temporary folder for the fleet", e);
    }
    try {
      server.createDatabase("apex_fleet");
      server.createDatabase("apex_append");
      FleetLoadResult.Fleet fleet =
          new Run(settings, server, List.copyOf(apex), home, progress).fleet();
      return FleetLoadResult.measured(fleet);
    } catch (RuntimeException e) {
      // A fault the run did not survive is its figure: the rest of the bench goes on.
      return FleetLoadResult.failed(TimelineAppend.oneLine(e));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return FleetLoadResult.failed("interrupted");
    } finally {
      TimelineAppend.deleteQuietly(home);
    }
  }

  /**
   * {@code java -cp CLASSPATH dev.apex.cli.ApexCli} with this JVM's {@code java} and class path,
   * when the CLI is on it; empty elsewhere (the bench run from its own module).
   */
  public static Optional<List<String>> apexInThisJvm() {
    try {
      Class.forName(CLI, false, FleetLoad.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      return Optional.empty();
    }
    // Absolute: the children run in the fleet's own folder.
    String classPath =
        Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
            .filter(entry -> !entry.isEmpty())
            .map(entry -> Path.of(entry).toAbsolutePath().toString())
            .collect(Collectors.joining(File.pathSeparator));
    return Optional.of(
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp",
            classPath,
            CLI));
  }

  /** One run of the fleet: its children, its reader, and what they printed. */
  private static final class Run {
    private final Settings settings;
    private final PostgresServer server;
    private final FleetChild.Launch apex;
    private final Path home;
    private final PrintWriter progress;
    private final String url;
    private final String childUrl;

    Run(
        Settings settings,
        PostgresServer server,
        List<String> apex,
        Path home,
        PrintWriter progress) {
      this.settings = settings;
      this.server = server;
      this.home = home;
      this.progress = progress;
      this.url = server.url("apex_fleet");
      // The children take the password from PGPASSWORD, so no command line shows it.
      String[] split = withoutPassword(url);
      this.childUrl = split[0];
      this.apex =
          new FleetChild.Launch(
              apex, home, split[1] == null ? Map.of() : Map.of("PGPASSWORD", split[1]));
    }

    FleetLoadResult.Fleet fleet() throws InterruptedException {
      Path flow = writeFlow();
      // Opened first, so the schema is in place before the children race to it.
      try (Timeline reader = Timelines.open(url, TimelineOptions.DEFAULTS)) {
        AtomicReference<String> open = new AtomicReference<>();
        try (FleetChild console =
            FleetChild.start(
                apex,
                line -> {
                  if (line.startsWith("open ")) {
                    open.set(line.substring(5).strip());
                  }
                },
                "console",
                "--port",
                "0",
                "--db",
                childUrl)) {
          await(() -> open.get() != null || !console.isAlive(), "the console to print its URL");
          if (open.get() == null) {
            throw new IllegalStateException("apex console ended: " + console.lastError());
          }
          FleetProbe probe = new FleetProbe(URI.create(open.get()), apex, childUrl);
          probe.start();
          return withProbe(reader, flow, probe);
        }
      }
    }

    private FleetLoadResult.Fleet withProbe(Timeline reader, Path flow, FleetProbe probe)
        throws InterruptedException {
      List<FleetRunner> runners = new ArrayList<>();
      try {
        for (int i = 1; i <= settings.runners(); i++) {
          runners.add(FleetRunner.start(i, apex, flow, settings.steps(), childUrl));
        }
        say(settings.runners() + " runners started on " + TimelineAppend.where(url));
        List<FleetRunner> victims = kill(runners, reader);
        List<FleetRunner> survivors = runners.stream().filter(r -> !victims.contains(r)).toList();
        await(
            () -> survivors.stream().allMatch(r -> r.printed().size() >= 2 || !r.isAlive()),
            "the runners left alone to print 2 steps");
        int runningAtRestart = (int) survivors.stream().filter(FleetRunner::isAlive).count();
        probe.restartStarted();
        long restartStart = System.nanoTime();
        server.restart();
        Duration restart = Duration.ofNanos(System.nanoTime() - restartStart);
        probe.restartEnded();
        say("server restarted in " + restart.toMillis() + " ms, " + runningAtRestart + " running");
        for (FleetRunner r : survivors) {
          r.awaitExit(BOUND);
        }
        // The console is judged on answers after the restart; give it a few, bounded.
        awaitQuietly(() -> probe.okAfterRestart() >= 3);
        FleetLoadResult.Probes probes = probe.stop();
        List<FleetLoadResult.Runner> rows = new ArrayList<>();
        for (FleetRunner r : runners) {
          rows.add(r.row(reader));
        }
        say("timing the step append on SQLite and on the same server");
        return new FleetLoadResult.Fleet(
            settings.steps(),
            reader.taskCount(),
            rows,
            restart,
            runningAtRestart,
            probes,
            measureAppend());
      } finally {
        probe.stop();
        runners.forEach(FleetRunner::close);
      }
    }

    /**
     * Kills the first runners to print three steps (SIGKILL), as many as the settings say, and
     * times until the timeline reads each one's task INTERRUPTED.
     *
     * @return the runners killed
     */
    private List<FleetRunner> kill(List<FleetRunner> runners, Timeline reader)
        throws InterruptedException {
      List<FleetRunner> victims = new ArrayList<>();
      Map<FleetRunner, Instant> killedAt = new HashMap<>();
      await(
          () -> {
            for (FleetRunner r : runners) {
              if (victims.size() < settings.killed()
                  && !victims.contains(r)
                  && r.isAlive()
                  && r.printed().size() >= 3) {
                r.kill();
                killedAt.put(r, Instant.now());
                victims.add(r);
              }
            }
            return victims.size() == settings.killed()
                || runners.stream().noneMatch(r -> r.isAlive() && !victims.contains(r));
          },
          "runners to print 3 steps");
      if (victims.size() < settings.killed()) {
        throw new IllegalStateException(
            "the runners ended before "
                + settings.killed()
                + " of them printed 3 steps: "
                + runners.get(0).lastError());
      }
      for (FleetRunner victim : victims) {
        // A killed runner never prints its task id: the timeline knows it by its owner's pid.
        victim.killed(
            ownedBy(reader, victim.pid())
                .orElseThrow(
                    () ->
                        new IllegalStateException(
                            "no task on the timeline is owned by runner "
                                + victim.index()
                                + "'s pid "
                                + victim.pid())));
      }
      awaitQuietly(
          () -> {
            for (FleetRunner victim : victims) {
              if (victim.toInterrupted() == null
                  && reader.task(victim.task()).map(t -> t.status()).orElse(null)
                      == TaskStatus.INTERRUPTED) {
                victim.interruptedAfter(Duration.between(killedAt.get(victim), Instant.now()));
              }
            }
            return victims.stream().allMatch(v -> v.toInterrupted() != null);
          });
      for (FleetRunner victim : victims) {
        say("runner " + victim.index() + " killed after step " + victim.printed().size());
      }
      return victims;
    }

    private Path writeFlow() {
      StringBuilder yaml =
          new StringBuilder("name: fleet\nsteps:\n  - launch_app: com.android.settings\n");
      for (int i = 0; i < settings.waits(); i++) {
        yaml.append("  - wait: { ms: ").append(settings.waitMillis()).append(" }\n");
      }
      Path flow = home.resolve("fleet.yaml");
      try {
        Files.writeString(flow, yaml);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot write " + flow, e);
      }
      return flow;
    }

    /** M3's append, of the sim's Settings screen, on a SQLite file and on this server. */
    private TimelineAppend.Result measureAppend() {
      try (SimDevice sim =
          SimDevice.create(Clock.fixed(Instant.parse("2024-05-31T09:41:00Z"), ZoneOffset.UTC))) {
        sim.launchApp("com.android.settings");
        RawCapture capture = sim.capture();
        Scene scene = SceneBuilder.build(TreeParsers.parse(capture), List.of());
        WorldModel world = new WorldModel();
        PlannedStep step = PlannedStep.of("launch_app", Map.of("app_id", "com.android.settings"));
        world.observe(scene, null, step, StepResult.ok(step, null, 1, Duration.ofMillis(40)));
        return TimelineAppend.measure(
            settings.append(),
            scene,
            world.state(),
            capture.screenshot(),
            server.url("apex_append"));
      }
    }

    private void say(String line) {
      progress.println("  " + line);
      progress.flush();
    }
  }

  /** Polls until {@code done}, up to {@link #BOUND}; throws naming {@code what} past it. */
  static void await(BooleanSupplier done, String what) throws InterruptedException {
    if (!awaitQuietly(done)) {
      throw new IllegalStateException("waited " + BOUND.toMinutes() + " min for " + what);
    }
  }

  /** Polls until {@code done}, up to {@link #BOUND}; whether it came. */
  static boolean awaitQuietly(BooleanSupplier done) throws InterruptedException {
    long deadline = System.nanoTime() + BOUND.toNanos();
    while (!done.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        return false;
      }
      Sleeper.SYSTEM.sleep(POLL);
    }
    return true;
  }

  /**
   * {@code url} without its password, and the password (null when it has none): {@code
   * postgresql://USER:PASSWORD@HOST…} → {@code postgresql://USER@HOST…}, {@code PASSWORD}.
   */
  static String[] withoutPassword(String url) {
    int scheme = url.indexOf("://");
    int at = url.lastIndexOf('@');
    int colon = scheme < 0 ? -1 : url.indexOf(':', scheme + 3);
    if (scheme < 0 || at < 0 || colon < 0 || colon > at) {
      return new String[] {url, null};
    }
    return new String[] {url.substring(0, colon) + url.substring(at), url.substring(colon + 1, at)};
  }

  /** The task whose runner has process id {@code pid} (on this host). */
  static Optional<TaskId> ownedBy(Timeline reader, long pid) {
    return reader.tasks(TaskFilter.ALL, 1_000, 0).stream()
        .filter(entry -> entry.pid() != null && entry.pid() == pid)
        .map(entry -> entry.task().id())
        .findFirst();
  }

  /** The steps the timeline has for {@code task}, by index. */
  static List<Integer> recorded(Timeline reader, TaskId task) {
    return reader.steps(task).stream().map(StoredStep::index).toList();
  }
}
