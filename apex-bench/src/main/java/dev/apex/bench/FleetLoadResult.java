package dev.apex.bench;

import dev.apex.core.TaskStatus;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * M11's figures: runners on sims writing to one PostgreSQL timeline while a console streams and
 * {@code apex timeline} reads, some runners killed, the server restarted once ({@link FleetLoad}).
 *
 * @param fleet what the run measured, or null when it was not measured or did not finish
 * @param why why there are no figures ({@code not measured: …} or {@code the fleet did not finish:
 *     …}), or null when there are
 * @param failed whether the run started and broke (its goals are missed), rather than not being
 *     measured here (its goals are then aims not met)
 */
public record FleetLoadResult(Fleet fleet, String why, boolean failed) implements MetricResult {

  public FleetLoadResult {
    if ((fleet == null) == (why == null)) {
      throw new IllegalArgumentException("give either the fleet's figures or why there are none");
    }
  }

  public static FleetLoadResult measured(Fleet fleet) {
    return new FleetLoadResult(Objects.requireNonNull(fleet, "fleet"), null, false);
  }

  /** Not measured on this machine or in this mode; {@code why} says what to do. */
  public static FleetLoadResult notMeasured(String why) {
    return new FleetLoadResult(null, "not measured: " + why, false);
  }

  /** Started and broke: its goals are missed. */
  public static FleetLoadResult failed(String why) {
    return new FleetLoadResult(null, "the fleet did not finish: " + why, true);
  }

  /**
   * One runner.
   *
   * @param index 1 to the fleet's size, in start order
   * @param taskId its task, as it printed it or (killed) as the timeline knows it by its pid
   * @param killed whether it was killed with SIGKILL mid-task
   * @param status its task's status at the end, as the timeline judges it
   * @param exit its exit code, or null when killed or still running at the bound
   * @param printed the step indexes it printed ({@code step N ok}), in order
   * @param recorded the step indexes the timeline has for its task, in order
   * @param toInterrupted from the kill to the timeline reading INTERRUPTED, or null
   * @param error its stderr's last line when it did not exit 0, else empty
   */
  public record Runner(
      int index,
      String taskId,
      boolean killed,
      TaskStatus status,
      Integer exit,
      List<Integer> printed,
      List<Integer> recorded,
      Duration toInterrupted,
      String error) {

    public Runner {
      Objects.requireNonNull(status, "status");
      printed = List.copyOf(printed);
      recorded = List.copyOf(recorded);
      error = error == null ? "" : error;
    }

    /** Steps it printed that the timeline lacks. */
    public int lost() {
      List<Integer> missing = new ArrayList<>(printed);
      missing.removeAll(recorded);
      return missing.size();
    }
  }

  /** Answers to one kind of request: 200 ({@code ok}) or not (an error, a refused connection). */
  public record Answers(int ok, int failed) {
    @Override
    public String toString() {
      return ok + " / " + failed;
    }
  }

  /**
   * What the console and {@code apex timeline} answered through the run.
   *
   * @param before {@code /api/tasks} requests started before the restart
   * @param during those started while the server restarted
   * @param after those started after it
   * @param events {@code data:} lines read from {@code /api/events}
   * @param eventsAfter of which read after the restart
   * @param streams event streams opened (1 when the stream never broke)
   * @param timelineOk {@code apex timeline} runs that exited 0
   * @param timelineFailed those that did not (or ran past their bound)
   * @param timelineMedian the median time of those that exited 0, a JVM's start included; null when
   *     none did
   */
  public record Probes(
      Answers before,
      Answers during,
      Answers after,
      int events,
      int eventsAfter,
      int streams,
      int timelineOk,
      int timelineFailed,
      Duration timelineMedian) {}

