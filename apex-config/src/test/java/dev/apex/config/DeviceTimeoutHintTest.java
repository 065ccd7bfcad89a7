package dev.apex.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.device.DeviceLimits;
import org.junit.jupiter.api.Test;

/** The drivers' deadline messages name the real setting and flag, though they cannot see them. */
class DeviceTimeoutHintTest {

  @Test
  void theHintNamesTheDeclaredKeyAndFlag() {
    assertThat(DeviceLimits.TIMEOUT_SETTING)
        .isEqualTo(
            ConfigField.DEVICE_TIMEOUT_MS.key()
                + " ("
                + ConfigField.DEVICE_TIMEOUT_MS.flag().orElseThrow().name()
                + ")");
  }
}
