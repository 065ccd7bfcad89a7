package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.testkit.RecordingSleeper;
import dev.apex.testkit.TestData;
import dev.apex.testkit.adb.AdbFault;
import dev.apex.testkit.adb.FakeAdbServer;
import dev.apex.testkit.adb.FakePhone;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The device deadline through the CLI: a flow on an adb server that trickles its answer (a byte
 * every 20 ms, so no single read is slow) ends FAILED at the deadline {@code --device-timeout}, the
 * environment or the config file set, with the steps before kept. The deadlines are short but not
 * tiny: the healthy commands before the fault must fit in them on a loaded build machine. Retries
 * wait on a recording sleeper; the JUnit timeout only keeps a regression (a step held forever) from
 * hanging the build.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class DeviceDeadlineCliTest {

  private static final Duration TRICKLE = Duration.ofMillis(20);

  @TempDir Path dir;

  private final RecordingSleeper sleeper = new RecordingSleeper();
  private FakeAdbServer adb;
  private FakePhone phone;
  private Path flow;
  private Path db;

  @BeforeEach
  void start() throws Exception {
    adb = FakeAdbServer.start();
    phone =
        adb.addDevice(AndroidEndToEndTest.SERIAL)
            .dump(TestData.bytes(AndroidEndToEndTest.DUMP))
            .screenSize(1344, 2992)
            .install(AndroidEndToEndTest.APP, ".SearchActivity");
    flow = dir.resolve("launch-then-back.yaml");
    Files.writeString(
        flow,
        "name: Launch then back\nsteps:\n  - launch_app: "
            + AndroidEndToEndTest.APP
            + "\n  - press_key: back\n");
    db = dir.resolve("timeline.db");
  }

  @AfterEach
  void stop() {
    adb.close();
  }

  private Map<String, String> env(String... pairs) {
    Map<String, String> env = new java.util.HashMap<>(Map.of("APEX_HOME", dir.toString()));
    for (int i = 0; i < pairs.length; i += 2) {
      env.put(pairs[i], pairs[i + 1]);
    }
    return env;
  }

  private Cli.Result run(Map<String, String> env, String... more) {
    List<String> args =
        new java.util.ArrayList<>(
            List.of(
                "run",
                "--device",
                "android:" + AndroidEndToEndTest.SERIAL,
                "--adb",
                adb.address(),
                "--flow",
                flow.toString(),
                "--no-ocr"));
    args.addAll(List.of(more));
    return Cli.run(
        Wiring.DEFAULT.withSleeper(sleeper), env, Cli.withDb(db, args.toArray(String[]::new)));
  }

  @Test
  void aTricklingDeviceFailsTheStepAtTheFlagsDeadlineAndKeepsTheStepsBefore() {
    phone.failEvery("input keyevent", AdbFault.trickle(TRICKLE));

    Cli.Result run = run(env(), "--device-timeout", "1500ms");

    assertThat(run.exit()).as(run.out() + run.err()).isEqualTo(1);
    assertThat(run.out())
        .contains("step  1  ok      launch_app")
        .contains("step  2  FAILED  press_key")
        .contains("'input keyevent 4' did not finish within its deadline of 1500 ms");
    assertThat(phone.commands()).filteredOn(c -> c.equals("input keyevent 4")).hasSize(3);
    assertThat(sleeper.sleeps()).as("retried per the policy: a deadline is retriable").hasSize(2);

    JsonNode task = Cli.timeline(db, Cli.taskIds(run.out()).get(0));
    assertThat(task.get("status").asText()).isEqualTo("FAILED");
    assertThat(task.get("reason").asText()).contains("deadline of 1500 ms");
    List<JsonNode> steps = Cli.steps(task);
    assertThat(steps).hasSize(2);
    assertThat(steps.get(0).get("success").asBoolean()).isTrue();
    assertThat(steps.get(1).get("success").asBoolean()).isFalse();
    assertThat(steps.get(1).at("/result/attempts").asInt()).isEqualTo(3);
  }

  @Test
  void theEnvironmentSetsTheDeadlineAndTheFlagWinsOverIt() {
    phone.failEvery("input keyevent", AdbFault.trickle(TRICKLE));

    Cli.Result fromEnv = run(env("APEX_DEVICE_TIMEOUT_MS", "1600"));
    Cli.Result fromFlag = run(env("APEX_DEVICE_TIMEOUT_MS", "60000"), "--device-timeout", "1.5s");

    assertThat(fromEnv.exit()).isEqualTo(1);
    assertThat(fromEnv.out()).contains("did not finish within its deadline of 1600 ms");
    assertThat(fromFlag.exit()).isEqualTo(1);
    assertThat(fromFlag.out()).contains("did not finish within its deadline of 1500 ms");
  }

  @Test
  void theConfigFileSetsTheDeadlineForDescribe() throws Exception {
    Files.writeString(dir.resolve("config.json"), "{\"device\": {\"timeout_ms\": 1700}}");
    // describe --no-ocr reads the dump alone (issue 16): no screencap to trickle.
    phone.failEvery("uiautomator dump", AdbFault.trickle(TRICKLE));

    Cli.Result describe =
        Cli.run(
            Wiring.DEFAULT.withSleeper(sleeper),
            env(),
            "describe",
            "--device",
            "android:" + AndroidEndToEndTest.SERIAL,
            "--adb",
            adb.address(),
            "--no-ocr");

    assertThat(describe.exit()).as(describe.out() + describe.err()).isEqualTo(1);
    assertThat(describe.err())
        .contains("uiautomator dump")
        .contains("did not finish within its deadline of 1700 ms");
  }

  @Test
  void aFloodingScreenshotFailsInOneLineAtTheConfiguredCap() {
    phone.failEvery("screencap", AdbFault.flood());

    Cli.Result run = run(env("APEX_DEVICE_MAX_CAPTURE_BYTES", "1048576"));

    assertThat(run.exit()).as(run.out() + run.err()).isEqualTo(1);
    assertThat(run.out()).contains("'screencap -p' sent more than 1048576 bytes");
    assertThat(run.err()).doesNotContain("OutOfMemoryError").doesNotContain("\tat ");
  }

  @Test
  void aBadDeadlineIsBadInput() {
    Cli.Result run = run(env(), "--device-timeout", "soon");

    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err()).contains("--device-timeout must be milliseconds or a duration");
    assertThat(phone.commands()).isEmpty();
  }

  @Test
  void aBadDeadlineInTheEnvironmentNamesTheVariable() {
    Cli.Result run = run(env("APEX_DEVICE_TIMEOUT_MS", "3 s"));

    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err()).contains("APEX_DEVICE_TIMEOUT_MS must be an integer in [100, 3600000]");
  }
}
