package dev.apex.device.ios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.RawCapture;
import dev.apex.core.TreeFormat;
import dev.apex.device.Device;
import dev.apex.device.Gestures;
import dev.apex.testkit.DeviceContract;
import dev.apex.testkit.DeviceContractFixture;
import dev.apex.testkit.TestData;
import dev.apex.testkit.wda.FakeWda;
import org.junit.jupiter.api.AfterEach;

/** The shared Device contract, run against the iOS driver and a fake WebDriverAgent. */
class IosDeviceContractTest extends DeviceContract {

  private FakeWda wda;

  @Override
  protected Device createDevice() {
    // The dump first: without the shared data the test is skipped before a server starts.
    byte[] source = TestData.bytes("ios/shirates_settings_top_390x844.xml");
    wda = FakeWda.start().screen(390, 844, 3).source(source);
    return IosDevice.connect(wda.url(), IosOptions.DEFAULTS);
  }

  @AfterEach
  void stopServer() {
    if (wda != null) {
      wda.close();
    }
  }

  @Override
  protected DeviceContractFixture fixture() {
    return DeviceContractFixture.builder(TreeFormat.WDA_XML)
        .knownApp("com.apple.Preferences")
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
