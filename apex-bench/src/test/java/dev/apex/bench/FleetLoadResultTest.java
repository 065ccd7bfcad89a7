package dev.apex.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.TaskStatus;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** M11's goals and its section in BENCHMARKS.md, from hand-made figures. */
class FleetLoadResultTest {

  private static final List<Integer> ALL = IntStream.rangeClosed(1, 15).boxed().toList();

  static FleetLoadResult.Fleet fleet(List<FleetLoadResult.Runner> runners) {
    return new FleetLoadResult.Fleet(
        15,
        runners.size(),
        runners,
        Duration.ofMillis(1_734),
        2,
        new FleetLoadResult.Probes(
            new FleetLoadResult.Answers(120, 0),
            new FleetLoadResult.Answers(3, 4),
            new FleetLoadResult.Answers(17, 0),
            212,
            61,
            1,
            9,
            0,
            Duration.ofMillis(2_480)),
        new TimelineAppend.Result(
            40_402,
            Reports.measured(3_930_000, 3_930_000, 14_720_000),
            Reports.measured(2_000_000),
            TimelineAppend.Postgres.measured(
                "postgresql://127.0.0.1:5999/apex_append",
                Reports.measured(8_030_000, 8_030_000, 26_910_000))));
  }

  static FleetLoadResult.Runner killed(int index, TaskStatus status) {
    return new FleetLoadResult.Runner(
        index,
        "k" + index,
        true,
        status,
        null,
        List.of(1, 2, 3),
        List.of(1, 2, 3),
        status == TaskStatus.INTERRUPTED ? Duration.ofMillis(171) : null,
        "");
  }

  static FleetLoadResult.Runner survivor(int index, List<Integer> recorded) {
    return new FleetLoadResult.Runner(
        index, "s" + index, false, TaskStatus.SUCCEEDED, 0, ALL, recorded, null, "");
  }

  @Test
  void aFleetThatKeptEveryStepMeetsEveryGoal() {
    FleetLoadResult result =
        FleetLoadResult.measured(
            fleet(
                List.of(
                    killed(1, TaskStatus.INTERRUPTED),
                    killed(2, TaskStatus.INTERRUPTED),
                    survivor(3, ALL),
                    survivor(4, ALL))));

    assertThat(result.goals()).hasSize(5).allMatch(Goal::required).allMatch(Goal::met);
    assertThat(result.goals())
        .extracting(Goal::measured)
        .contains("0 of 36", "4 of 4", "2 of 2", "17 ok, 0 failed");
  }

  @Test
  void aLostStepAKilledTaskLeftRunningAndASilentConsoleAreMissedGoals() {
    FleetLoadResult.Fleet base =
        fleet(
            List.of(
                killed(1, TaskStatus.RUNNING), survivor(2, ALL.subList(0, 14)), survivor(3, ALL)));
    FleetLoadResult result =
        FleetLoadResult.measured(
            new FleetLoadResult.Fleet(
                base.steps(),
                base.tasks(),
                base.runners(),
                base.restart(),
                base.runningAtRestart(),
                new FleetLoadResult.Probes(
                    base.probes().before(),
                    base.probes().during(),
                    new FleetLoadResult.Answers(0, 40),
                    0,
                    0,
                    3,
                    0,
                    5,
                    null),
                base.append()));

    assertThat(result.fleet().lost()).isEqualTo(1);
    assertThat(result.goals()).noneMatch(Goal::met);
    assertThat(result.goals())
        .extracting(Goal::measured)
        .contains("1 of 33", "2 of 3", "0 of 1", "1 of 2", "0 ok, 40 failed");
  }

  @Test
  void notMeasuredIsAnAimNotMetAndABrokenRunMissesItsGoals() {
    FleetLoadResult absent = FleetLoadResult.notMeasured("PostgreSQL is not installed");
    FleetLoadResult broken = FleetLoadResult.failed("runner 1 ended before step 3");

    assertThat(absent.goals()).isNotEmpty().noneMatch(Goal::required).allMatch(Goal::passes);
    assertThat(absent.goals()).allMatch(g -> g.measured().startsWith("not measured: "));
    assertThat(broken.goals()).isNotEmpty().allMatch(Goal::required).noneMatch(Goal::passes);
    assertThat(broken.why()).isEqualTo("the fleet did not finish: runner 1 ended before step 3");
  }

  @Test
  void itsSectionGivesTheFiguresAndBothAppends() {
    FleetLoadResult result =
        FleetLoadResult.measured(
            fleet(List.of(killed(1, TaskStatus.INTERRUPTED), survivor(2, ALL))));

    String md = BenchmarksMarkdown.section(result);

    assertThat(md)
        .startsWith("## M11 — Fleet: many runners, one PostgreSQL timeline, faults\n")
        .contains("| tasks on the timeline (SUCCEEDED, INTERRUPTED) | 2 (1, 1) |")
        .contains("| steps printed but not recorded (lost) | 0 |")
        .contains("| kill to INTERRUPTED, per killed runner | 171 ms |")
        .contains("| server restart (pg_ctl restart -m fast) | 1,734 ms |")
        .contains("| console /api/tasks ok / failed, during the restart | 3 / 4 |")
        .contains("| console /api/tasks ok / failed, after the restart | 17 / 0 |")
        .contains("| 212 (61), 1 |")
        .contains("| 9 / 0 (2,480 ms) |")
        .contains("| 1 | killed | INTERRUPTED | – | 3 | 3 | 0 | 171 ms |")
        .contains("| 2 | ran to the end | SUCCEEDED | 0 | 15 | 15 | 0 | – |")
        .contains("| SQLite (temp file, WAL, synchronous=FULL) | 40,402 | 3.93 ms | 14.72 ms |")
        .contains("`postgresql://127.0.0.1:5999/apex_append`, the fleet's server) | 40,402 |")
        .contains("| 8.03 ms | 26.91 ms |");
  }

  @Test
  void notMeasuredItsSectionSaysWhyAndTheReportStillRenders() {
    FleetLoadResult absent =
        FleetLoadResult.notMeasured(
            "PostgreSQL's server programs are not installed: apt-get install postgresql");
    BenchReport sample = Reports.sample(false);
    BenchReport report =
        new BenchReport(
            sample.machine(),
            sample.options(),
            sample.dataDir(),
            sample.startedAt(),
            sample.elapsed(),
            sample.compression(),
            sample.retention(),
            sample.stepOverhead(),
            sample.fusionScaling(),
            sample.loopOverhead(),
            sample.mcp(),
            sample.replay(),
            sample.webTasks(),
            sample.ocr(),
            sample.smallContext(),
            absent);

    String md = BenchmarksMarkdown.render(report);

    assertThat(md)
        .contains("## M11 — Fleet")
        .contains(
            "| not measured: PostgreSQL's server programs are not installed: apt-get install"
                + " postgresql |")
        .contains("| M11 | steps a runner printed that the timeline lacks | 0 |")
        .contains("aim not met");
    assertThat(report.goalsMet()).isTrue();
  }
}
