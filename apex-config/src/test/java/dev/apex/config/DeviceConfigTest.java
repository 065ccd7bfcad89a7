package dev.apex.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.device.DeviceLimits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The device settings: {@code device.timeout_ms} and {@code device.max_capture_bytes}. */
class DeviceConfigTest {

  @TempDir Path home;

  private ApexConfigStore open(Map<String, String> env) {
    return ApexConfigStore.open(home.resolve("config.json"), env);
  }

  @Test
  void defaultsAreThirtySecondsAndSixtyFourMebibytes() {
    DeviceLimits limits = open(Map.of()).current().device().limits();

    assertThat(limits).isEqualTo(DeviceLimits.DEFAULTS);
    assertThat(limits.timeout()).isEqualTo(Duration.ofSeconds(30));
    assertThat(limits.maxCaptureBytes()).isEqualTo(64L * 1024 * 1024);
  }

  @Test
  void theFileSetsThemAndTheEnvironmentWins() throws Exception {
    Files.writeString(
        home.resolve("config.json"),
        "{\"device\": {\"timeout_ms\": 5000, \"max_capture_bytes\": 1048576}}");

    ApexConfig fromFile = open(Map.of()).current();
    ApexConfig fromEnv = open(Map.of("APEX_DEVICE_TIMEOUT_MS", "700")).current();

    assertThat(fromFile.device().limits())
        .isEqualTo(new DeviceLimits(Duration.ofMillis(5000), 1048576));
    assertThat(fromEnv.device().timeout()).isEqualTo(Duration.ofMillis(700));
    assertThat(fromEnv.device().maxCaptureBytes()).isEqualTo(1048576);
    assertThat(open(Map.of("APEX_DEVICE_TIMEOUT_MS", "700")).envOverrides())
        .containsExactly(ConfigField.DEVICE_TIMEOUT_MS);
  }

  @Test
  void updatesAreWrittenInTheDeviceGroup() throws Exception {
    ApexConfigStore store = open(Map.of());

    store.update(ApexConfigStore.parseJson("{\"device\": {\"max_capture_bytes\": 2097152}}"));

    assertThat(Files.readString(home.resolve("config.json")))
        .contains("\"device\"")
        .contains("\"max_capture_bytes\" : 2097152")
        .contains("\"timeout_ms\" : 30000");
  }

  @Test
  void outOfRangeValuesNameTheKeyOrTheVariable() throws Exception {
    assertThatThrownBy(() -> open(Map.of("APEX_DEVICE_TIMEOUT_MS", "5")))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessage("APEX_DEVICE_TIMEOUT_MS must be an integer in [100, 3600000]");
    assertThatThrownBy(() -> open(Map.of("APEX_DEVICE_MAX_CAPTURE_BYTES", "lots")))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessageContaining("APEX_DEVICE_MAX_CAPTURE_BYTES must be an integer in [65536, ");
    Files.writeString(home.resolve("config.json"), "{\"device\": {\"timeout_ms\": \"30s\"}}");
    assertThatThrownBy(() -> open(Map.of()))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessageContaining("device.timeout_ms must be an integer in [100, 3600000]");
  }
}
