package dev.apex.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.StepResult;
import dev.apex.core.TaskId;
import dev.apex.core.TaskRecord;
import dev.apex.core.TaskStatus;
import dev.apex.storage.SqliteTimeline;
import dev.apex.storage.Timeline;
import dev.apex.storage.postgres.PostgresTimeline;
import dev.apex.testkit.PostgresServer;
import dev.apex.timeline.StepRecord;
import dev.apex.timeline.TimelineOptions;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Eight runner processes on sims write to one PostgreSQL timeline while a console streams and
 * {@code apex timeline} reads; two runners are killed with {@code kill -9}, and the server is
 * restarted once mid-run. Every task ends final (the killed ones INTERRUPTED), every SUCCEEDED task
 * has every step it printed, and the console answers again after the restart. Prints its figures
 * (tasks, steps, lost steps, time to INTERRUPTED, console answers during and after the restart) and
 * the step append's median and p95 on both stores, measured in the same run; asserts no duration.
 */
@Tag("e2e")
class PostgresLoadTest {

  private static final int RUNNERS = 8;
  private static final int WAITS = 14;
  private static final Pattern STEP = Pattern.compile("^step\\s+(\\d+)\\s+(ok|FAILED)\\b.*");
  private static final Pattern TASK = Pattern.compile("task id: (\\w+)");

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

  /** A runner child: its task id and the step indexes it printed, read on a thread of its own. */
  private static final class Runner {
    final ChildRun child;
    final List<Integer> printed = new CopyOnWriteArrayList<>();
    volatile String taskId;
    final Thread reader;

    Runner(ChildRun child) {
      this.child = child;
      this.reader =
          new Thread(
              () -> {
                try {
                  child.awaitLine(
                      line -> {
                        Matcher task = TASK.matcher(line);
                        if (task.find()) {
                          taskId = task.group(1);
                        }
                        Matcher step = STEP.matcher(line);
                        if (step.matches()) {
                          printed.add(Integer.parseInt(step.group(1)));
                        }
                        return false;
                      });
                } catch (IOException | AssertionError e) {
                  // the child ended (or was killed): its output is complete
                }
              });
      reader.setDaemon(true);
      reader.start();
    }
  }

