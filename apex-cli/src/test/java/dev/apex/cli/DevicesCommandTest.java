package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.testkit.adb.FakeAdbServer;
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
}
