package dev.apex.device.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.RawCapture;
import dev.apex.core.TreeFormat;
import dev.apex.device.Device;
import dev.apex.device.Gestures;
import dev.apex.testkit.DeviceContract;
import dev.apex.testkit.DeviceContractFixture;
import dev.apex.testkit.TestData;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.AfterAll;
import org.w3c.dom.Element;

/**
 * The shared Device contract over an Appium session: the real Selenium client against {@link
 * FakeAppium} on loopback, replaying a real page source. One server per class, keeping its app
 * state like a device does; a new session per test, as the suite wants, is cheap here.
 */
abstract class AppiumContract extends DeviceContract {

  private static FakeAppium appium;

  abstract FakeAppium start() throws Exception;

  abstract String knownApp();

  abstract TreeFormat format();

  /** The source's root element, as the format writes it. */
  abstract String rootTag();

  @AfterAll
  static void stopServer() {
    if (appium != null) {
      appium.close();
      appium = null;
    }
  }

  @Override
  protected Device createDevice() {
    if (appium == null) {
      try {
        appium = start();
      } catch (RuntimeException e) {
        throw e; // a skip for missing shared data stays a skip
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }
    return WebDevices.remote(
        appium.url(), Map.of("platformName", platform()), WebConfig.defaults());
  }

  private String platform() {
    return format() == TreeFormat.WDA_XML ? "iOS" : "Android";
  }

  @Override
  protected DeviceContractFixture fixture() {
    // A phone's finger long-presses and drags; it has no hover and no modifier keys.
    return DeviceContractFixture.builder(format())
        .knownApp(knownApp())
        .supports(Gestures.LongPress.class, Gestures.Drag.class)
        .build();
  }

  /** Perception's XML parsers live on another branch: a standard XML parser checks the form. */
  @Override
  protected void assertTreeReadable(RawCapture capture) {
    try {
      Element root =
          DocumentBuilderFactory.newInstance()
              .newDocumentBuilder()
              .parse(new ByteArrayInputStream(capture.tree()))
              .getDocumentElement();
      assertThat(root.getTagName()).isEqualTo(rootTag());
      assertThat(root.getElementsByTagName("*").getLength()).isGreaterThan(10);
    } catch (Exception e) {
      throw new AssertionError("the page source is not well-formed XML", e);
    }
  }

  static String source(String file) {
    return new String(TestData.bytes(file), StandardCharsets.UTF_8);
  }
}
