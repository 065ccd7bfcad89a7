package dev.apex.device.web;

import dev.apex.core.TreeFormat;
import java.util.Map;

/** The Device contract over Appium XCUITest (points, scale 3), replaying a shared iOS source. */
class AppiumIosContractTest extends AppiumContract {

  @Override
  FakeAppium start() throws Exception {
    return new FakeAppium(
        AppiumDeviceTest.IOS_APPS,
        Map.of("platformName", "iOS", "automationName", "XCUITest"),
        source("ios/shirates_settings_keyboard_390x844.xml"),
        390,
        844,
        1170,
        2532);
  }

  @Override
  String knownApp() {
    return "com.apple.Preferences";
  }

  @Override
  TreeFormat format() {
    return TreeFormat.WDA_XML;
  }

  @Override
  String rootTag() {
    return "AppiumAUT";
  }
}
