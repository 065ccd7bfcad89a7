package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.cli.suite.JunitXmlTestSupport;
import dev.apex.core.DeviceException;
import dev.apex.core.TaskId;
import dev.apex.core.TaskRecord;
import dev.apex.core.TaskStatus;
import dev.apex.storage.SqliteTimeline;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.RecordingSleeper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code apex test}: a suite of sim flows with tags and deliberate failures on two slots, its
 * timeline rows, JUnit XML and report; shards; a device that cannot open; bad input.
 */
class SuiteCommandTest {

  private static final Pattern LINE =
      Pattern.compile("\\[ ?\\d+/\\d+\\] (\\S+) +(\\S+)(?: on (\\S+) in [^,]+, task (\\w+))?.*");

  @TempDir Path dir;

  private Map<String, String> env() {
    return Map.of("APEX_HOME", dir.resolve("home").toString());
  }

  /**
   * Real sim devices, opened only once {@code slots} slots are all opening one: opened one after
   * another, the first would wait alone (the bound guards the build, it is not a timing).
   */
  private static Wiring openingTogether(int slots) {
    CyclicBarrier barrier = new CyclicBarrier(slots);
    return new Wiring(
        (selector, adb, capabilities) -> {
          try {
            barrier.await(2, TimeUnit.MINUTES);
          } catch (InterruptedException | BrokenBarrierException | TimeoutException e) {
            throw new AssertionError(slots + " slots did not open their devices together", e);
          }
          return Devices.open(selector, adb, capabilities);
        },
        new RecordingSleeper());
  }

  /** Each flow line's {@code file → status}, and its task id when it ran. */
  private static Map<String, String[]> flowLines(String out) {
    Map<String, String[]> flows = new java.util.TreeMap<>();
    for (String line : out.lines().toList()) {
      Matcher m = LINE.matcher(line);
      if (m.matches()) {
        flows.put(m.group(2), new String[] {m.group(1), m.group(3), m.group(4)});
      }
    }
    return flows;
  }

  @Test
  void aTaggedSuiteWithFailuresRunsOnTwoSlotsAndEveryFlowIsATaskOfTheSuiteRun() throws Exception {
    Path suite = SuiteFixture.tagged(dir);
    Path db = dir.resolve("t.db");
    Path junit = dir.resolve("junit.xml");
    Path report = dir.resolve("suite.html");

    Cli.Result r =
        Cli.run(
            openingTogether(2),
            env(),
            "test",
            suite.toString(),
            "--parallel",
            "2",
            "--include-tags",
            "smoke,regression",
            "--exclude-tags",
            "wip",
            "--junit",
            junit.toString(),
            "--report",
            report.toString(),
            "--db",
            db.toString(),
            "--no-ocr");

    assertThat(r.exit()).as(r.err()).isEqualTo(1);
    String root = suite.toAbsolutePath() + "/";
    Map<String, String[]> lines = flowLines(r.out());
    assertThat(lines.keySet())
        .containsExactly(
            root + "notes/apps.yaml", root + "settings/broken.yaml",
            root + "settings/wifi-on.yaml", root + "slow.yaml");
    assertThat(lines.get(root + "notes/apps.yaml")[0]).isEqualTo("SUCCEEDED");
    assertThat(lines.get(root + "settings/wifi-on.yaml")[0]).isEqualTo("SUCCEEDED");
    assertThat(lines.get(root + "settings/broken.yaml")[0]).isEqualTo("FAILED");
    assertThat(lines.get(root + "slow.yaml")[0]).isEqualTo("FAILED");
    assertThat(lines.values()).allSatisfy(l -> assertThat(l[1]).isIn("sim#1", "sim#2"));
    assertThat(r.out())
        .contains(": 4 flow(s) on 2 device slot(s): sim#1, sim#2")
        .contains("step 2 (launch_app) failed after 1 attempt(s)")
        .contains("2 passed, 2 failed, 0 skipped of 4 flow(s) in ")
        .contains("slowest: ")
        .contains("junit: " + junit, "report: " + report);
    String suiteId =
        r.out().lines().findFirst().orElseThrow().replaceAll("^suite (\\w+): .*", "$1");

    try (SqliteTimeline timeline = SqliteTimeline.open(db)) {
      List<TaskRecord> tasks = timeline.suiteTasks(suiteId, 100);
      assertThat(tasks).hasSize(4).allMatch(t -> suiteId.equals(t.suiteId()));
      assertThat(tasks)
          .extracting(t -> t.id().value())
          .containsExactlyInAnyOrderElementsOf(lines.values().stream().map(l -> l[2]).toList());
      TaskRecord slow = timeline.task(TaskId.of(lines.get(root + "slow.yaml")[2])).orElseThrow();
      assertThat(slow.status()).isEqualTo(TaskStatus.FAILED);
      assertThat(slow.reason()).startsWith("timed out: the run's timeout (1ms) passed after ");
      int kept = Integer.parseInt(slow.reason().replaceAll(".* after (\\d+) step\\(s\\)$", "$1"));
      assertThat(timeline.steps(slow.id())).as("the steps it ran are kept").hasSize(kept);
      assertThat(slow.steps()).isLessThan(4);
    }
    byte[] xml = Files.readAllBytes(junit);
    JunitXmlTestSupport.assertValidAgainstJenkinsSchema(xml);
    assertThat(new String(xml, java.nio.charset.StandardCharsets.UTF_8))
        .contains(
            "<testcase name=\"Turn Wi-Fi on\" classname=\""
                + JunitXmlTestSupport.dotted(root + "settings")
                + "\"")
        .contains("<failure message=\"step 2 (launch_app) failed after 1 attempt(s)")
        .contains("report: suite.html");
    String html = Files.readString(report);
    assertThat(html)
        .doesNotContain("<script")
        .contains("id=\"flow-4\"")
        .doesNotContain("id=\"flow-5\"")
        .contains("id=\"failed-2\"", "id=\"failed-4\"");
  }

