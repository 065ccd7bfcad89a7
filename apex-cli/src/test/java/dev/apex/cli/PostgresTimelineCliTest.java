package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.storage.postgres.PostgresLocation;
import dev.apex.testkit.PostgresServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The commands on a PostgreSQL timeline, on a private server this test stops and restarts: {@code
 * run} records into it, {@code timeline} and {@code report} read it, {@code timeline copy} moves a
 * file's tasks into it once; a server restarted mid-run loses no step, one gone past {@code
 * timeline.write_timeout} ends the task FAILED naming the timeline, exit 1. No output shows the
 * password.
 */
@Tag("e2e")
class PostgresTimelineCliTest {

  private static final Path FLOW =
      Cli.projectRoot().resolve("examples/flows/settings-wifi-on.yaml");

  private static PostgresServer server;

  @TempDir Path home;

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

  private static String newDatabase() {
    String name = "apex_cli_" + UUID.randomUUID().toString().replace("-", "");
    sql(server.url(), "CREATE DATABASE " + name);
    return server.url(name);
  }

  private static int sql(String url, String statement) {
    PostgresLocation at = PostgresLocation.parse(url);
    Properties props = new Properties();
    props.setProperty("user", at.user());
    props.setProperty("password", at.password());
    props.setProperty("connectTimeout", "5");
    props.setProperty("socketTimeout", "30");
    try (Connection c = DriverManager.getConnection(at.jdbcUrl(), props);
        Statement s = c.createStatement()) {
      if (!s.execute(statement)) {
        return s.getUpdateCount();
      }
      try (ResultSet rs = s.getResultSet()) {
        return rs.next() ? rs.getInt(1) : -1;
      }
    } catch (SQLException e) {
      throw new AssertionError("cannot run " + statement + ": " + e.getMessage(), e);
    }
  }

  private Map<String, String> env(String... pairs) {
    Map<String, String> env = new HashMap<>(Map.of("APEX_HOME", home.toString()));
    for (int i = 0; i < pairs.length; i += 2) {
      env.put(pairs[i], pairs[i + 1]);
    }
    return env;
  }

  private static String password(String url) {
    return PostgresLocation.parse(url).password();
  }

  @Test
  void runRecordsIntoTheServerAndTimelineAndReportReadItWithoutShowingThePassword() {
    String url = newDatabase();

    Cli.Result run = Cli.run(env("APEX_TIMELINE", url), "run", "--flow", FLOW.toString());
    assertThat(run.exit()).as(run.err()).isZero();
    String task = Cli.taskIds(run.out()).get(0);
    Cli.Result list = Cli.run(env(), "timeline", "--db", url);
    Cli.Result show = Cli.run(env(), "timeline", task.substring(0, 8), "--db", url);
    Cli.Result report =
        Cli.run(env("APEX_TIMELINE", url), "report", task, "-o", home.resolve("r.html").toString());

    assertThat(list.exit()).as(list.err()).isZero();
    assertThat(list.out()).contains(task).contains("SUCCEEDED");
    assertThat(show.exit()).as(show.err()).isZero();
    assertThat(show.out()).contains("launch_app").contains("assert_visible");
    assertThat(report.exit()).as(report.err()).isZero();
    assertThat(home.resolve("r.html")).exists();
    assertThat(home.resolve("timeline.db")).doesNotExist();
    for (Cli.Result r : new Cli.Result[] {run, list, show, report}) {
      assertThat(r.out() + r.err()).doesNotContain(password(url));
    }
    assertThat(sql(url, "SELECT count(*) FROM steps WHERE task_id = '" + task + "'")).isEqualTo(4);
  }

