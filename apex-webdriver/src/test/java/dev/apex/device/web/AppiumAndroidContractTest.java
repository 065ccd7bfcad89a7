package dev.apex.device.web;

import dev.apex.core.TreeFormat;
import java.util.Map;

/** The Device contract over Appium UiAutomator2, replaying the shared Android variant. */
class AppiumAndroidContractTest extends AppiumContract {

  @Override
  FakeAppium start() throws Exception {
    return new FakeAppium(
        AppiumDeviceTest.ANDROID_APPS,
        Map.of("platformName", "Android", "automationName", "UiAutomator2"),
        source("android-appium-variant/shirates_appium_uia2_settings_top_1080x2088.xml"),
        1080,
        2088,
        1080,
        2088);
  }

  @Override
  String knownApp() {
    return "com.android.settings";
  }

  @Override
  TreeFormat format() {
    return TreeFormat.APPIUM_UIA2_XML;
  }

  @Override
  String rootTag() {
    return "hierarchy";
  }
}
