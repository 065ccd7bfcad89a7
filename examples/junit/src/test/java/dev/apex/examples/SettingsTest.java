package dev.apex.examples;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.apex.core.ElementFlag;
import dev.apex.core.SceneElement;
import dev.apex.junit.ApexSession;
import dev.apex.junit.ApexTest;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Tests of the Settings app, on the simulated phone unless {@code -Dapex.device=...} names another
 * device. Each test is a task in the timeline ({@code apex console} shows it, step by step).
 */
@ApexTest
class SettingsTest {

  @Test
  void wifiTurnsOn(ApexSession apex) {
    apex.runFlow("../flows/settings-wifi-on.yaml");
  }

  @Test
  void wifiPageHasItsSwitch(ApexSession apex) {
    apex.launch("com.android.settings").tap("Wi-Fi");
    SceneElement wifiSwitch =
        apex.assertVisibleId("com.android.settings:id/wifi_switch", Duration.ofSeconds(5));
    assertTrue(wifiSwitch.flags().contains(ElementFlag.CHECKABLE), "the switch is checkable");
  }

  @Test
  void backReturnsToTheSettingsList(ApexSession apex) {
    apex.launch("com.android.settings").tap("Wi-Fi").press("back");
    apex.assertVisible("Bluetooth", Duration.ofSeconds(5));
  }
}