  @Test
  void copyMovesAFilesTasksOnceWithTheirStepsAndScreenshots() {
    String url = newDatabase();
    Path file = home.resolve("mine.db");
    String first =
        Cli.taskIds(Cli.run(env(), Cli.withDb(file, "run", "--flow", FLOW.toString())).out())
            .get(0);
    String second =
        Cli.taskIds(Cli.run(env(), Cli.withDb(file, "run", "--flow", FLOW.toString())).out())
            .get(0);

    Cli.Result copy = Cli.run(env(), "timeline", "copy", "--from", file.toString(), "--to", url);
    Cli.Result again = Cli.run(env(), "timeline", "copy", "--from", file.toString(), "--to", url);

    assertThat(copy.exit()).as(copy.err()).isZero();
    assertThat(copy.out()).startsWith("copied 2 task(s) from").contains("0 were there already");
    assertThat(again.out()).startsWith("copied 0 task(s)").contains("2 were there already");
    assertThat(copy.out() + again.out() + copy.err()).doesNotContain(password(url));
    assertThat(sql(url, "SELECT count(*) FROM tasks")).isEqualTo(2);
    assertThat(sql(url, "SELECT count(*) FROM steps")).isEqualTo(8);
    assertThat(sql(url, "SELECT count(*) FROM screenshots")).isEqualTo(8);
    assertThat(Cli.run(env(), "timeline", "--db", url).out()).contains(first, second);
    assertThat(Cli.run(env(), "timeline", second, "--db", url).out())
        .isEqualTo(Cli.run(env(), Cli.withDb(file, "timeline", second)).out());
  }

  @Test
  void aServerRestartedMidRunLosesNoStep() throws Exception {
    String url = newDatabase();
    Path flow = slowFlow(6);

    CompletableFuture<Cli.Result> run =
        CompletableFuture.supplyAsync(
            () -> Cli.run(env("APEX_TIMELINE", url), "run", "--flow", flow.toString()));
    awaitSteps(url, 1);
    server.restart();
    Cli.Result result = run.get(120, TimeUnit.SECONDS);

    assertThat(result.exit()).as(result.err()).isZero();
    String task = Cli.taskIds(result.out()).get(0);
    assertThat(sql(url, "SELECT count(*) FROM steps WHERE task_id = '" + task + "'")).isEqualTo(7);
    assertThat(sql(url, "SELECT count(*) FROM tasks WHERE status = 'SUCCEEDED'")).isEqualTo(1);
  }

  @Test
  void aServerGonePastTheWriteTimeoutEndsTheTaskFailedNamingTheTimelineAndExitsOne()
      throws Exception {
    String url = newDatabase();
    Path flow = slowFlow(6);

    CompletableFuture<Cli.Result> run =
        CompletableFuture.supplyAsync(
            () ->
                Cli.run(
                    env("APEX_TIMELINE", url, "APEX_TIMELINE_WRITE_TIMEOUT", "2"),
                    "run",
                    "--flow",
                    flow.toString()));
    awaitSteps(url, 1);
    server.stop();
    Cli.Result result;
    try {
      result = run.get(120, TimeUnit.SECONDS);
    } finally {
      server.start();
    }

    assertThat(result.exit()).isEqualTo(1);
    assertThat(result.out() + result.err())
        .contains("FAILED")
        .contains("the timeline " + PostgresLocation.parse(url) + " did not answer for 2 s")
        .doesNotContain(password(url));
  }

  /** A flow of a launch and {@code waits} waits of 400 ms: long enough to act on mid-run. */
  private Path slowFlow(int waits) throws IOException {
    StringBuilder yaml =
        new StringBuilder("name: slow\nsteps:\n  - launch_app: com.android.settings\n");
    for (int i = 0; i < waits; i++) {
      yaml.append("  - wait: { ms: 400 }\n");
    }
    Path flow = home.resolve("slow.yaml");
    Files.writeString(flow, yaml);
    return flow;
  }

  /** Waits (bounded) until the timeline holds {@code count} steps. */
  private static void awaitSteps(String url, int count) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < deadline) {
      try {
        if (sql(url, "SELECT count(*) FROM steps") >= count) {
          return;
        }
      } catch (AssertionError e) {
        // the tables are not there yet
      }
      Thread.sleep(50);
    }
    throw new AssertionError("no " + count + " step(s) recorded within 60 s");
  }
}
