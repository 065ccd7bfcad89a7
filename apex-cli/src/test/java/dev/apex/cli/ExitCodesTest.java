package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.device.sim.SimDevice;
import dev.apex.storage.SqliteTimeline;
import dev.apex.testkit.FaultyDevice;
import dev.apex.testkit.RecordingSleeper;
import dev.apex.testkit.TestData;
import dev.apex.testkit.adb.FakeAdbServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every row of the README's "Exit codes" table, walked: 0 only for success; 1 for a task that ran
 * and did not succeed, or a device that failed or cannot be reached; 2 for every kind of bad input,
 * each with exactly one {@code apex: …} line on stderr (the usage, for {@code apex} alone). The 130
 * and 143 rows (a task cancelled by SIGINT or SIGTERM) need a child process and a signal; they are
 * tested where the signals are handled.
 */
class ExitCodesTest {

  @TempDir static Path dir;
  private static FakeAdbServer adbWithAPhone;
  private static FakeAdbServer adbWithNone;
  private static Path db;
  private static String wifiFlow;

  @BeforeAll
  static void setUp() throws IOException {
    adbWithAPhone = FakeAdbServer.start();
    adbWithAPhone.addDevice("emulator-5554");
    adbWithNone = FakeAdbServer.start();
    db = dir.resolve("t.db");
    try (SqliteTimeline timeline = SqliteTimeline.open(db)) {
      for (String id : new String[] {"abc123000001", "abc123000002"}) {
        timeline.startTask(TaskId.of(id), "sim", "recorded");
        timeline.finishTask(TaskId.of(id), TaskStatus.SUCCEEDED, "done");
      }
    }
    wifiFlow = Cli.projectRoot().resolve("examples/flows/settings-wifi-on.yaml").toString();
    Files.writeString(
        dir.resolve("fails.yaml"),
        "name: fails\nsteps:\n  - launch_app: com.android.settings\n  - tap: { text: Nowhere }\n");
    Files.writeString(dir.resolve("malformed.yaml"), "steps: [ {tap: \n  - : :");
    Files.writeString(
        dir.resolve("malformed.xml"), "<hierarchy rotation=\"0\">\n<node text=\"a\" <");
    Files.createDirectories(dir.resolve("badhome"));
    Files.writeString(dir.resolve("badhome/config.json"), "{not json");
  }

  @AfterAll
  static void tearDown() {
    adbWithAPhone.close();
    adbWithNone.close();
  }

  private static Arguments row(String what, int exit, Supplier<Cli.Result> run) {
    return Arguments.of(what, exit, run);
  }

  private static Cli.Result apex(String... args) {
    return Cli.run(Map.of("APEX_HOME", dir.toString()), args);
  }

  private static Cli.Result run(String... args) {
    return apex(Cli.withDb(db, args));
  }

  /** The sim behind a device that is gone from its first call on (a cable pulled). */
  private static Cli.Result onADeadDevice(String... args) {
    Wiring dead =
        new Wiring(
            (selector, adb, caps) -> FaultyDevice.wrap(SimDevice.create()).disconnectFromCall(1),
            new RecordingSleeper());
    return Cli.run(dead, Map.of("APEX_HOME", dir.toString()), args);
  }

  private static String adb(FakeAdbServer server) {
    return "127.0.0.1:" + server.port();
  }

