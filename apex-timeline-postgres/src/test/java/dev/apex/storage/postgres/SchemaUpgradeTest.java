package dev.apex.storage.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.TaskId;
import dev.apex.core.TaskRecord;
import dev.apex.core.TaskStatus;
import dev.apex.storage.FakeProcesses;
import dev.apex.testkit.PostgresServer;
import dev.apex.timeline.TimelineOptions;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A database an earlier apex made (its tables at version 1, before suite runs) is brought to this
 * version on open, keeping every task it holds.
 */
@Tag("e2e")
class SchemaUpgradeTest {

  private TestDatabase database;

  @BeforeEach
  void createDatabase() {
    database = TestDatabase.create(PostgresServer.fromEnvironment());
  }

  @AfterEach
  void dropDatabase() {
    if (database != null) {
      database.close();
    }
  }

  @Test
  void aVersionOneDatabaseGainsSuiteRunsAndKeepsItsTasks() {
    PostgresLocation at = database.location();
    Flyway.configure(getClass().getClassLoader())
        .dataSource(at.jdbcUrl(), at.user(), at.password(Map.of()).orElse(null))
        .locations(PostgresSchema.LOCATION)
        .table(PostgresSchema.HISTORY)
        .target("1")
        .load()
        .migrate();
    database.execute(
        "INSERT INTO tasks (id, device, goal, status, started_at, ended_at) VALUES"
            + " ('old', 'sim', 'flow f (f.yaml)', 'SUCCEEDED', timestamptz '2026-01-01T00:00:00Z',"
            + " timestamptz '2026-01-01T00:00:07Z')");

    try (PostgresTimeline timeline =
        PostgresTimeline.open(
            at,
            TimelineOptions.DEFAULTS,
            Map.of(),
            Clock.systemUTC(),
            new FakeProcesses("host-a", 1),
            PostgresTimeline.HEARTBEAT_INTERVAL,
            PostgresTimeline.LEASE)) {
      TaskRecord old = timeline.task(TaskId.of("old")).orElseThrow();
      assertThat(old.status()).isEqualTo(TaskStatus.SUCCEEDED);
      assertThat(old.suiteId()).isNull();
      assertThat(timeline.recordedDurations(List.of("flow f (f.yaml)"), null))
          .containsOnly(Map.entry("flow f (f.yaml)", Duration.ofSeconds(7)));
      timeline.startTask(TaskId.of("new"), "sim", "flow f (f.yaml)", "suite-1");
      timeline.finishTask(TaskId.of("new"), TaskStatus.SUCCEEDED, "ok");
      assertThat(timeline.suiteTasks("suite-1", 5))
          .extracting(t -> t.id().value())
          .containsExactly("new");
    }
  }

  @Test
  void aDatabaseAtThisVersionOpensAgainAndOneANewerApexMadeIsRefused() {
    PostgresLocation at = database.location();
    PostgresTimeline.open(database.url(), TimelineOptions.DEFAULTS).close();
    javax.sql.DataSource plain = plainDataSource(at);
    assertThat(PostgresSchema.appliedVersion(plain)).isEqualTo(PostgresSchema.LATEST_VERSION);
    try (PostgresTimeline again = PostgresTimeline.open(database.url(), TimelineOptions.DEFAULTS)) {
      again.startTask(TaskId.of("t1"), "sim", "goal");
      assertThat(again.task(TaskId.of("t1"))).isPresent();
    }

    database.execute(
        "INSERT INTO "
            + PostgresSchema.HISTORY
            + " (installed_rank, version, description, type, script, checksum, installed_by,"
            + " execution_time, success) VALUES (99, '"
            + (PostgresSchema.LATEST_VERSION + 1)
            + "', 'later', 'SQL', 'V9__later.sql', 0, 'apex', 1, true)");

    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> PostgresTimeline.open(database.url(), TimelineOptions.DEFAULTS))
        .isInstanceOf(dev.apex.storage.TimelineException.class)
        .hasMessageContaining("made by a newer apex")
        .hasMessageEndingWith("; upgrade apex")
        .hasMessageNotContaining("\n");
  }

  private static javax.sql.DataSource plainDataSource(PostgresLocation at) {
    org.postgresql.ds.PGSimpleDataSource source = new org.postgresql.ds.PGSimpleDataSource();
    source.setUrl(at.jdbcUrl());
    source.setUser(at.user());
    at.password(Map.of()).ifPresent(source::setPassword);
    return source;
  }
}