  /**
   * The fleet's figures.
   *
   * @param steps the steps of the flow each runner runs
   * @param tasks the tasks on the timeline at the end (one per runner when nothing else wrote)
   * @param runners each runner, in start order
   * @param restart how long the server's fast restart took ({@code pg_ctl restart -w})
   * @param runningAtRestart runners left alone that were still running when the restart began
   * @param probes the console's and {@code apex timeline}'s answers
   * @param append the step append on a SQLite file and on the same PostgreSQL server, same rounds
   */
  public record Fleet(
      int steps,
      int tasks,
      List<Runner> runners,
      Duration restart,
      int runningAtRestart,
      Probes probes,
      TimelineAppend.Result append) {

    public Fleet {
      runners = List.copyOf(runners);
      Objects.requireNonNull(restart, "restart");
      Objects.requireNonNull(probes, "probes");
      Objects.requireNonNull(append, "append");
    }

    public long count(TaskStatus status) {
      return runners.stream().filter(r -> r.status() == status).count();
    }

    public int stepsRecorded() {
      return runners.stream().mapToInt(r -> r.recorded().size()).sum();
    }

    public int lost() {
      return runners.stream().mapToInt(Runner::lost).sum();
    }

    public List<Runner> killed() {
      return runners.stream().filter(Runner::killed).toList();
    }

    public List<Runner> survivors() {
      return runners.stream().filter(r -> !r.killed()).toList();
    }

    /** Survivors that exited 0 with their task SUCCEEDED and every step of the flow recorded. */
    public long survivorsComplete() {
      return survivors().stream()
          .filter(
              r ->
                  r.status() == TaskStatus.SUCCEEDED
                      && Integer.valueOf(0).equals(r.exit())
                      && r.recorded().size() == steps)
          .count();
    }
  }

  @Override
  public String id() {
    return "M11";
  }

  @Override
  public String title() {
    return "Fleet: many runners, one PostgreSQL timeline, faults";
  }

  @Override
  public String method() {
    FleetLoad.Settings full = FleetLoad.Settings.FULL;
    int runners = fleet == null ? full.runners() : fleet.runners().size();
    int killed = fleet == null ? full.killed() : killedCount();
    int waits = fleet == null ? full.waits() : fleet.steps() - 1;
    return "A private PostgreSQL cluster (`initdb`, `pg_ctl` from "
        + dev.apex.testkit.PostgresServer.BIN
        + ") on a free loopback port; "
        + runners
        + " `apex run` processes on sims (a flow of `launch_app` and "
        + waits
        + " `wait` steps of "
        + full.waitMillis()
        + " ms) write to one timeline there while `apex console` serves it (`/api/tasks` polled"
        + " every 200 ms, `/api/events` streamed) and `apex timeline` reads it every 500 ms, each"
        + " its own JVM. The first "
        + killed
        + " runners to print three steps are killed with SIGKILL (`kill -9`); once the timeline"
        + " reads their tasks INTERRUPTED and every other runner has printed two steps, the server"
        + " is restarted fast (`pg_ctl restart -m fast`, which cuts every session) while they"
        + " run. *Lost* steps are steps a runner printed (`step N ok`) that"
        + " the timeline lacks at the end. Answers are counted by when their request started."
        + " Then the step append (M3's measurement: the scene, world state and PNG of the sim's"
        + " Settings screen) on a SQLite file and on the same server, in the same rounds. No goal"
        + " is on a duration; `--quick` leaves it out.";
  }

  @Override
  public List<Table> tables() {
    if (fleet == null) {
      return List.of(Table.builder("The fleet", "").row(why).build());
    }
    return List.of(summary(), runnerTable(), appendTable());
  }

  private Table summary() {
    Probes p = fleet.probes();
    return Table.builder("The fleet", "figure", "measured")
        .row("runners (killed with SIGKILL)", fleet.runners().size() + " (" + killedCount() + ")")
        .row(
            "tasks on the timeline (SUCCEEDED, INTERRUPTED)",
            fleet.tasks()
                + " ("
                + fleet.count(TaskStatus.SUCCEEDED)
                + ", "
                + fleet.count(TaskStatus.INTERRUPTED)
                + ")")
        .row("steps recorded", Fmt.count(fleet.stepsRecorded()))
        .row("steps printed but not recorded (lost)", fleet.lost())
        .row("kill to INTERRUPTED, per killed runner", toInterrupted())
        .row("server restart (pg_ctl restart -m fast)", millis(fleet.restart()))
        .row(
            "runners left alone still running when the restart began",
            fleet.runningAtRestart() + " of " + fleet.survivors().size())
        .row("console /api/tasks ok / failed, before the restart", p.before())
        .row("console /api/tasks ok / failed, during the restart", p.during())
        .row("console /api/tasks ok / failed, after the restart", p.after())
        .row(
            "console /api/events: events (after the restart), streams opened",
            p.events() + " (" + p.eventsAfter() + "), " + p.streams())
        .row(
            "apex timeline runs ok / failed (median time of one, its JVM's start included)",
            p.timelineOk()
                + " / "
                + p.timelineFailed()
                + (p.timelineMedian() == null ? "" : " (" + millis(p.timelineMedian()) + ")"))
        .build();
  }

