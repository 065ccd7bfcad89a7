package dev.apex.device.android;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.DeviceException;
import dev.apex.core.RawCapture;
import dev.apex.core.ScreenSize;
import dev.apex.core.TreeFormat;
import dev.apex.testkit.TestData;
import dev.apex.testkit.adb.AdbFault;
import dev.apex.testkit.adb.FakeAdbServer;
import dev.apex.testkit.adb.FakePhone;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Observing through uiautomator and screencap, with the real dumps and the failures devices show.
 */
class AndroidCaptureTest {

  private static final String SAMSUNG = "android/samsung_app_drawer_grid_1080x2178.xml";
  private static final String TTY = "android-edge-cases/dev_tty_trailer_216_nodes_1080x2178.xml";
  private static final String UTF16 =
      "android-edge-cases/utf16le_bom_settings_278_nodes_1080x2178.xml";

  private FakeAdbServer adb;
  private FakePhone phone;

  @BeforeEach
  void start() {
    adb = FakeAdbServer.start();
    phone = adb.addDevice("R58M12345").screenSize(1080, 2178);
  }

  @AfterEach
  void stop() {
    adb.close();
  }

  private AndroidDevice device(AndroidOptions options) {
    return AndroidDevice.connect(AdbAddress.parse(adb.address()), "R58M12345", options);
  }

  @Test
  void aTreeCaptureDumpsWithoutScreencapAndSizesTheScreenByWmSize() {
    byte[] xml = TestData.bytes(SAMSUNG);
    phone.dump(xml);

    RawCapture capture = device(AndroidOptions.DEFAULTS).captureTree();

    assertThat(capture.tree()).isEqualTo(xml);
    assertThat(capture.hasScreenshot()).isFalse();
    assertThat(capture.screen()).isEqualTo(ScreenSize.pixels(1080, 2178));
    assertThat(phone.commands())
        .noneMatch(c -> c.startsWith("screencap"))
        .anyMatch(c -> c.contains("uiautomator dump"));
  }

  @Test
  void aTreeCaptureOfARotatedScreenTurnsTheDisplaySize() {
    phone.dump(
        ("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"1\">"
                + "<node class=\"android.widget.FrameLayout\" text=\"\" bounds=\"[0,0][2178,1080]\"/>"
                + "</hierarchy>")
            .getBytes(StandardCharsets.UTF_8));

    RawCapture capture = device(AndroidOptions.DEFAULTS).captureTree();

    assertThat(capture.screen()).isEqualTo(ScreenSize.pixels(2178, 1080));
  }

  @Test
  void fileModeReturnsTheDumpByteForByteAndThePng() {
    byte[] xml = TestData.bytes(SAMSUNG);
    phone.dump(xml);

    RawCapture capture = device(AndroidOptions.DEFAULTS).capture();

    assertThat(capture.deviceId()).isEqualTo("android:R58M12345");
    assertThat(capture.format()).isEqualTo(TreeFormat.UIAUTOMATOR_XML);
    assertThat(capture.tree()).isEqualTo(xml);
    assertThat(capture.screenshot()).isEqualTo(phone.screenshot());
    assertThat(capture.screen()).isEqualTo(ScreenSize.pixels(1080, 2178));
    assertThat(phone.commands())
        .containsExactly(
            "rm -f /data/local/tmp/apex-uidump.xml; uiautomator dump"
                + " /data/local/tmp/apex-uidump.xml && echo success",
            "cat /data/local/tmp/apex-uidump.xml",
            "screencap -p");
    assertThat(adb.requests()).contains("exec:screencap -p").noneMatch(r -> r.startsWith("shell:"));
  }

  @Test
  void afterACaptureTheScreenSizeFollowsTheScreenshotWhenTheScreenTurns() {
    phone
        .dump(TestData.bytes("android/atx_game_landscape_rotation1_1920x1080.xml"))
        .screenSize(1080, 1920)
        .screenshot(FakePhone.png(1920, 1080));
    AndroidDevice device = device(AndroidOptions.DEFAULTS);

    assertThat(device.screenSize()).isEqualTo(ScreenSize.pixels(1080, 1920));
    assertThat(device.capture().screen()).isEqualTo(ScreenSize.pixels(1920, 1080));
    assertThat(device.screenSize()).isEqualTo(ScreenSize.pixels(1920, 1080));
  }

  @Test
  void ttyModeCutsTheTrailerAfterTheDocument() {
    byte[] real = TestData.bytes(TTY);
    phone.ttyOutput(real);

    RawCapture capture =
        device(AndroidOptions.DEFAULTS.withDumpMode(AndroidOptions.DumpMode.TTY)).capture();

    String tree = new String(capture.tree(), StandardCharsets.UTF_8);
    assertThat(new String(real, StandardCharsets.UTF_8))
        .contains("UI hierchary dumped to: /dev/tty");
    assertThat(tree).endsWith("</hierarchy>").doesNotContain("UI hierchary dumped to");
    assertThat(capture.tree())
        .isEqualTo(Arrays.copyOf(real, tree.getBytes(StandardCharsets.UTF_8).length));
    assertThat(adb.requests()).contains("shell:uiautomator dump /dev/tty");
  }

