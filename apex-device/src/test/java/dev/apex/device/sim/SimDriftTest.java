package dev.apex.device.sim;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.InvalidInputException;
import dev.apex.device.Device;
import dev.apex.device.DeviceOptions;
import dev.apex.device.DeviceSelector;
import org.junit.jupiter.api.Test;

/** {@code sim:VARIANT}: the sim's apps as real apps drift under a recorded flow. */
class SimDriftTest {

  private final SimProvider provider = new SimProvider();

  private static String tree(Device device) {
    return new String(device.capture().tree(), UTF_8);
  }

  private Device open(String selector) {
    DeviceSelector parsed = DeviceSelector.parse(selector);
    provider.validate(parsed);
    Device device = provider.open(parsed, DeviceOptions.DEFAULTS);
    device.launchApp("com.android.settings");
    return device;
  }

  @Test
  void theRenamedVariantCallsTheWifiRowWlanWithANewIdBelowBluetooth() {
    try (Device device = open("sim:drift-renamed")) {
      String settings = tree(device);
      assertThat(settings).contains("WLAN").contains("wlan_row").doesNotContain("wifi_row");
      assertThat(settings.indexOf("Bluetooth")).isLessThan(settings.indexOf("WLAN"));
    }
  }

  @Test
  void thePopupVariantPutsADialogPageOnTheWayToWifi() {
    try (Device device = open("sim:drift-popup")) {
      assertThat(tree(device)).contains("wifi_row");
      device.tap(360, 252); // the Wi-Fi row, first in the list
      String tip = tree(device);
      assertThat(tip).contains("Not now").doesNotContain("wifi_switch");
      int at = tip.indexOf("Not now");
      java.util.regex.Matcher bounds =
          java.util.regex.Pattern.compile("bounds=\"\\[(\\d+),(\\d+)\\]\\[(\\d+),(\\d+)\\]\"")
              .matcher(tip.substring(at));
      assertThat(bounds.find()).isTrue();
      device.tap(
          (Integer.parseInt(bounds.group(1)) + Integer.parseInt(bounds.group(3))) / 2,
          (Integer.parseInt(bounds.group(2)) + Integer.parseInt(bounds.group(4))) / 2);
      assertThat(tree(device)).contains("wifi_switch");
      // A dismissed dialog leaves the back stack: back returns to the list, not to the dialog.
      device.pressKey(dev.apex.device.Key.BACK);
      assertThat(tree(device)).contains("wifi_row").doesNotContain("Not now");
    }
  }

  @Test
  void theRowVariantInsertsARowAboveWifiAndKeepsEverythingElse() {
    try (Device device = open("sim:drift-row")) {
      String settings = tree(device);
      assertThat(settings.indexOf("Airplane mode")).isLessThan(settings.indexOf("wifi_row"));
    }
    try (Device plain = open("sim")) {
      assertThat(tree(plain)).doesNotContain("Airplane mode").doesNotContain("WLAN");
    }
  }

  @Test
  void anUnknownVariantNamesTheOnesThereAre() {
    assertThatThrownBy(() -> provider.validate(DeviceSelector.parse("sim:drift-nope")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(
            "unknown sim variant 'drift-nope': use sim, or sim:drift-renamed, sim:drift-popup,"
                + " sim:drift-row");
    assertThat(SimApps.DRIFTS).containsExactly("drift-renamed", "drift-popup", "drift-row");
  }
}
