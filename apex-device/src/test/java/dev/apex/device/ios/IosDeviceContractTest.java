package dev.apex.device.ios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.RawCapture;
import dev.apex.core.TreeFormat;
import dev.apex.device.Device;
import dev.apex.testkit.DeviceContract;
import dev.apex.testkit.DeviceContractFixture;
import dev.apex.testkit.TestData;
import dev.apex.testkit.wda.FakeWda;
import java.io.ByteArrayInputStream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.AfterEach;
import org.w3c.dom.Element;

/** The shared Device contract, run against the iOS driver and a fake WebDriverAgent. */
class IosDeviceContractTest extends DeviceContract {

  private FakeWda wda;

  @Override
  protected Device createDevice() {
    wda =
        FakeWda.start()
            .screen(390, 844, 3)
            .source(TestData.bytes("ios/shirates_settings_top_390x844.xml"));
    return IosDevice.connect(wda.url(), IosOptions.DEFAULTS);
  }

  @AfterEach
  void stopServer() {
    wda.close();
  }

  @Override
  protected DeviceContractFixture fixture() {
    return DeviceContractFixture.builder(TreeFormat.WDA_XML)
        .knownApp("com.apple.Preferences")
        .build();
  }

  /** Perception's parser lands from another branch; a standard XML parser stands in here. */
  @Override
  protected void assertTreeReadable(RawCapture capture) {
    try {
      Element root =
          DocumentBuilderFactory.newInstance()
              .newDocumentBuilder()
              .parse(new ByteArrayInputStream(capture.tree()))
              .getDocumentElement();
      assertThat(
              root.getElementsByTagName("XCUIElementTypeApplication").getLength()
                  + (root.getTagName().equals("XCUIElementTypeApplication") ? 1 : 0))
          .isPositive();
    } catch (Exception e) {
      throw new AssertionError("the capture's tree does not parse as XML", e);
    }
  }
}