  @Test
  void theShardsOfASuiteWithoutHistoryRunEachFlowOnceByFile() throws Exception {
    Path suite = SuiteFixture.small(dir, 5);
    List<String> union = new ArrayList<>();
    for (int i = 1; i <= 3; i++) {
      // Each CI job on a machine of its own, with a timeline of its own.
      Path db = dir.resolve("job" + i + ".db");
      Cli.Result r =
          Cli.run(
              env(),
              "test",
              suite.toString(),
              "--shard",
              i + "/3",
              "--db",
              db.toString(),
              "--no-ocr");

      assertThat(r.exit()).as(r.err()).isZero();
      assertThat(r.out())
          .contains("shard " + i + "/3: ")
          .contains("by file (no recorded durations)");
      union.addAll(flowLines(r.out()).keySet());
    }
    assertThat(union).doesNotHaveDuplicates().hasSize(5);
  }

  @Test
  void withHistoryTheShardsAreBalancedByRecordedDurations() throws Exception {
    Path suite = SuiteFixture.small(dir, 6);
    Path db = dir.resolve("t.db");
    long[] seconds = {50, 1, 50, 1, 50, 1};
    FakeClock clock = new FakeClock(Instant.parse("2026-01-01T00:00:00Z"));
    try (SqliteTimeline timeline = SqliteTimeline.open(db, clock, 5)) {
      for (int i = 0; i < 6; i++) {
        String goal =
            "flow Small " + i + " (" + suite.toAbsolutePath().resolve("f" + i + ".yaml") + ")";
        TaskId id = TaskId.of("h" + i);
        timeline.startTask(id, "sim", goal, "earlier");
        clock.advance(Duration.ofSeconds(seconds[i]));
        timeline.finishTask(id, TaskStatus.SUCCEEDED, "ok");
      }
    }
    clock.advance(Duration.ofSeconds(1));
    Instant cutoff = clock.instant();
    List<Set<String>> parts = new ArrayList<>();
    for (int i = 1; i <= 2; i++) {
      // Both jobs read one timeline, the second after the first recorded its own runs there: the
      // cutoff keeps those out of the second job's split.
      Cli.Result r =
          Cli.run(
              env(),
              "test",
              suite.toString(),
              "--shard",
              i + "/2",
              "--db",
              db.toString(),
              "--history-before",
              cutoff.toString(),
              "--no-ocr");
      assertThat(r.exit()).as(r.err()).isZero();
      assertThat(r.out()).contains("balanced by recorded durations (6 of 6 flows have one)");
      Set<String> names = new HashSet<>();
      flowLines(r.out()).keySet().forEach(f -> names.add(Path.of(f).getFileName().toString()));
      parts.add(names);
    }
    // Longest first onto the least loaded: f0 (50 s) to 1, f2 (50 s) to 2, f4 to 1 (a tie goes to
    // the lower), then each 1 s flow to 2: 100 s against 53 s, where dealing by file would give
    // f0 f2 f4 (150 s) against f1 f3 f5 (3 s).
    assertThat(parts.get(0)).containsExactlyInAnyOrder("f0.yaml", "f4.yaml");
    assertThat(parts.get(1)).containsExactlyInAnyOrder("f1.yaml", "f2.yaml", "f3.yaml", "f5.yaml");
  }

