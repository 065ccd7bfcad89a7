package dev.apex.device.android;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.DeviceException;
import dev.apex.core.RawCapture;
import dev.apex.device.Key;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Runs the driver against a real phone or emulator when {@code APEX_ANDROID_SERIAL} names one (and
 * an adb server runs: 127.0.0.1:5037 or {@code ADB_SERVER_SOCKET}); skips otherwise.
 */
class AndroidHardwareTest {

  private String serial;

  @BeforeEach
  void requireDevice() {
    serial = System.getenv("APEX_ANDROID_SERIAL");
    Assumptions.assumeTrue(
        serial != null && !serial.isBlank(),
        "no real Android device: set APEX_ANDROID_SERIAL to a serial from 'adb devices' to run"
            + " this test");
  }

  @Test
  void observesAndActsOnARealDevice() {
    try (AndroidDevice device = AndroidDevice.connect(serial)) {
      device.pressKey(Key.HOME);
      RawCapture capture = captureWithRetries(device);
      assertThat(new String(capture.tree(), StandardCharsets.UTF_8)).contains("<hierarchy");
      assertThat(capture.hasScreenshot()).isTrue();
      assertThat(capture.screen().width()).isPositive();
      assertThat(device.screenSize().width()).isPositive();

      device.launchApp("com.android.settings");
      assertThat(device.currentApp()).contains("com.android.settings");
      device.terminateApp("com.android.settings");
      device.pressKey(Key.HOME);
    }
  }

  /** A real screen may be animating: uiautomator's idle-state error passes on a later try. */
  private static RawCapture captureWithRetries(AndroidDevice device) {
    DeviceException last = null;
    for (int attempt = 0; attempt < 3; attempt++) {
      try {
        return device.capture();
      } catch (DeviceException e) {
        last = e;
      }
    }
    throw last;
  }
}