  @Test
  void eightRunnersTwoKilledAndAServerRestartLoseNoRecordedStep() throws Exception {
    String url = server.url("apex_load");
    sql("CREATE DATABASE apex_load");
    Path flow = home.resolve("load.yaml");
    StringBuilder yaml =
        new StringBuilder("name: load\nsteps:\n  - launch_app: com.android.settings\n");
    for (int i = 0; i < WAITS; i++) {
      yaml.append("  - wait: { ms: 300 }\n");
    }
    Files.writeString(flow, yaml);
    try (PostgresTimeline reader = PostgresTimeline.open(url, TimelineOptions.DEFAULTS);
        ChildRun console = ChildRun.start(home, "console", "--port", "0", "--db", url)) {
      URI open = URI.create(console.awaitLine(l -> l.startsWith("open ")).substring(5).strip());
      String token = open.getQuery().substring("token=".length());
      URI base = open.resolve("/");
      Probe probe = new Probe(base, token, url);
      probe.start();

      List<Runner> runners = new ArrayList<>();
      for (int i = 0; i < RUNNERS; i++) {
        runners.add(
            new Runner(ChildRun.start(home, "run", "--flow", flow.toString(), "--db", url)));
      }
      // Two runners die mid-task, as kill -9 leaves them.
      Map<String, Instant> killedAt = new ConcurrentHashMap<>();
      Map<String, Duration> toInterrupted = new ConcurrentHashMap<>();
      for (Runner victim : runners.subList(0, 2)) {
        await(() -> victim.printed.size() >= 3, "runner printed 3 steps");
        victim.child.process.destroyForcibly().waitFor(60, TimeUnit.SECONDS);
        Instant killed = Instant.now();
        // A killed runner never prints its task id: the timeline knows it by its owner's pid.
        victim.taskId = taskOwnedBy(url, victim.child.process.pid());
        killedAt.put(victim.taskId, killed);
        TaskId id = TaskId.of(victim.taskId);
        await(
            () -> reader.task(id).orElseThrow().status() == TaskStatus.INTERRUPTED,
            "killed task interrupted");
        toInterrupted.put(victim.taskId, Duration.between(killed, Instant.now()));
      }
      List<Runner> survivors = runners.subList(2, RUNNERS);
      await(() -> survivors.stream().allMatch(r -> r.printed.size() >= 4), "survivors at step 4");
      probe.restartStarted = System.nanoTime();
      server.restart();
      probe.restartEnded = System.nanoTime();
      for (Runner r : survivors) {
        assertThat(r.child.awaitExit()).as(r.child.err()).isZero();
        r.reader.join(TimeUnit.MINUTES.toMillis(1));
      }
      await(() -> probe.okAfterRestart.get() >= 3, "console answers after the restart");
      probe.stop();

      int lost = 0;
      int stepsRecorded = 0;
      List<TaskRecord> tasks = reader.tasks(100, 0);
      assertThat(tasks).hasSize(RUNNERS);
      for (Runner r : runners) {
        TaskRecord task = reader.task(TaskId.of(r.taskId)).orElseThrow();
        List<Integer> recorded = reader.steps(task.id()).stream().map(s -> s.index()).toList();
        stepsRecorded += recorded.size();
        assertThat(task.status().isFinal()).isTrue();
        if (killedAt.containsKey(r.taskId)) {
          assertThat(task.status()).isEqualTo(TaskStatus.INTERRUPTED);
        } else {
          assertThat(task.status()).as(r.child.err()).isEqualTo(TaskStatus.SUCCEEDED);
          assertThat(recorded).hasSize(WAITS + 1);
        }
        List<Integer> missing = new ArrayList<>(r.printed);
        missing.removeAll(recorded);
        lost += missing.size();
      }
      assertThat(lost).as("steps printed but not recorded").isZero();
      assertThat(probe.okAfterRestart.get()).isPositive();
      assertThat(probe.timelineOk.get()).isPositive();

      Latency pg = appendLatency(reader);
      Latency sqlite;
      try (SqliteTimeline file = SqliteTimeline.open(home.resolve("latency.db"))) {
        sqlite = appendLatency(file);
      }
      System.out.printf(
          "FIGURES load: %d runners, %d tasks (%d SUCCEEDED, %d INTERRUPTED), %d steps recorded,"
              + " %d lost; time to INTERRUPTED %s; server restart %d ms; console /api/tasks"
              + " ok/failed before %d/%d, during restart %d/%d, after %d/%d; console events %d"
              + " (%d after the restart); apex timeline ok/failed %d/%d%n",
          RUNNERS,
          tasks.size(),
          tasks.stream().filter(t -> t.status() == TaskStatus.SUCCEEDED).count(),
          tasks.stream().filter(t -> t.status() == TaskStatus.INTERRUPTED).count(),
          stepsRecorded,
          lost,
          toInterrupted.values().stream().map(d -> d.toMillis() + " ms").toList(),
          TimeUnit.NANOSECONDS.toMillis(probe.restartEnded - probe.restartStarted),
          probe.okBefore.get(),
          probe.failedBefore.get(),
          probe.okDuring.get(),
          probe.failedDuring.get(),
          probe.okAfterRestart.get(),
          probe.failedAfter.get(),
          probe.events.get(),
          probe.eventsAfter.get(),
          probe.timelineOk.get(),
          probe.timelineFailed.get());
      System.out.printf(
          "FIGURES append (%d steps, 20 KiB screenshot each): PostgreSQL median %.2f ms p95 %.2f"
              + " ms; SQLite median %.2f ms p95 %.2f ms%n",
          Latency.COUNT, pg.median(), pg.p95(), sqlite.median(), sqlite.p95());
    }
  }

  /** The console's answers and stream, and {@code apex timeline}, sampled through the run. */
  private final class Probe {
    final URI base;
    final String token;
    final String url;
    final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    final AtomicBoolean running = new AtomicBoolean(true);
    final AtomicInteger okBefore = new AtomicInteger();
    final AtomicInteger failedBefore = new AtomicInteger();
    final AtomicInteger okDuring = new AtomicInteger();
    final AtomicInteger failedDuring = new AtomicInteger();
    final AtomicInteger okAfterRestart = new AtomicInteger();
    final AtomicInteger failedAfter = new AtomicInteger();
    final AtomicInteger events = new AtomicInteger();
    final AtomicInteger eventsAfter = new AtomicInteger();
    final AtomicInteger timelineOk = new AtomicInteger();
    final AtomicInteger timelineFailed = new AtomicInteger();
    volatile long restartStarted = Long.MAX_VALUE;
    volatile long restartEnded = Long.MAX_VALUE;
    final List<Thread> threads = new ArrayList<>();

    Probe(URI base, String token, String url) {
      this.base = base;
      this.token = token;
      this.url = url;
    }

    void start() {
      threads.add(daemon(this::pollTasks));
      threads.add(daemon(this::stream));
      threads.add(daemon(this::readTimeline));
    }

    void stop() throws InterruptedException {
      running.set(false);
      for (Thread t : threads) {
        t.interrupt();
        t.join(TimeUnit.SECONDS.toMillis(30));
      }
    }

    private Thread daemon(Runnable work) {
      Thread t = new Thread(work);
      t.setDaemon(true);
      t.start();
      return t;
    }

    private void count(boolean ok, long startedAt) {
      if (startedAt < restartStarted) {
        (ok ? okBefore : failedBefore).incrementAndGet();
      } else if (startedAt <= restartEnded) {
        (ok ? okDuring : failedDuring).incrementAndGet();
      } else {
        (ok ? okAfterRestart : failedAfter).incrementAndGet();
      }
    }