  @Test
  void aDeviceThatCannotOpenIsReportedOnceAndItsFlowsGoToTheOtherSlot() throws Exception {
    Path suite = SuiteFixture.small(dir, 3);
    Wiring wiring =
        new Wiring(
            (selector, adb, capabilities) -> {
              if (selector.startsWith("web:")) {
                throw new DeviceException(selector, "no browser answers");
              }
              return Devices.open(selector, adb, capabilities);
            },
            new RecordingSleeper());

    Cli.Result r =
        Cli.run(
            wiring,
            env(),
            "test",
            suite.toString(),
            "--device",
            "web:http://127.0.0.1:9/",
            "--device",
            "sim",
            "--db",
            dir.resolve("t.db").toString(),
            "--no-ocr");

    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.errLines())
        .filteredOn(l -> l.contains("could not be opened"))
        .containsExactly(
            "apex: web:http://127.0.0.1:9/ could not be opened; its flows go to the other slots:"
                + " web:http://127.0.0.1:9/: no browser answers");
    assertThat(flowLines(r.out()).values()).hasSize(3).allMatch(l -> l[1].equals("sim"));
  }

  @Test
  void badInputListsEveryProblemExits2AndRunsNothing() throws Exception {
    Path suite = dir.resolve("bad");
    SuiteFixture.write(suite, "typo.yaml", "steps:\n  - tapp: { text: OK }\n");
    SuiteFixture.write(suite, "secret.yaml", "steps:\n  - type_text: \"${PASSWORD}\"\n");
    SuiteFixture.write(suite, "fine.yaml", "steps:\n  - back\n");
    Path db = dir.resolve("t.db");

    Cli.Result r =
        Cli.run(
            env(),
            "test",
            suite.toString(),
            dir.resolve("missing").toString(),
            "--shard",
            "4/3",
            "--device",
            "nosuch",
            "--include-tags",
            "a b",
            "--db",
            db.toString(),
            "--no-ocr");

    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    List<String> err = r.errLines();
    assertThat(err).allMatch(l -> l.startsWith("apex: "));
    assertThat(err.get(err.size() - 1))
        .isEqualTo("apex: 6 problem(s) before anything ran (listed above); fix them and run again");
    assertThat(String.join("\n", err))
        .contains("unknown device 'nosuch'")
        .contains("--shard must be I/N with 1 <= I <= N")
        .contains("--include-tags takes tags separated by commas")
        .contains("missing is neither a flow file nor a folder")
        .contains("typo.yaml step 1: unknown action 'tapp'")
        .contains("secret.yaml uses ${PASSWORD} (step 1)");
    assertThat(db).doesNotExist();
  }

  @Test
  void apexRunTakesTheSameMetadataAndFailsAFlowPastItsTimeout() throws Exception {
    Path flow = SuiteFixture.tagged(dir).resolve("slow.yaml");

    Cli.Result r =
        Cli.run(
            env(),
            "run",
            "--flow",
            flow.toString(),
            "--db",
            dir.resolve("t.db").toString(),
            "--no-ocr");

    assertThat(r.exit()).as(r.err()).isEqualTo(1);
    assertThat(r.out()).contains("FAILED: timed out: the run's timeout (1ms) passed after ");
  }

  @Test
  void aFolderWithNoFlowOrNoFlowWithTheTagsIsBadInput() throws Exception {
    Files.createDirectories(dir.resolve("empty"));
    Cli.Result none = Cli.run(env(), "test", dir.resolve("empty").toString(), "--no-ocr");
    assertThat(none.exit()).isEqualTo(2);
    assertThat(none.err()).contains("no flow (*.yaml) found under");

    Path suite = SuiteFixture.small(dir, 1);
    Cli.Result untagged =
        Cli.run(env(), "test", suite.toString(), "--include-tags", "smoke", "--no-ocr");
    assertThat(untagged.exit()).isEqualTo(2);
    assertThat(untagged.errLines())
        .containsExactly(
            "apex: none of the 1 flow(s) has the tags asked for (--include-tags smoke,"
                + " --exclude-tags ); check the tags");
  }

  @Test
  void parallelIsBoundedAndNoMoreSessionsOpenThanThereAreFlows() throws Exception {
    Path suite = SuiteFixture.small(dir, 2);
    Cli.Result tooMany = Cli.run(env(), "test", suite.toString(), "--parallel", "100000");
    assertThat(tooMany.exit()).isEqualTo(2);
    assertThat(tooMany.errLines())
        .containsExactly(
            "apex: --parallel must be from 1 to 64 (sessions of each device: browsers or sims),"
                + " got 100000");

    Cli.Result r =
        Cli.run(
            env(),
            "test",
            suite.toString(),
            "--parallel",
            "64",
            "--db",
            dir.resolve("t.db").toString(),
            "--no-ocr");
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).contains("2 flow(s) on 2 device slot(s): sim#1, sim#2\n");
  }

  @Test
  void reportsThatAreAFolderOrTheSameFileAreBadInputBeforeAnythingRuns() throws Exception {
    Path suite = SuiteFixture.small(dir, 1);
    Path same = dir.resolve("out.xml");
    Cli.Result r =
        Cli.run(
            env(),
            "test",
            suite.toString(),
            "--junit",
            dir.toString(),
            "--report",
            dir.resolve("r.html").toString(),
            "--no-ocr");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).contains("cannot write " + dir + ": it is a folder; give a file path");

    Cli.Result both =
        Cli.run(
            env(),
            "test",
            suite.toString(),
            "--junit",
            same.toString(),
            "--report",
            same.toString(),
            "--no-ocr");
    assertThat(both.exit()).isEqualTo(2);
    assertThat(both.err()).contains("--junit and --report name the same file");
    assertThat(same).doesNotExist();
  }
}