  static Stream<Arguments> table() {
    String iosDump = TestData.file("ios/shirates_settings_top_390x844.xml").toString();
    return Stream.of(
        // 0: success, and only success.
        row("a flow that succeeds", 0, () -> run("run", "--flow", wifiFlow, "--no-ocr")),
        row("describe a screen", 0, () -> apex("describe", "--no-ocr")),
        row("describe a saved dump", 0, () -> apex("describe", "--from-dump", iosDump)),
        row("list the timeline", 0, () -> run("timeline")),
        row("show a task", 0, () -> run("timeline", "abc123000001")),
        row("list devices", 0, () -> apex("devices", "--adb", adb(adbWithAPhone))),
        row("help", 0, () -> apex("--help")),
        // 1: a task ran and did not succeed, or a device failed.
        row(
            "a task whose step fails",
            1,
            () -> run("run", "--flow", dir.resolve("fails.yaml").toString(), "--no-ocr")),
        row(
            "a task stopped at its step limit",
            1,
            () -> run("run", "--flow", wifiFlow, "--max-steps", "2", "--no-ocr")),
        row(
            "a task on a device that disconnects",
            1,
            () -> onADeadDevice(Cli.withDb(db, "run", "--flow", wifiFlow, "--no-ocr"))),
        row("describe on a device that disconnects", 1, () -> onADeadDevice("describe")),
        row(
            "no adb server to reach",
            1,
            () -> apex("describe", "--device", "android", "--adb", "127.0.0.1:1")),
        // 2: bad input of every kind.
        row("apex with no arguments", 2, () -> apex()),
        row("an unknown command", 2, () -> apex("fly")),
        row("an unknown option", 2, () -> run("run", "--flow", wifiFlow, "--warp")),
        row("a bad option value", 2, () -> apex("describe", "--format", "xml")),
        row("an out-of-range option", 2, () -> run("run", "--flow", wifiFlow, "--parallel", "0")),
        row("an unknown device", 2, () -> apex("describe", "--device", "toaster")),
        row("an MCP server on an unknown device", 2, () -> apex("mcp", "--device", "toaster")),
        row("an MCP server with no step at all", 2, () -> apex("mcp", "--max-steps", "0")),
        row(
            "an unknown serial",
            2,
            () -> apex("describe", "--device", "android:nope", "--adb", adb(adbWithAPhone))),
        row(
            "no device attached",
            2,
            () -> apex("describe", "--device", "android", "--adb", adb(adbWithNone))),
        row(
            "a missing flow file",
            2,
            () -> run("run", "--flow", dir.resolve("none.yaml").toString())),
        row(
            "a malformed flow",
            2,
            () -> run("run", "--flow", dir.resolve("malformed.yaml").toString())),
        row(
            "a missing dump",
            2,
            () -> apex("describe", "--from-dump", dir.resolve("none.xml").toString())),
        row(
            "a malformed dump",
            2,
            () ->
                apex(
                    "describe",
                    "--from-dump",
                    dir.resolve("malformed.xml").toString(),
                    "--platform",
                    "android")),
        row(
            "a dump read as another platform",
            2,
            () -> apex("describe", "--from-dump", iosDump, "--platform", "android")),
        row(
            "a dump and a device at once",
            2,
            () -> apex("describe", "--from-dump", iosDump, "--device", "sim")),
        row("a goal with no model configured", 2, () -> run("run", "--goal", "Turn Wi-Fi on")),
        row(
            "a quick bench onto the tracked BENCHMARKS.md",
            2,
            () ->
                apex(
                    "bench",
                    "--quick",
                    "--out",
                    Cli.projectRoot().resolve("BENCHMARKS.md").toString())),
        row("a timeline limit below 1", 2, () -> run("timeline", "--limit", "0")),
        row("an unknown task", 2, () -> run("timeline", "nosuchtask")),
        row("an ambiguous task id prefix", 2, () -> run("timeline", "abc")),
        row(
            "a malformed config file",
            2,
            () ->
                Cli.run(
                    Map.of("APEX_HOME", dir.resolve("badhome").toString()),
                    "describe",
                    "--no-ocr")));
  }

  @ParameterizedTest(name = "{1} for {0}")
  @MethodSource("table")
  void eachOutcomeHasItsExitCode(String what, int exit, Supplier<Cli.Result> command) {
    Cli.Result r = command.get();

    assertThat(r.exit()).as(what + "\nout: " + r.out() + "\nerr: " + r.err()).isEqualTo(exit);
    if (what.equals("apex with no arguments")) {
      assertThat(r.err()).startsWith("Usage: apex");
    } else if (exit == 2) {
      assertThat(r.errLines()).as(what).hasSize(1);
      assertThat(r.errLines().get(0)).as(what).startsWith("apex: ");
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("table")
  void aRefusedCommandRecordsNoTask(String what, int exit, Supplier<Cli.Result> command) {
    if (exit != 2) {
      return;
    }
    int before = taskCount();
    command.get();
    assertThat(taskCount()).as(what).isEqualTo(before);
  }

  private static int taskCount() {
    try (SqliteTimeline timeline = SqliteTimeline.open(db)) {
      return timeline.taskCount();
    }
  }
}