    private void pollTasks() {
      while (running.get()) {
        long at = System.nanoTime();
        boolean ok;
        try {
          HttpResponse<String> answer =
              http.send(
                  HttpRequest.newBuilder(base.resolve("/api/tasks"))
                      .header("Authorization", "Bearer " + token)
                      .timeout(Duration.ofSeconds(10))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
          ok = answer.statusCode() == 200;
        } catch (IOException e) {
          ok = false;
        } catch (InterruptedException e) {
          return;
        }
        count(ok, at);
        pause(200);
      }
    }

    private void stream() {
      try {
        HttpResponse<InputStream> answer =
            http.send(
                HttpRequest.newBuilder(base.resolve("/api/events"))
                    .header("Authorization", "Bearer " + token)
                    .build(),
                HttpResponse.BodyHandlers.ofInputStream());
        try (BufferedReader lines =
            new BufferedReader(new InputStreamReader(answer.body(), UTF_8))) {
          String line;
          while (running.get() && (line = lines.readLine()) != null) {
            if (line.startsWith("data:")) {
              events.incrementAndGet();
              if (System.nanoTime() > restartEnded) {
                eventsAfter.incrementAndGet();
              }
            }
          }
        }
      } catch (IOException | InterruptedException e) {
        // the stream ends with the test
      }
    }

    private void readTimeline() {
      while (running.get()) {
        Cli.Result r = Cli.run(Map.of("APEX_HOME", home.toString()), "timeline", "--db", url);
        (r.exit() == 0 ? timelineOk : timelineFailed).incrementAndGet();
        pause(500);
      }
    }

    private void pause(long millis) {
      try {
        Thread.sleep(millis);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        running.set(false);
      }
    }
  }

  /** The step append's latency over {@value #COUNT} appends of one task. */
  private record Latency(double median, double p95) {
    static final int COUNT = 200;
  }

  private static Latency appendLatency(Timeline timeline) {
    TaskId id = TaskId.of("latency-" + System.nanoTime());
    timeline.startTask(id, "sim", "append latency");
    byte[] png = new byte[20 * 1024];
    new java.util.Random(7).nextBytes(png);
    PlannedStep wait = PlannedStep.of("wait", Map.of("ms", 1));
    Scene scene = new Scene(1080, 2400, List.of());
    List<Double> millis = new ArrayList<>();
    for (int i = 1; i <= Latency.COUNT; i++) {
      StepRecord step =
          new StepRecord(
              id,
              i,
              Instant.now(),
              scene,
              wait,
              StepResult.ok(wait, null, 1, Duration.ZERO),
              Duration.ZERO,
              Duration.ZERO,
              Duration.ZERO,
              png);
      long start = System.nanoTime();
      timeline.append(step);
      millis.add((System.nanoTime() - start) / 1e6);
    }
    timeline.finishTask(id, TaskStatus.SUCCEEDED, "measured");
    Collections.sort(millis);
    return new Latency(millis.get(millis.size() / 2), millis.get((int) (millis.size() * 0.95)));
  }

  private interface Condition {
    boolean holds() throws Exception;
  }

  /** Waits (bounded: 3 minutes) until {@code condition} holds, polling. */
  private static void await(Condition condition, String what) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
    while (System.nanoTime() < deadline) {
      if (condition.holds()) {
        return;
      }
      Thread.sleep(50);
    }
    throw new AssertionError("not within 3 minutes: " + what);
  }

  private static String taskOwnedBy(String url, long pid) throws java.sql.SQLException {
    dev.apex.storage.postgres.PostgresLocation at =
        dev.apex.storage.postgres.PostgresLocation.parse(url);
    java.util.Properties props = new java.util.Properties();
    props.setProperty("user", at.user());
    props.setProperty("password", at.password());
    try (java.sql.Connection c = java.sql.DriverManager.getConnection(at.jdbcUrl(), props);
        java.sql.PreparedStatement q =
            c.prepareStatement("SELECT id FROM tasks WHERE owner_pid = ?")) {
      q.setLong(1, pid);
      try (java.sql.ResultSet rs = q.executeQuery()) {
        assertThat(rs.next()).as("a task owned by pid " + pid).isTrue();
        return rs.getString(1);
      }
    }
  }

  private static void sql(String statement) {
    dev.apex.storage.postgres.PostgresLocation at =
        dev.apex.storage.postgres.PostgresLocation.parse(server.url());
    java.util.Properties props = new java.util.Properties();
    props.setProperty("user", at.user());
    props.setProperty("password", at.password());
    try (java.sql.Connection c = java.sql.DriverManager.getConnection(at.jdbcUrl(), props);
        java.sql.Statement s = c.createStatement()) {
      s.execute(statement);
    } catch (java.sql.SQLException e) {
      throw new AssertionError("cannot run " + statement + ": " + e.getMessage(), e);
    }
  }
}
