package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.bench.FleetLoad;
import dev.apex.bench.FleetLoadResult;
import dev.apex.bench.Goal;
import dev.apex.bench.Table;
import dev.apex.core.TaskStatus;
import dev.apex.testkit.PostgresServer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Eight runner processes on sims write to one PostgreSQL timeline while a console streams and
 * {@code apex timeline} reads; two runners are killed with {@code kill -9}, and the server is
 * restarted once mid-run: the bench's fleet ({@link FleetLoad}, M11), run here on a private cluster
 * with this module's class path. Every task ends final (the killed ones INTERRUPTED), every
 * SUCCEEDED task has every step it printed, and the console answers again after the restart. Prints
 * the figures; asserts no duration.
 */
@Tag("e2e")
class PostgresLoadTest {

  private static PostgresServer server;

  @BeforeAll
  static void start() {
    server = PostgresServer.startPrivate();
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void eightRunnersTwoKilledAndAServerRestartLoseNoRecordedStep() {
    FleetLoad.Settings settings = FleetLoad.Settings.FULL;
    StringWriter progress = new StringWriter();

    FleetLoadResult result =
        FleetLoad.run(
            settings,
            server,
            FleetLoad.apexInThisJvm().orElseThrow(),
            new PrintWriter(progress, true));

    assertThat(result.why()).as(progress.toString()).isNull();
    FleetLoadResult.Fleet fleet = result.fleet();
    assertThat(fleet.runners()).hasSize(settings.runners());
    assertThat(fleet.tasks()).as("tasks on the timeline").isEqualTo(settings.runners());
    assertThat(fleet.killed()).hasSize(settings.killed());
    for (FleetLoadResult.Runner r : fleet.runners()) {
      assertThat(r.status().isFinal()).as("runner %d's task is final", r.index()).isTrue();
      assertThat(r.lost()).as("runner %d: steps printed but not recorded", r.index()).isZero();
      if (r.killed()) {
        assertThat(r.status()).isEqualTo(TaskStatus.INTERRUPTED);
        assertThat(r.printed().size()).as("killed mid-task").isBetween(3, settings.steps() - 1);
        assertThat(r.toInterrupted()).as("seen INTERRUPTED after the kill").isNotNull();
      } else {
        assertThat(r.status()).as(r.error()).isEqualTo(TaskStatus.SUCCEEDED);
        assertThat(r.exit()).as(r.error()).isZero();
        assertThat(r.printed()).hasSize(settings.steps());
        assertThat(r.recorded()).hasSize(settings.steps());
      }
    }
    assertThat(fleet.lost()).as("steps printed but not recorded").isZero();
    assertThat(fleet.runningAtRestart()).as("runners writing through the restart").isPositive();
    FleetLoadResult.Probes probes = fleet.probes();
    assertThat(probes.before().ok()).as("console answers before the restart").isPositive();
    assertThat(probes.after().ok())
        .as("console answers after the restart")
        .isGreaterThanOrEqualTo(3);
    assertThat(probes.events()).as("events streamed").isPositive();
    assertThat(probes.timelineOk()).as("apex timeline reads that exited 0").isPositive();
    assertThat(fleet.append().postgres().wasMeasured())
        .as(fleet.append().postgres().why())
        .isTrue();
    assertThat(result.goals()).allMatch(Goal::met);

    System.out.println("FIGURES fleet:\n" + progress);
    for (Table table : result.tables()) {
      System.out.println("FIGURES " + table.caption());
      for (List<String> row : table.rows()) {
        System.out.println("  " + String.join(" | ", row));
      }
    }
  }
}
