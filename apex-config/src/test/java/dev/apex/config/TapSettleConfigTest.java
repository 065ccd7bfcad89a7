package dev.apex.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code tap.settle_ms}: how long a tap waits for its element to hold still. */
class TapSettleConfigTest {

  @TempDir Path home;

  private ApexConfigStore open(Map<String, String> env) {
    return ApexConfigStore.open(home.resolve("config.json"), env);
  }

  @Test
  void defaultsToTwoSecondsAndIsWrittenToTheFile() {
    ApexConfigStore store = open(Map.of());

    assertThat(store.current().tap().settle()).isEqualTo(Duration.ofSeconds(2));
    assertThat(store.publicJson().at("/tap/settle_ms").asInt()).isEqualTo(2000);
  }

  @Test
  void theFileThenTheEnvironmentSetIt() throws IOException {
    Files.writeString(home.resolve("config.json"), "{\"tap\": {\"settle_ms\": 500}}");
    assertThat(open(Map.of()).current().tap().settle()).isEqualTo(Duration.ofMillis(500));

    ApexConfigStore store = open(Map.of("APEX_TAP_SETTLE_MS", "0"));
    assertThat(store.current().tap().settle()).isZero();
    assertThat(store.publicJson().at("/env_overrides/tap.settle_ms").asText())
        .isEqualTo("APEX_TAP_SETTLE_MS");
  }

  @Test
  void outOfRangeValuesNameTheKeyOrVariable() {
    assertThatThrownBy(
            () -> ConfigJson.parse(ApexConfigStore.parseJson("{\"tap\": {\"settle_ms\": 60001}}")))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessageContaining("tap.settle_ms must be an integer in [0, 60000]");
    assertThatThrownBy(() -> open(Map.of("APEX_TAP_SETTLE_MS", "-5")).current())
        .isInstanceOf(InvalidConfigException.class)
        .hasMessageContaining("APEX_TAP_SETTLE_MS");
  }
}