  @Test
  void utf16BytesPassThroughUnchangedInBothModes() {
    byte[] utf16 = TestData.bytes(UTF16);
    assertThat(utf16[0]).isEqualTo((byte) 0xFF);
    assertThat(utf16[1]).isEqualTo((byte) 0xFE);
    phone.dump(utf16).ttyOutput(utf16);

    assertThat(device(AndroidOptions.DEFAULTS).capture().tree()).isEqualTo(utf16);
    assertThat(
            device(AndroidOptions.DEFAULTS.withDumpMode(AndroidOptions.DumpMode.TTY))
                .capture()
                .tree())
        .isEqualTo(utf16);
  }

  @Test
  void couldNotGetIdleStateIsRetriable() {
    phone.dump(TestData.bytes(SAMSUNG)).nextDumpFails("ERROR: could not get idle state.");
    AndroidDevice device = device(AndroidOptions.DEFAULTS);

    assertThatThrownBy(device::capture)
        .isInstanceOfSatisfying(DeviceException.class, e -> assertThat(e.retriable()).isTrue())
        .hasMessageContaining("android:R58M12345")
        .hasMessageContaining("could not get idle state");
    // The next try passes: the runtime's executor retries exactly this.
    assertThat(device.capture().tree()).isEqualTo(TestData.bytes(SAMSUNG));
  }

  @Test
  void nullRootNodeIsRetriableInTtyModeToo() {
    phone.nextDumpFails("ERROR: null root node returned by UiTestAutomationBridge.");
    AndroidDevice device =
        device(AndroidOptions.DEFAULTS.withDumpMode(AndroidOptions.DumpMode.TTY));

    assertThatThrownBy(device::capture)
        .isInstanceOfSatisfying(DeviceException.class, e -> assertThat(e.retriable()).isTrue())
        .hasMessageContaining("null root node");
  }

  @Test
  void aDumpCutShortByAClosedConnectionIsRetriableAndNamesTheDevice() {
    phone.dump(TestData.bytes(SAMSUNG)).failNext("cat ", AdbFault.closeMidStream());

    assertThatThrownBy(device(AndroidOptions.DEFAULTS)::capture)
        .isInstanceOfSatisfying(DeviceException.class, e -> assertThat(e.retriable()).isTrue())
        .hasMessageContaining("android:R58M12345")
        .hasMessageContaining("cat /data/local/tmp/apex-uidump.xml")
        .hasMessageContaining("closed mid-stream");
  }

  @Test
  void aScreenshotCutShortIsRetriable() {
    phone.failNext("screencap", AdbFault.closeMidStream());

    assertThatThrownBy(device(AndroidOptions.DEFAULTS)::capture)
        .isInstanceOf(DeviceException.class)
        .hasMessageContaining("android:R58M12345")
        .hasMessageContaining("screencap -p")
        .hasMessageContaining("no IEND");
  }

  @Test
  void aConnectionDroppedBeforeAnyAnswerIsRetriable() {
    phone.failNext("uiautomator", AdbFault.dropConnection());

    assertThatThrownBy(device(AndroidOptions.DEFAULTS)::capture)
        .isInstanceOf(DeviceException.class)
        .hasMessageContaining("android:R58M12345")
        .hasMessageContaining("uiautomator dump")
        .hasMessageContaining("connection closed");
  }

  @Test
  void aServerFailForTheServiceIsKeptInTheError() {
    phone.failNext("screencap", AdbFault.fail("closed"));

    assertThatThrownBy(device(AndroidOptions.DEFAULTS)::capture)
        .isInstanceOf(DeviceException.class)
        .hasMessageContaining("refused 'exec:screencap -p': closed");
  }

  @Test
  void aDeviceThatVanishedIsARetriableError() {
    AndroidDevice device = device(AndroidOptions.DEFAULTS);
    adb.removeDevice("R58M12345");

    assertThatThrownBy(() -> device.tap(1, 2))
        .isInstanceOf(DeviceException.class)
        .hasMessageContaining("android:R58M12345")
        .hasMessageContaining("device 'R58M12345' not found");
  }

  @Test
  void aDumpThatNeverComesTimesOutNamingTheDeviceAndTheCommand() {
    phone.failNext("uiautomator", AdbFault.hang());
    AndroidDevice device =
        device(AndroidOptions.DEFAULTS.withCommandTimeout(Duration.ofMillis(300)));

    assertThatThrownBy(device::capture)
        .isInstanceOfSatisfying(DeviceException.class, e -> assertThat(e.retriable()).isTrue())
        .hasMessageContaining("android:R58M12345")
        .hasMessageContaining("'rm -f /data/local/tmp/apex-uidump.xml; uiautomator dump")
        .hasMessageContaining("did not finish within its deadline of 300 ms");
  }

  @Test
  void aMissingSuccessMarkerMeansTheDumpWasNotWritten() {
    phone.failNext("uiautomator", AdbFault.output("Killed\n"));

    assertThatThrownBy(device(AndroidOptions.DEFAULTS)::capture)
        .isInstanceOf(DeviceException.class)
        .hasMessageContaining("did not report success")
        .hasMessageContaining("Killed");
  }
}
