package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.RawCapture;
import dev.apex.core.retry.RetryPolicy;
import dev.apex.device.Device;
import dev.apex.device.ForwardingDevice;
import dev.apex.device.android.AndroidCommands;
import dev.apex.testkit.FaultyDevice;
import dev.apex.testkit.FaultyDevice.Op;
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
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code apex run} on devices that fail: a device that disconnects mid-flow (a {@link FaultyDevice}
 * behind the selector) and an adb server that closes the connection mid-stream. Retries wait on a
 * recording sleeper, so nothing really sleeps; the retry policy is the CLI's, {@link
 * RetryPolicy#DEFAULT} (3 attempts).
 */
class DeviceFaultsTest {

  private static final Path WIFI_FLOW =
      Cli.projectRoot().resolve("examples/flows/settings-wifi-on.yaml");

  @TempDir Path dir;

  private final RecordingSleeper sleeper = new RecordingSleeper();
  private final AtomicReference<FaultyDevice> opened = new AtomicReference<>();

  /** Opens the selector's real device behind a {@link FaultyDevice} that disconnects at a call. */
  private Wiring disconnectingFromCall(int call) {
    return new Wiring(
        (selector, adb, capabilities) -> {
          FaultyDevice device =
              FaultyDevice.wrap(Devices.open(selector, adb, capabilities)).disconnectFromCall(call);
          opened.set(device);
          return device;
        },
        sleeper);
  }

  /**
   * These tests count device calls and pauses; a tap's look at whether its element holds still
   * (TapSettleTest, TapSettleWebTest) would add a capture and a pause to each, so it is off here.
   */
  static final Map<String, String> NO_SETTLE = Map.of("APEX_TAP_SETTLE_MS", "0");

  private Cli.Result runWifiFlow(Wiring wiring, Path db) {
    return Cli.run(
        wiring,
        NO_SETTLE,
        Cli.withDb(db, "run", "--device", "sim", "--flow", WIFI_FLOW.toString(), "--no-ocr"));
  }

  @Test
  void aDeviceThatDisconnectsMidStepFailsTheTaskAfterItsRetriesAndKeepsTheStepsBefore() {
    Path db = dir.resolve("timeline.db");
    // Calls: capture, launch, capture, tap "Wi-Fi", capture, then the switch's tap: call 6.
    Cli.Result run = runWifiFlow(disconnectingFromCall(6), db);

    assertThat(run.exit()).as(run.out() + run.err()).isEqualTo(1);
    assertThat(run.out())
        .contains("step  1  ok      launch_app")
        .contains("step  2  ok      tap text=\"Wi-Fi\"")
        .contains("step  3  FAILED  tap element=")
        .contains(
            "FAILED: step 3 (tap) failed after 3 attempt(s): sim: injected fault: device"
                + " disconnected");
    FaultyDevice device = opened.get();
    assertThat(device.calls().get(5).op()).as("call 6").isEqualTo(Op.TAP);
    assertThat(device.calls())
        .as("three tries of the tap, then nothing but close")
        .extracting(FaultyDevice.Call::op)
        .endsWith(Op.TAP, Op.TAP, Op.TAP, Op.CLOSE);
    assertThat(device.calls(Op.TAP)).filteredOn(FaultyDevice.Call::failed).hasSize(3);
    assertThat(sleeper.sleeps())
        .as("a backoff before each retry, within the policy's cap")
        .hasSize(2)
        .allMatch(d -> d.compareTo(Duration.ZERO) > 0)
        .allMatch(d -> d.compareTo(RetryPolicy.DEFAULT.maxDelay()) <= 0);

    JsonNode task = Cli.timeline(db, Cli.taskIds(run.out()).get(0));
    assertThat(task.get("status").asText()).isEqualTo("FAILED");
    assertThat(task.get("reason").asText()).contains("sim: injected fault: device disconnected");
    List<JsonNode> steps = Cli.steps(task);
    assertThat(steps).hasSize(3);
    assertThat(steps.subList(0, 2)).allMatch(s -> s.get("success").asBoolean());
    assertThat(steps.get(0).at("/result/attempts").asInt()).isEqualTo(1);
    assertThat(steps.get(2).get("success").asBoolean()).isFalse();
    assertThat(steps.get(2).at("/result/attempts").asInt()).isEqualTo(3);
    assertThat(steps.get(2).get("error").asText()).contains("device disconnected");
  }

  @Test
  void aDeviceThatDisconnectsBeforeAnObservationFailsTheTaskAndKeepsEveryStepRecorded() {
    Path db = dir.resolve("timeline.db");
    // Call 5 is the capture after step 2: observing fails, so step 3 is never planned.
    Cli.Result run = runWifiFlow(disconnectingFromCall(5), db);

    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.out())
        .contains("step  2  ok      tap text=\"Wi-Fi\"")
        .doesNotContain("step  3")
        .contains("FAILED: observe failed: sim: injected fault: device disconnected");
    assertThat(opened.get().calls(Op.CAPTURE)).filteredOn(FaultyDevice.Call::failed).hasSize(3);
    assertThat(opened.get().calls(Op.TAP)).hasSize(1);
    assertThat(sleeper.sleeps()).hasSize(2);

