package dev.apex.device.android;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.DeviceException;
import dev.apex.core.InvalidInputException;
import dev.apex.device.Gestures;
import dev.apex.testkit.adb.AdbFault;
import dev.apex.testkit.adb.FakeAdbServer;
import dev.apex.testkit.adb.FakePhone;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Long press and drag: the exact {@code input} lines sent over a real adb exchange. */
class AndroidGesturesTest {

  private FakeAdbServer adb;
  private FakePhone phone;

  private AndroidDevice connect(int sdkLevel) {
    adb = FakeAdbServer.start();
    phone = adb.addDevice("emulator-5554").sdkLevel(sdkLevel);
    return AndroidDevice.connect(
        AdbAddress.parse(adb.address()), "emulator-5554", AndroidOptions.DEFAULTS);
  }

  @AfterEach
  void stop() {
    adb.close();
  }

  @Test
  void theDeviceAnswersForBothRoles() {
    AndroidDevice device = connect(34);

    assertThat(device.role(Gestures.LongPress.class)).containsSame((Gestures.LongPress) device);
    assertThat(device.role(Gestures.Drag.class)).containsSame((Gestures.Drag) device);
    assertThat(device.role(Gestures.Hover.class)).isEmpty();
  }

  @Test
  void aLongPressIsASwipeThatDoesNotMove() {
    AndroidDevice device = connect(34);

    device.longPress(540, 1200, Duration.ofMillis(800));

    assertThat(phone.commands()).containsExactly("input swipe 540 1200 540 1200 800");
    assertThat(phone.events()).containsExactly("swipe 540 1200 540 1200 800");
  }

  @Test
  void aDragIsDragAndDropFromApi24AndTheLevelIsReadOnce() {
    AndroidDevice device = connect(24);

    device.drag(100, 200, 700, 1500, Duration.ofMillis(600));
    device.drag(700, 1500, 100, 200, Duration.ofMillis(300));

    assertThat(phone.commands())
        .containsExactly(
            "getprop ro.build.version.sdk",
            "input draganddrop 100 200 700 1500 600",
            "input draganddrop 700 1500 100 200 300");
    assertThat(phone.events())
        .containsExactly("draganddrop 100 200 700 1500 600", "draganddrop 700 1500 100 200 300");
  }

  @Test
  void beforeApi24ADragIsASlowerSwipe() {
    AndroidDevice device = connect(23);

    device.drag(100, 200, 700, 1500, Duration.ofMillis(600));

    assertThat(phone.commands())
        .containsExactly("getprop ro.build.version.sdk", "input swipe 100 200 700 1500 1600");
    assertThat(phone.events()).containsExactly("swipe 100 200 700 1500 1600");
  }

  @Test
  void anUnreadableLevelFallsBackToTheSwipe() {
    AndroidDevice device = connect(34);
    phone.failNext("getprop", AdbFault.output("\n"));

    device.drag(1, 2, 3, 4, Duration.ofMillis(100));

    assertThat(phone.events()).containsExactly("swipe 1 2 3 4 1100");
  }

  @Test
  void anInputThatLacksDragAndDropDespiteItsLevelFallsBackOnceAndForAll() {
    AndroidDevice device = connect(30);
    phone.failNext("draganddrop", AdbFault.output("Error: Unknown command: draganddrop\n"));

    device.drag(1, 2, 3, 4, Duration.ofMillis(100));
    device.drag(5, 6, 7, 8, Duration.ofMillis(100));

    assertThat(phone.commands())
        .containsExactly(
            "getprop ro.build.version.sdk",
            "input draganddrop 1 2 3 4 100",
            "input swipe 1 2 3 4 1100",
            "input swipe 5 6 7 8 1100");
  }

  @Test
  void aBadDurationIsRefusedInOneLineAndNothingIsSent() {
    AndroidDevice device = connect(34);

    assertThatThrownBy(() -> device.longPress(10, 10, Duration.ZERO))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("long press must last more than 0 ms, got 0 ms");
    assertThatThrownBy(() -> device.drag(10, 10, 20, 20, Duration.ofSeconds(31)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("drag may last at most 30000 ms, got 31000 ms");
    assertThatThrownBy(() -> device.drag(10, 10, 20, 20, null))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageNotContaining("\n");
    assertThatThrownBy(() -> device.drag(-1, 10, 20, 20, Duration.ofMillis(100)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("fromX");
    assertThat(phone.commands()).isEmpty();
  }

  @Test
  void aFailingGestureIsADeviceErrorNamingTheCommand() {
    AndroidDevice device = connect(34);
    phone.failNext(
        "draganddrop",
        AdbFault.output(
            "java.lang.SecurityException: Injecting input events requires the caller to have the"
                + " INJECT_EVENTS permission.\n"));

    assertThatThrownBy(() -> device.drag(10, 10, 20, 20, Duration.ofMillis(500)))
        .isInstanceOf(DeviceException.class)
        .hasMessageContaining("'input draganddrop 10 10 20 20 500' failed")
        .hasMessageContaining("INJECT_EVENTS");
  }
}