  private Table runnerTable() {
    Table.Builder t =
        Table.builder(
            "Per runner",
            "runner",
            "fate",
            "status",
            "exit",
            "steps printed",
            "steps recorded",
            "lost",
            "kill to INTERRUPTED");
    for (Runner r : fleet.runners()) {
      t.row(
          r.index(),
          r.killed() ? "killed" : "ran to the end",
          r.status() + (r.error().isEmpty() ? "" : " (" + r.error() + ")"),
          r.exit() == null ? "–" : r.exit(),
          r.printed().size(),
          r.recorded().size(),
          r.lost(),
          r.toInterrupted() == null ? "–" : millis(r.toInterrupted()));
    }
    return t.build();
  }

  private Table appendTable() {
    TimelineAppend.Result a = fleet.append();
    Table.Builder t =
        Table.builder(
            "Step append, this run (one step: scene, world state, PNG; interleaved rounds)",
            "timeline",
            "bytes",
            "wall median",
            "wall p95",
            "CPU median",
            "rounds");
    t.measured("SQLite (temp file, WAL, synchronous=FULL)", a.bytes(), a.append());
    a.postgres().addRow(t, "PostgreSQL", "the fleet's server", a.bytes());
    return t.build();
  }

  @Override
  public List<Goal> goals() {
    if (fleet == null) {
      return List.of(
          unmeasured("steps a runner printed that the timeline lacks", "0"),
          unmeasured("tasks in a final status", "all"),
          unmeasured("killed runners' tasks INTERRUPTED", "all"),
          unmeasured("runners left alone: exit 0, SUCCEEDED, every step recorded", "all"),
          unmeasured("console /api/tasks answers after the restart", "≥ 1 ok"));
    }
    int runners = fleet.runners().size();
    long finals = fleet.runners().stream().filter(r -> r.status().isFinal()).count();
    long interrupted =
        fleet.killed().stream().filter(r -> r.status() == TaskStatus.INTERRUPTED).count();
    int survivors = fleet.survivors().size();
    int after = fleet.probes().after().ok();
    return List.of(
        Goal.goal(
            id(),
            "steps a runner printed that the timeline lacks",
            "0",
            fleet.lost()
                + " of "
                + fleet.runners().stream().mapToInt(r -> r.printed().size()).sum(),
            fleet.lost() == 0),
        Goal.goal(
            id(),
            "tasks in a final status",
            "all " + runners,
            finals + " of " + runners,
            finals == runners),
        Goal.goal(
            id(),
            "killed runners' tasks INTERRUPTED",
            "all " + killedCount(),
            interrupted + " of " + killedCount(),
            interrupted == killedCount()),
        Goal.goal(
            id(),
            "runners left alone: exit 0, SUCCEEDED, every step recorded",
            "all " + survivors,
            fleet.survivorsComplete() + " of " + survivors,
            fleet.survivorsComplete() == survivors),
        Goal.goal(
            id(),
            "console /api/tasks answers after the restart",
            "≥ 1 ok",
            after + " ok, " + fleet.probes().after().failed() + " failed",
            after >= 1));
  }

  private Goal unmeasured(String name, String target) {
    return failed
        ? Goal.goal(id(), name, target, why, false)
        : Goal.aim(id(), name, target, why, false);
  }

  private int killedCount() {
    return fleet.killed().size();
  }

  private String toInterrupted() {
    List<Runner> killed = fleet.killed();
    if (killed.isEmpty()) {
      return "–";
    }
    return killed.stream()
        .map(r -> r.toInterrupted() == null ? "never" : millis(r.toInterrupted()))
        .collect(Collectors.joining(", "));
  }

  private static String millis(Duration d) {
    return Fmt.count(d.toMillis()) + " ms";
  }
}