    JsonNode task = Cli.timeline(db, Cli.taskIds(run.out()).get(0));
    assertThat(task.get("status").asText()).isEqualTo("FAILED");
    assertThat(task.get("reason").asText()).startsWith("observe failed: sim:");
    assertThat(Cli.steps(task))
        .extracting(s -> s.get("action").asText())
        .containsExactly("launch_app", "tap");
    assertThat(Cli.steps(task)).allMatch(s -> s.get("success").asBoolean());
  }

  @Test
  void anAdbConnectionClosedMidStreamDuringAStepIsRetriedAndTheFlowSucceeds() throws Exception {
    byte[] dump = TestData.bytes(AndroidEndToEndTest.DUMP);
    Path db = dir.resolve("timeline.db");
    Path flow = dir.resolve("dark.yaml");
    Files.writeString(
        flow,
        """
        name: Pick the dark theme
        steps:
          - launch_app: %s
          - tap: { text: "Dark" }
          - assert_visible: { text: "Theme" }
        """
            .formatted(AndroidEndToEndTest.APP));
    try (FakeAdbServer adb = FakeAdbServer.start()) {
      FakePhone phone =
          adb.addDevice(AndroidEndToEndTest.SERIAL)
              .dump(dump)
              .screenSize(1344, 2992)
              .install(AndroidEndToEndTest.APP, ".SearchActivity");
      // Captures: before steps 1, 2 and 3, then assert_visible's own (cut, so taken again), then
      // the last one that finds the flow done.
      Wiring wiring =
          new Wiring(
              (selector, address, capabilities) ->
                  new BeforeCapture(
                      Devices.open(selector, address, capabilities),
                      4,
                      () ->
                          phone.failNext(AndroidCommands.catDumpFile(), AdbFault.closeMidStream())),
              sleeper);

      Cli.Result run =
          Cli.run(
              wiring,
              NO_SETTLE,
              Cli.withDb(
                  db,
                  "run",
                  "--device",
                  "android:" + AndroidEndToEndTest.SERIAL,
                  "--adb",
                  adb.address(),
                  "--flow",
                  flow.toString(),
                  "--no-ocr"));

      assertThat(run.exit()).as(run.out() + run.err()).isZero();
      assertThat(run.out()).contains("step  3  ok      assert_visible").contains("SUCCEEDED");
      assertThat(phone.commands())
          .as("five captures, one of them cut short and read again")
          .filteredOn(c -> c.equals(AndroidCommands.catDumpFile()))
          .hasSize(6);
      assertThat(sleeper.sleeps()).hasSize(1);
      List<JsonNode> steps = Cli.steps(Cli.timeline(db, Cli.taskIds(run.out()).get(0)));
      assertThat(steps).extracting(s -> s.at("/result/attempts").asInt()).containsExactly(1, 1, 2);
      assertThat(steps).allMatch(s -> s.get("success").asBoolean());
    }
  }

  @Test
  void aScreenshotClosedMidStreamIsObservedAgainBeforeTheFirstStep() throws Exception {
    byte[] dump = TestData.bytes(AndroidEndToEndTest.DUMP);
    Path db = dir.resolve("timeline.db");
    Path flow = dir.resolve("launch.yaml");
    Files.writeString(
        flow, "name: Launch\nsteps:\n  - launch_app: " + AndroidEndToEndTest.APP + "\n");
    try (FakeAdbServer adb = FakeAdbServer.start()) {
      FakePhone phone =
          adb.addDevice(AndroidEndToEndTest.SERIAL)
              .dump(dump)
              .screenSize(1344, 2992)
              .install(AndroidEndToEndTest.APP, ".SearchActivity")
              .failNext(AndroidCommands.screencap(), AdbFault.closeMidStream());

      Cli.Result run =
          Cli.run(
              new Wiring(Devices::open, sleeper),
              Map.of(),
              Cli.withDb(
                  db,
                  "run",
                  "--device",
                  "android:" + AndroidEndToEndTest.SERIAL,
                  "--adb",
                  adb.address(),
                  "--flow",
                  flow.toString(),
                  "--no-ocr"));

      assertThat(run.exit()).as(run.out() + run.err()).isZero();
      assertThat(phone.commands()).filteredOn(c -> c.equals("screencap -p")).hasSize(3);
      assertThat(sleeper.sleeps()).as("one retry of the observation").hasSize(1);
      assertThat(phone.currentPackage()).isEqualTo(AndroidEndToEndTest.APP);
    }
  }

  /**
   * Passes every call through, running {@code hook} just before the {@code n}th capture: a way to
   * arm a fault on the fake server at a chosen point of a run, with no timing involved.
   */
  private static final class BeforeCapture extends ForwardingDevice {
    private final int n;
    private final Runnable hook;
    private int captures;

    BeforeCapture(Device delegate, int n, Runnable hook) {
      super(delegate);
      this.n = n;
      this.hook = hook;
    }

    @Override
    public RawCapture capture() {
      if (++captures == n) {
        hook.run();
      }
      return super.capture();
    }

    /** Counted with the full captures: assert_visible's own look reads the tree alone. */
    @Override
    public RawCapture captureTree() {
      if (++captures == n) {
        hook.run();
      }
      return super.captureTree();
    }
  }
}
