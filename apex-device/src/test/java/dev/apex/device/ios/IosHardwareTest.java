package dev.apex.device.ios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.RawCapture;
import dev.apex.device.Key;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Runs the driver against a real WebDriverAgent when {@code APEX_WDA_URL} names one; skips
 * otherwise.
 */
class IosHardwareTest {

  private String url;

  @BeforeEach
  void requireWda() {
    url = System.getenv("APEX_WDA_URL");
    Assumptions.assumeTrue(
        url != null && !url.isBlank(),
        "no real WebDriverAgent: set APEX_WDA_URL (e.g. http://127.0.0.1:8100) to run this test");
  }

  @Test
  void observesAndActsOnARealDevice() {
    try (IosDevice device = IosDevice.connect(url)) {
      device.pressKey(Key.HOME);
      RawCapture capture = device.capture();
      assertThat(new String(capture.tree(), StandardCharsets.UTF_8)).contains("XCUIElementType");
      assertThat(capture.hasScreenshot()).isTrue();
      assertThat(capture.screen().scale()).isGreaterThanOrEqualTo(1.0);

      device.launchApp("com.apple.Preferences");
      assertThat(device.currentApp()).contains("com.apple.Preferences");
      assertThat(device.appState("com.apple.Preferences")).isEqualTo(4);
      device.terminateApp("com.apple.Preferences");
      device.pressKey(Key.HOME);
    }
  }
}
