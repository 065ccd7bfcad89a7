package dev.apex.device.android;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.InvalidInputException;
import dev.apex.core.ScreenSize;
import dev.apex.device.Key;
import dev.apex.testkit.adb.FakeAdbServer;
import dev.apex.testkit.adb.FakePhone;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The exact commands the driver sends through a real adb protocol exchange, and their effect. */
class AndroidActionsTest {

  private FakeAdbServer adb;
  private FakePhone phone;
  private AndroidDevice device;

  @BeforeEach
  void start() {
    adb = FakeAdbServer.start();
    phone = adb.addDevice("emulator-5554").install("com.android.settings", ".Settings");
    device =
        AndroidDevice.connect(
            AdbAddress.parse(adb.address()), "emulator-5554", AndroidOptions.DEFAULTS);
  }

  @AfterEach
  void stop() {
    device.close();
    adb.close();
  }

  @Test
  void idNamesTheSerial() {
    assertThat(device.id()).isEqualTo("android:emulator-5554");
    assertThat(device.serial()).isEqualTo("emulator-5554");
  }

  @Test
  void tapSwipeAndKeysSendInputCommandsOverExec() {
    device.tap(540, 1200);
    device.swipe(500, 1500, 500, 300, Duration.ofMillis(250));
    device.pressKey(Key.BACK);
    device.pressKey(Key.ENTER);

    assertThat(adb.requests())
        .containsSubsequence(
            "host:transport:emulator-5554",
            "exec:input tap 540 1200",
            "host:transport:emulator-5554",
            "exec:input swipe 500 1500 500 300 250",
            "host:transport:emulator-5554",
            "exec:input keyevent 4",
            "host:transport:emulator-5554",
            "exec:input keyevent 66");
    assertThat(phone.events())
        .containsExactly("tap 540 1200", "swipe 500 1500 500 300 250", "keyevent 4", "keyevent 66");
  }

  @Test
  void typedTextArrivesIntactAfterTheDevicesShellAndInputDecodeIt() {
    String text = "it's 5 > 3 & $HOME; `x` \"q\" 100%sure (ok) *.txt";
    device.typeText(text);

    assertThat(phone.commands().get(0)).startsWith("input text it\\'s%s5%s\\>%s3%s\\&%s\\$HOME");
    assertThat(phone.typedText()).isEqualTo(text);
  }

  @Test
  void nonAsciiTextIsRejectedAndNothingIsSent() {
    assertThatThrownBy(() -> device.typeText("naïve"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("'ï'");
    assertThat(phone.commands()).isEmpty();
  }

  @Test
  void launchByPackageUsesMonkeyAndByActivityUsesAmStart() {
    device.launchApp("com.android.settings");
    assertThat(phone.commands())
        .containsExactly("monkey -p com.android.settings -c android.intent.category.LAUNCHER 1");
    assertThat(phone.currentActivity()).isEqualTo("com.android.settings/.Settings");

    device.pressKey(Key.HOME);
    device.launchApp("com.android.settings/.Settings");
    assertThat(phone.commands()).contains("am start -n com.android.settings/.Settings");
    assertThat(phone.currentPackage()).isEqualTo("com.android.settings");
  }

  @Test
  void anUnknownPackageIsAnInvalidInputNamingIt() {
    assertThatThrownBy(() -> device.launchApp("com.example.missing"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("android:emulator-5554")
        .hasMessageContaining("'com.example.missing'")
        .hasMessageContaining("installed");
    assertThatThrownBy(() -> device.launchApp("com.android.settings/.Nope"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("com.android.settings/.Nope")
        .hasMessageContaining("does not exist");
  }

  @Test
  void terminateForceStopsThePackage() {
    device.launchApp("com.android.settings");
    device.terminateApp("com.android.settings");

    assertThat(phone.commands()).endsWith("am force-stop com.android.settings");
    assertThat(phone.currentPackage()).isEqualTo("com.android.launcher3");
  }

  @Test
  void currentAppReadsTheFocusedWindow() {
    assertThat(device.currentApp()).contains("com.android.launcher3");
    device.launchApp("com.android.settings");

    assertThat(device.currentApp()).contains("com.android.settings");
    assertThat(phone.commands()).endsWith("dumpsys window windows");
  }

  @Test
  void currentAppFallsBackWhenASystemWindowHasFocus() {
    device.launchApp("com.android.settings");
    phone.systemWindowFocused(true);

    assertThat(device.currentApp()).contains("com.android.settings");
    assertThat(phone.commands()).endsWith("dumpsys window windows", "dumpsys activity activities");
  }

  @Test
  void currentAppUsesActivityTopWhenNothingElseNamesTheApp() {
    assertThat(ForegroundApp.fromWindows("  mCurrentFocus=Window{5e6f u0 NotificationShade}"))
        .isEmpty();
    assertThat(ForegroundApp.fromActivities("no resumed activity here")).isEmpty();
    assertThat(
            ForegroundApp.fromTop(
                "TASK 1:com.a id=1\n  ACTIVITY com.a/.Old 1 pid=10\n"
                    + "TASK 2:com.b id=2\n  ACTIVITY com.b/com.b.Main 2 pid=20\n"))
        .contains("com.b");
    assertThat(
            ForegroundApp.fromWindows(
                "  mFocusedApp=ActivityRecord{8a9b u0 com.example/.MainActivity t7}"))
        .contains("com.example");
  }

  @Test
  void screenSizeComesFromWmSizeOnceAndPrefersAnOverride() {
    phone.screenSize(1080, 2178);

    assertThat(device.screenSize()).isEqualTo(ScreenSize.pixels(1080, 2178));
    assertThat(device.screenSize()).isEqualTo(ScreenSize.pixels(1080, 2178));
    assertThat(phone.commands()).containsExactly("wm size");
    assertThat(
            AndroidDevice.parseWmSize(
                "android:x", "Physical size: 1440x3120\nOverride size: 1080x2340\n"))
        .isEqualTo(ScreenSize.pixels(1080, 2340));
  }
}
