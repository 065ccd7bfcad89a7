package dev.apex.device.android;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.InvalidInputException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AdbAddressTest {

  @Test
  void defaultsToLoopback5037() {
    assertThat(AdbAddress.fromEnvironment(Map.of())).isEqualTo(new AdbAddress("127.0.0.1", 5037));
  }

  @Test
  void readsAdbServerSocketInEveryFormAdbAccepts() {
    assertThat(AdbAddress.fromEnvironment(Map.of("ADB_SERVER_SOCKET", "tcp:10.0.2.2:5038")))
        .isEqualTo(new AdbAddress("10.0.2.2", 5038));
    assertThat(AdbAddress.parse("tcp:5039")).isEqualTo(new AdbAddress("127.0.0.1", 5039));
    assertThat(AdbAddress.parse("host.docker.internal:5037"))
        .isEqualTo(new AdbAddress("host.docker.internal", 5037));
    assertThat(AdbAddress.parse("tcp:[::1]:5037")).isEqualTo(new AdbAddress("::1", 5037));
  }

  @Test
  void fallsBackToTheServerPortVariable() {
    assertThat(AdbAddress.fromEnvironment(Map.of("ANDROID_ADB_SERVER_PORT", "6000")))
        .isEqualTo(new AdbAddress("127.0.0.1", 6000));
  }

  @Test
  void rejectsWhatItCannotUse() {
    assertThatThrownBy(() -> AdbAddress.parse("localfilesystem:/tmp/adb.sock"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("tcp:host:port");
    assertThatThrownBy(() -> AdbAddress.parse("tcp:host:notaport"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("tcp:host:notaport");
    assertThatThrownBy(() -> AdbAddress.parse("host:70000"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("70000");
  }
}
