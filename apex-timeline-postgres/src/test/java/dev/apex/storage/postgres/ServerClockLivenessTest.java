package dev.apex.storage.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.storage.FakeProcesses;
import dev.apex.storage.Processes;
import dev.apex.storage.TestSteps;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.PostgresServer;
import dev.apex.timeline.TimelineOptions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Runners whose clocks are hours apart share one timeline: the server's clock alone decides
 * liveness, so a reader whose clock runs ahead does not take a live runner for dead, and one whose
 * clock runs behind does not take a dead runner for alive.
 */
@Tag("e2e")
class ServerClockLivenessTest {

  private static final Duration BEAT = Duration.ofMillis(50);
  private static final Duration LEASE = Duration.ofSeconds(60);
  private static final Instant NOW = Instant.now();

  private TestDatabase database;
  private final List<PostgresTimeline> opened = new ArrayList<>();

  @BeforeEach
  void createDatabase() {
    database = TestDatabase.create(PostgresServer.fromEnvironment());
  }

  @AfterEach
  void dropDatabase() {
    opened.forEach(PostgresTimeline::close);
    if (database != null) {
      database.close();
    }
  }

  private PostgresTimeline open(Processes processes, Clock runnerClock) {
    PostgresTimeline timeline =
        PostgresTimeline.open(
            database.location(),
            TimelineOptions.DEFAULTS,
            Map.of(),
            runnerClock,
            processes,
            BEAT,
            LEASE);
    opened.add(timeline);
    return timeline;
  }

  @Test
  void aReaderWhoseClockRunsTwoHoursAheadSeesALiveRunnerRunning() {
    PostgresTimeline runner =
        open(new FakeProcesses("host-a", 1), new FakeClock(NOW.minus(Duration.ofHours(2))));
    PostgresTimeline reader =
        open(new FakeProcesses("host-b", 2), new FakeClock(NOW.plus(Duration.ofHours(2))));
    TaskId id = TaskId.of("skew-live");
    runner.startTask(id, "sim", "alive");
    runner.append(TestSteps.step(id, 1));

    assertThat(reader.task(id).orElseThrow().status()).isEqualTo(TaskStatus.RUNNING);
    assertThat(reader.tasks(5, 0).get(0).status()).isEqualTo(TaskStatus.RUNNING);
  }

  @Test
  void aReaderWhoseClockRunsTwoHoursBehindSeesADeadRunnerInterrupted() {
    PostgresTimeline runner =
        open(new FakeProcesses("host-a", 1), new FakeClock(NOW.plus(Duration.ofHours(2))));
    PostgresTimeline reader =
        open(new FakeProcesses("host-b", 2), new FakeClock(NOW.minus(Duration.ofHours(2))));
    TaskId id = TaskId.of("skew-dead");
    runner.startTask(id, "sim", "dies");
    runner.append(TestSteps.step(id, 1));
    runner.close();
    // Its last heartbeat, by the server's clock, is now older than the lease.
    database.execute(
        "UPDATE tasks SET heartbeat_at = now() - interval '90 seconds' WHERE id = 'skew-dead'");

    var judged = reader.task(id).orElseThrow();
    assertThat(judged.status()).isEqualTo(TaskStatus.INTERRUPTED);
    assertThat(judged.reason()).contains("for 90 s", "pid 1 on host-a");
    assertThat(reader.steps(id)).hasSize(1);
  }
}
