package dev.apex.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.DeviceException;
import dev.apex.core.InvalidInputException;
import dev.apex.core.RawCapture;
import dev.apex.device.Key;
import dev.apex.testkit.FakeDevice.LaunchApp;
import dev.apex.testkit.FakeDevice.PressKey;
import dev.apex.testkit.FakeDevice.Tap;
import dev.apex.testkit.FakeDevice.TypeText;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class FakeDeviceTest {

  private final FakeDevice device = new FakeDevice().install("com.example");

  private static String tree(RawCapture capture) {
    return new String(capture.tree(), StandardCharsets.UTF_8);
  }

  @Test
  void recordsActionsInOrder() {
    device.launchApp("com.example");
    device.tap(1, 2);
    device.typeText("hi");
    device.pressKey(Key.BACK);

    assertThat(device.events())
        .containsExactly(
            new LaunchApp("com.example"),
            new Tap(1, 2),
            new TypeText("hi"),
            new PressKey(Key.BACK));
    assertThat(device.events(Tap.class)).containsExactly(new Tap(1, 2));
  }

  @Test
  void tracksTheCurrentAppAndRejectsUnknownOnes() {
    assertThat(device.currentApp()).isEmpty();
    device.launchApp("com.example");
    assertThat(device.currentApp()).contains("com.example");
    device.pressKey(Key.HOME);
    assertThat(device.currentApp()).isEmpty();

    assertThatThrownBy(() -> device.launchApp("com.other"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("app 'com.other' is not installed on fake: use one of com.example");
    assertThat(device.events()).hasSize(2);
  }

  @Test
  void playsScriptedScreensInOrderRepeatingTheLast() {
    device.screens(device.uiautomator("<a/>"), device.uiautomator("<b/>"));

    assertThat(tree(device.capture())).isEqualTo("<a/>");
    assertThat(tree(device.capture())).isEqualTo("<b/>");
    assertThat(tree(device.capture())).isEqualTo("<b/>");
    assertThat(device.captures()).isEqualTo(3);
  }

  @Test
  void computesScreensFromState() {
    device.screens(state -> device.uiautomator(state.currentApp() + "/" + state.events().size()));

    assertThat(tree(device.capture())).isEqualTo("null/0");
    device.launchApp("com.example");
    assertThat(tree(device.capture())).isEqualTo("com.example/1");
  }

  @Test
  void injectedFaultsAreRetriableAndRunOut() {
    device.failNext(1);

    assertThatThrownBy(() -> device.tap(0, 0))
        .isInstanceOfSatisfying(DeviceException.class, e -> assertThat(e.retriable()).isTrue());
    device.tap(0, 0);
    assertThat(device.events()).containsExactly(new Tap(0, 0));
  }
}
