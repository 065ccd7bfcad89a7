package dev.apex.device.android;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.DeviceException;
import dev.apex.core.InvalidInputException;
import dev.apex.core.NonRetriableException;
import dev.apex.testkit.adb.FakeAdbServer;
import java.io.IOException;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class AdbDevicesTest {

  private FakeAdbServer adb;
  private AdbServerClient client;
  private AdbDevices devices;

  @BeforeEach
  void start() {
    adb = FakeAdbServer.start();
    client =
        new AdbServerClient(
            AdbAddress.parse(adb.address()), Duration.ofSeconds(5), Duration.ofSeconds(5));
    devices = new AdbDevices(client);
  }

  @AfterEach
  void stop() {
    adb.close();
  }

  @Test
  void listsEverySerialWithItsState() {
    adb.addDevice("emulator-5554");
    adb.addDevice("R58M12345").state("unauthorized");
    adb.addDevice("192.168.1.7:5555").state("offline");

    assertThat(devices.list())
        .containsExactly(
            new AdbDevices.Entry("emulator-5554", "device"),
            new AdbDevices.Entry("R58M12345", "unauthorized"),
            new AdbDevices.Entry("192.168.1.7:5555", "offline"));
    assertThat(devices.list().get(0).isReady()).isTrue();
    assertThat(devices.list().get(1).isUnauthorized()).isTrue();
    assertThat(devices.list().get(2).isOffline()).isTrue();
    assertThat(adb.requests()).containsOnly("host:devices");
  }

  @Test
  void speaksHostVersion() throws IOException {
    assertThat(client.version()).isEqualTo(FakeAdbServer.VERSION);
  }

  @Test
  void withoutASerialTheOnlyDeviceIsChosen() {
    adb.addDevice("emulator-5554");

    assertThat(devices.select(null).serial()).isEqualTo("emulator-5554");
    assertThat(devices.select(" ").serial()).isEqualTo("emulator-5554");
  }

  @Test
  void withSeveralDevicesAndNoSerialTheErrorListsThem() {
    adb.addDevice("emulator-5554");
    adb.addDevice("R58M12345").state("unauthorized");

    assertThatThrownBy(() -> devices.select(null))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("emulator-5554 (device)")
        .hasMessageContaining("R58M12345 (unauthorized)")
        .hasMessageContaining("--device android:SERIAL");
  }

  @Test
  void anUnknownSerialIsAnInvalidInputListingTheAttachedOnes() {
    adb.addDevice("emulator-5554");

    assertThatThrownBy(() -> devices.select("pixel-7"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("'pixel-7'")
        .hasMessageContaining("emulator-5554 (device)");
  }

  @Test
  void anOfflineDeviceIsARetriableDeviceError() {
    adb.addDevice("emulator-5554").state("offline");

    assertThatThrownBy(() -> devices.select("emulator-5554"))
        .isInstanceOf(DeviceException.class)
        .hasMessageContaining("android:emulator-5554")
        .hasMessageContaining("offline");
  }

  @Test
  void anUnauthorizedDeviceTellsToAcceptThePromptOnThePhone() {
    adb.addDevice("R58M12345").state("unauthorized");

    assertThatThrownBy(() -> devices.select(null))
        .isInstanceOf(NonRetriableException.class)
        .hasMessageContaining("android:R58M12345")
        .hasMessageContaining("accept the 'Allow USB debugging?' prompt on the phone");
  }

  @Test
  void noDeviceAtAllSaysHowToAttachOne() {
    assertThatThrownBy(() -> devices.select(null))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("no Android device attached")
        .hasMessageContaining(adb.address());
  }

  @Test
  void aServerThatIsNotRunningGivesTheAddressAndHowToStartIt() {
    String address = adb.address();
    adb.close();

    assertThatThrownBy(() -> devices.list())
        .isInstanceOf(DeviceException.class)
        .hasMessageContaining("no adb server answering at " + address)
        .hasMessageContaining("adb start-server");
  }

  @Test
  void theServersRefusalOfATransportIsKeptInTheError() {
    adb.addDevice("emulator-5554").state("unauthorized");

    assertThatThrownBy(() -> client.exec("emulator-5554", "echo hi"))
        .isInstanceOf(AdbFailException.class)
        .hasMessageContaining("host:transport:emulator-5554")
        .hasMessageContaining("device unauthorized");
    assertThatThrownBy(() -> client.exec(null, "echo hi"))
        .isInstanceOf(AdbFailException.class)
        .hasMessageContaining("host:transport-any");
  }
}
