package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.testkit.adb.FakeAdbServer;
import dev.apex.testkit.wda.FakeWda;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DevicesCommandTest {

  @org.junit.jupiter.api.io.TempDir java.nio.file.Path home;

  @Test
  void listsTheSimAndTheAdbServersDevicesWithTheirStates() {
    try (FakeAdbServer adb = FakeAdbServer.start()) {
      adb.addDevice("emulator-5554");
      Cli.Result r = Cli.run(Map.of(), "devices", "--adb", "127.0.0.1:" + adb.port());

      assertThat(r.exit()).isZero();
      assertThat(r.out())
          .containsPattern("(?m)^sim +ready +the built-in simulated phone$")
          .containsPattern("android:emulator-5554 +ready +Android over the adb server");
    }
  }

  @Test
  void withoutAnAdbServerItStillListsTheSim() {
    Cli.Result r = Cli.run(Map.of(), "devices", "--adb", "127.0.0.1:1");

    assertThat(r.exit()).isZero();
    assertThat(r.out())
        .contains("sim")
        .containsPattern("(?m)^android +unreachable +no adb server answering at 127.0.0.1:1");
  }

  @Test
  void offlineAndUnauthorizedPhonesAreListedWithWhatToDo() {
    try (FakeAdbServer adb = FakeAdbServer.start()) {
      adb.addDevice("R58M41XYZ").state("unauthorized");
      adb.addDevice("emulator-5556").state("offline");
      Cli.Result r = Cli.run(Map.of(), "devices", "--adb", "127.0.0.1:" + adb.port());

      assertThat(r.exit()).isZero();
      assertThat(r.out())
          .containsPattern(
              "android:R58M41XYZ +unauthorized +unauthorised: accept the USB debugging prompt")
          .containsPattern("android:emulator-5556 +offline +offline: reconnect the cable");
    }
  }

  @Test
  void aNetworkSerialLinesUpWithTheOtherRows() {
    try (FakeAdbServer adb = FakeAdbServer.start()) {
      adb.addDevice("127.0.0.1:45343");
      adb.addDevice("emulator-5554").state("offline");
      Cli.Result r = Cli.run(Map.of(), "devices", "--adb", "127.0.0.1:" + adb.port());

      List<String> rows = r.out().lines().filter(l -> !l.startsWith("(")).toList();
      assertThat(rows).hasSizeGreaterThanOrEqualTo(3);
      int state = rows.get(1).indexOf("ready");
      int hint = rows.get(1).indexOf("Android over the adb server");
      assertThat(rows.get(1)).startsWith("android:127.0.0.1:45343 ");
      for (String row : rows) {
        // Every row's second and third columns start where the network serial's do.
        assertThat(row.charAt(state - 1)).as(row).isEqualTo(' ');
        assertThat(row.charAt(state)).as(row).isNotEqualTo(' ');
        assertThat(row.charAt(hint - 1)).as(row).isEqualTo(' ');
        assertThat(row.charAt(hint)).as(row).isNotEqualTo(' ');
      }
    }
  }

  @Test
  void theConfiguredWebDriverAgentIsProbedAndOneThatDoesNotAnswerInTimeIsUnreachable()
      throws Exception {
    try (FakeWda answering = FakeWda.start();
        FakeWda stalled = FakeWda.start()) {
      Map<String, String> env =
          Map.of("APEX_HOME", home.toString(), "APEX_DEVICE_WDA_URL", answering.url().toString());
      Cli.Result ok = Cli.run(env, "devices", "--adb", "127.0.0.1:1");
      assertThat(ok.exit()).as(ok.err()).isZero();
      assertThat(ok.out())
          .containsPattern(
              "ios:" + answering.url() + " +ready +WebDriverAgent: WebDriverAgent is ready");

      stalled.trickleNext("/status", java.time.Duration.ofMinutes(1));
      Map<String, String> slow =
          Map.of("APEX_HOME", home.toString(), "APEX_DEVICE_WDA_URL", stalled.url().toString());
      Cli.Result late = Cli.run(slow, "devices", "--adb", "127.0.0.1:1", "--probe-timeout", "300");
      assertThat(late.exit()).isZero();
      assertThat(late.out())
          .containsPattern(
              "ios:" + stalled.url() + " +unreachable +did not answer /status within 300 ms");
    }
  }

  @Test
  void aBadProbeTimeoutIsOneLineAndExit2() {
    Cli.Result r = Cli.run(Map.of(), "devices", "--probe-timeout", "0");

    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("--probe-timeout must be in [1, 60000] ms, got 0");
  }
}
