package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.TaskRecord;
import dev.apex.storage.postgres.PostgresLocation;
import dev.apex.storage.postgres.PostgresTimeline;
import dev.apex.testkit.PostgresServer;
import dev.apex.timeline.TimelineOptions;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code apex test} on a PostgreSQL timeline ({@link PostgresServer#fromEnvironment()}, a database
 * of its own): every flow of a suite run is a task carrying the suite's id, and a later {@code
 * --shard} run reads the durations that history recorded on the server to balance its parts.
 */
@Tag("e2e")
class PostgresSuiteCliTest {

  /** {@code [1/4] SUCCEEDED /path/f0.yaml on sim#1 in 0.3 s, task ID}. */
  private static final Pattern LINE =
      Pattern.compile("\\[ ?\\d+/\\d+\\] (\\S+) +(\\S+)(?: on (\\S+) in [^,]+, task (\\w+))?.*");

  @TempDir Path dir;

  private PostgresServer server;
  private String name;
  private String url;

  @BeforeEach
  void createDatabase() {
    server = PostgresServer.fromEnvironment();
    name = "apex_suite_" + UUID.randomUUID().toString().replace("-", "");
    sql(server.url(), "CREATE DATABASE " + name);
    url = server.url(name);
  }

  @AfterEach
  void dropDatabase() {
    if (name != null) {
      sql(server.url(), "DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
    }
  }

  private Map<String, String> env() {
    return Map.of("APEX_HOME", dir.resolve("home").toString());
  }

  /** Each flow line's file name and {status, task id}. */
  private static Map<String, String[]> flowLines(String out) {
    Map<String, String[]> flows = new TreeMap<>();
    for (String line : out.lines().toList()) {
      Matcher m = LINE.matcher(line);
      if (m.matches()) {
        flows.put(
            Path.of(m.group(2)).getFileName().toString(), new String[] {m.group(1), m.group(4)});
      }
    }
    return flows;
  }

  @Test
  void aSuiteRunsTasksCarryItsIdOnTheServerAndShardsAreBalancedByTheirDurations() throws Exception {
    Path suite = SuiteFixture.small(dir, 4);
    String password = PostgresLocation.parse(url).password();

    Cli.Result first = Cli.run(env(), "test", suite.toString(), "--db", url, "--no-ocr");

    assertThat(first.exit()).as(first.err()).isZero();
    assertThat(first.out() + first.err()).doesNotContain(password);
    String suiteId =
        first.out().lines().findFirst().orElseThrow().replaceAll("^suite (\\w+): .*", "$1");
    Map<String, String[]> lines = flowLines(first.out());
    assertThat(lines).containsOnlyKeys("f0.yaml", "f1.yaml", "f2.yaml", "f3.yaml");
    assertThat(lines.values()).allSatisfy(l -> assertThat(l[0]).isEqualTo("SUCCEEDED"));
    try (PostgresTimeline timeline = PostgresTimeline.open(url, TimelineOptions.DEFAULTS)) {
      List<TaskRecord> tasks = timeline.suiteTasks(suiteId, 100);
      assertThat(tasks).hasSize(4).allMatch(t -> suiteId.equals(t.suiteId()));
      assertThat(tasks)
          .extracting(t -> t.id().value())
          .containsExactlyInAnyOrderElementsOf(lines.values().stream().map(l -> l[1]).toList());
    }

    // The history as if each flow had taken these seconds, long ago: f0 50, f1 1, f2 40, f3 2.
    long[] seconds = {50, 1, 40, 2};
    Instant start = Instant.parse("2026-01-01T00:00:00Z");
    for (int i = 0; i < 4; i++) {
      retime(lines.get("f" + i + ".yaml")[1], start, start.plusSeconds(seconds[i]));
    }
    Instant cutoff = start.plusSeconds(3_600);
    List<Set<String>> parts = new ArrayList<>();
    for (int i = 1; i <= 2; i++) {
      // The second job reads the timeline after the first recorded its own runs there: the
      // cutoff keeps those out of its split.
      Cli.Result r =
          Cli.run(
              env(),
              "test",
              suite.toString(),
              "--shard",
              i + "/2",
              "--db",
              url,
              "--history-before",
              cutoff.toString(),
              "--no-ocr");
      assertThat(r.exit()).as(r.err()).isZero();
      assertThat(r.out())
          .contains("shard " + i + "/2: ")
          .contains("balanced by recorded durations (4 of 4 flows have one)");
      parts.add(new TreeSet<>(flowLines(r.out()).keySet()));
    }
    // Longest first onto the least loaded: f0 (50 s) to 1, f2 (40 s) to 2, then f3 and f1 to 2;
    // dealt by file it would be f0 f2 (90 s) against f1 f3 (3 s).
    assertThat(parts.get(0)).containsExactly("f0.yaml");
    assertThat(parts.get(1)).containsExactly("f1.yaml", "f2.yaml", "f3.yaml");
  }

  private void retime(String taskId, Instant startedAt, Instant endedAt) {
    try (Connection c = connect(url);
        PreparedStatement update =
            c.prepareStatement("UPDATE tasks SET started_at = ?, ended_at = ? WHERE id = ?")) {
      update.setObject(1, OffsetDateTime.ofInstant(startedAt, ZoneOffset.UTC));
      update.setObject(2, OffsetDateTime.ofInstant(endedAt, ZoneOffset.UTC));
      update.setString(3, taskId);
      assertThat(update.executeUpdate()).as("task " + taskId).isEqualTo(1);
    } catch (SQLException e) {
      throw new AssertionError("cannot retime task " + taskId + ": " + e.getMessage(), e);
    }
  }

  private static void sql(String at, String statement) {
    try (Connection c = connect(at);
        Statement s = c.createStatement()) {
      s.execute(statement);
    } catch (SQLException e) {
      throw new AssertionError("cannot run " + statement + ": " + e.getMessage(), e);
    }
  }

  private static Connection connect(String url) throws SQLException {
    PostgresLocation at = PostgresLocation.parse(url);
    Properties props = new Properties();
    props.setProperty("user", at.user());
    props.setProperty("password", at.password());
    props.setProperty("connectTimeout", "5");
    props.setProperty("socketTimeout", "30");
    return DriverManager.getConnection(at.jdbcUrl(), props);
  }
}
