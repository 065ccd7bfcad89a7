package dev.apex.device.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.RawCapture;
import dev.apex.core.TreeFormat;
import dev.apex.device.Device;
import dev.apex.device.Gestures;
import dev.apex.testkit.DeviceContract;
import dev.apex.testkit.DeviceContractFixture;
import dev.apex.testkit.FakeClock;

/** The shared Device contract, run against the sim. */
class SimDeviceContractTest extends DeviceContract {

  @Override
  protected Device createDevice() {
    return SimDevice.create(new FakeClock());
  }

  @Override
  protected DeviceContractFixture fixture() {
    return DeviceContractFixture.builder(TreeFormat.UIAUTOMATOR_XML)
        .knownApp("com.android.settings")
        .unknownApp("com.example.not.installed")
        .safeTap(360, 1500)
        .supports(Gestures.LongPress.class, Gestures.Drag.class)
        .build();
  }

  /** Perception's parser lands in another branch; a standard XML parser stands in for now. */
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
