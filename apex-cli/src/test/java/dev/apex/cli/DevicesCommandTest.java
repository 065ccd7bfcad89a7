package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.testkit.adb.FakeAdbServer;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DevicesCommandTest {

  @Test
  void listsTheSimAndTheAdbServersDevicesWithTheirStates() {
    try (FakeAdbServer adb = FakeAdbServer.start()) {
      adb.addDevice("emulator-5554");
      Cli.Result r = Cli.run(Map.of(), "devices", "--adb", "127.0.0.1:" + adb.port());

      assertThat(r.exit()).isZero();
      assertThat(r.out()).contains("sim").contains("android:emulator-5554").contains("device");
    }
  }

  @Test
  void withoutAnAdbServerItStillListsTheSim() {
    Cli.Result r = Cli.run(Map.of(), "devices", "--adb", "127.0.0.1:1");

    assertThat(r.exit()).isZero();
    assertThat(r.out()).contains("sim").contains("no adb server");
  }

  @Test
  void offlineAndUnauthorizedPhonesAreListedWithWhatToDo() {
    try (FakeAdbServer adb = FakeAdbServer.start()) {
      adb.addDevice("R58M41XYZ").state("unauthorized");
      adb.addDevice("emulator-5556").state("offline");
      Cli.Result r = Cli.run(Map.of(), "devices", "--adb", "127.0.0.1:" + adb.port());

      assertThat(r.exit()).isZero();
      assertThat(r.out())
          .containsPattern("android:R58M41XYZ +unauthorized +accept the USB debugging prompt")
          .containsPattern("android:emulator-5556 +offline +reconnect");
    }
  }

  @Test
  void aNetworkSerialLinesUpWithTheOtherRows() {
    try (FakeAdbServer adb = FakeAdbServer.start()) {
      adb.addDevice("127.0.0.1:45343");
      adb.addDevice("emulator-5554").state("offline");
      Cli.Result r = Cli.run(Map.of(), "devices", "--adb", "127.0.0.1:" + adb.port());

      List<String> rows = r.out().lines().filter(l -> !l.startsWith("(")).toList();
      assertThat(rows).hasSize(4);
      int state = rows.get(1).indexOf("device");
      int hint = rows.get(1).indexOf("Android over adb");
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
}
