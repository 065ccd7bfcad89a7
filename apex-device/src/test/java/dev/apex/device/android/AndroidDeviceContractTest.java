package dev.apex.device.android;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.RawCapture;
import dev.apex.core.TreeFormat;
import dev.apex.device.Device;
import dev.apex.device.Gestures;
import dev.apex.testkit.DeviceContract;
import dev.apex.testkit.DeviceContractFixture;
import dev.apex.testkit.TestData;
import dev.apex.testkit.adb.FakeAdbServer;
import org.junit.jupiter.api.AfterEach;

/** The shared Device contract, run against the Android driver and a fake adb server. */
class AndroidDeviceContractTest extends DeviceContract {

  private FakeAdbServer adb;

  @Override
  protected Device createDevice() {
    adb = FakeAdbServer.start();
    adb.addDevice("emulator-5554")
        .screenSize(1080, 2178)
        .dump(TestData.bytes("android/samsung_app_drawer_grid_1080x2178.xml"))
        .install("com.android.settings", ".Settings");
    return AndroidDevice.connect(
        AdbAddress.parse(adb.address()), "emulator-5554", AndroidOptions.DEFAULTS);
  }

  @AfterEach
  void stopServer() {
    adb.close();
  }

  @Override
  protected DeviceContractFixture fixture() {
    return DeviceContractFixture.builder(TreeFormat.UIAUTOMATOR_XML)
        .knownApp("com.android.settings")
        .supports(Gestures.LongPress.class, Gestures.Drag.class)
        .build();
  }

  /** Perception's parser lands from another branch; a standard XML parser stands in here. */
  @Override
  protected void assertTreeReadable(RawCapture capture) {
    // The real perception pipeline, as the runtime uses it: parse by format, build the Scene.
    assertThat(dev.apex.perception.TreeParsers.parse(capture).nodes()).isNotEmpty();
    assertThat(
            new dev.apex.perception.Perceiver(dev.apex.perception.OcrEngine.NONE)
                .observe(capture)
                .elements())
        .isNotEmpty();
  }
}
