package dev.apex.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.Secrets;
import dev.apex.device.DeviceOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where the devices the device list probes are: {@code device.adb_server}, {@code device.wda_url}
 * and {@code device.webdriver_endpoints}, from the file or the environment, checked without ever
 * echoing a value.
 */
class DeviceEndpointsConfigTest {

  @TempDir Path home;

  private ApexConfigStore open(Map<String, String> env) {
    return ApexConfigStore.open(home.resolve("config.json"), env);
  }

  @Test
  void emptyByDefaultSetByTheFileAndTheEnvironmentWins() throws Exception {
    assertThat(open(Map.of()).current().device().wdaUrl()).isEmpty();
    Files.writeString(
        home.resolve("config.json"),
        "{\"device\": {\"adb_server\": \"10.0.0.5:5037\", \"wda_url\": \"http://phone:8100\","
            + " \"webdriver_endpoints\": [\"http://grid:4444\", \"http://appium:4723\"]}}");

    ApexConfig.Device device = open(Map.of()).current().device();
    ApexConfig.Device fromEnv =
        open(Map.of("APEX_DEVICE_WEBDRIVER_ENDPOINTS", "http://a:1, http://b:2"))
            .current()
            .device();

    assertThat(device.adbServer()).isEqualTo("10.0.0.5:5037");
    assertThat(device.wdaUrl()).isEqualTo("http://phone:8100");
    assertThat(device.webdriverEndpoints())
        .containsExactly("http://grid:4444", "http://appium:4723");
    assertThat(fromEnv.webdriverEndpoints()).containsExactly("http://a:1", "http://b:2");
    DeviceOptions options = device.options(null, null, Map.of());
    assertThat(options.adb()).isEqualTo("10.0.0.5:5037");
    assertThat(options.wdaUrl()).isEqualTo("http://phone:8100");
    assertThat(options.webdriverEndpoints()).hasSize(2);
    assertThat(device.options("127.0.0.1:6000", null, Map.of()).adb())
        .as("--adb wins")
        .isEqualTo("127.0.0.1:6000");
  }

  @Test
  void aBadValueNamesTheKeyNotTheValueAndAGridPasswordIsASecret() {
    ApexConfigStore store = open(Map.of());
    assertThatThrownBy(
            () ->
                store.update(
                    ApexConfigStore.parseJson("{\"device\": {\"wda_url\": \"ftp://nope-x1\"}}")))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessageStartingWith("device.wda_url must be an http:// or https:// URL")
        .hasMessageNotContaining("nope-x1");
    assertThatThrownBy(
            () ->
                store.update(
                    ApexConfigStore.parseJson("{\"device\": {\"adb_server\": \"no port\"}}")))
        .hasMessageStartingWith("device.adb_server must be host:port");

    store.update(
        ApexConfigStore.parseJson(
            "{\"device\": {\"webdriver_endpoints\": [\"https://me:gridPass-77aa@grid:4444/wd\"]}}"));

    assertThat(store.current().device().toString()).doesNotContain("gridPass-77aa");
    assertThat(Secrets.redact("the grid said gridPass-77aa")).doesNotContain("gridPass-77aa");
    assertThat(store.current().device().webdriverEndpoints()).hasSize(1);
    assertThat(List.of(ConfigField.knownKeys().split(", ")))
        .contains("device.adb_server", "device.wda_url", "device.webdriver_endpoints");
  }
}
