package dev.apex.device.web;

import dev.apex.core.TreeFormat;
import dev.apex.device.Key;
import java.util.Map;
import java.util.Optional;

/** An Appium UiAutomator2 session: pixels throughout, keys as Android key codes. */
final class AndroidSurface extends AppiumSurface {

  private static final int KEYCODE_HOME = 3;
  private static final int KEYCODE_ENTER = 66;

  AndroidSurface(WebSession driver, String deviceId) {
    super(driver, deviceId);
  }

  @Override
  WebPlatform platform() {
    return WebPlatform.ANDROID;
  }

  @Override
  TreeFormat format() {
    return TreeFormat.APPIUM_UIA2_XML;
  }

  @Override
  String appIdArgument() {
    return "appId";
  }

  @Override
  String appIdKind() {
    return "package name";
  }

  @Override
  void pressKey(Key key) {
    switch (key) {
      case BACK -> driver.navigate().back();
      case HOME -> driver.executeScript("mobile: pressKey", Map.of("keycode", KEYCODE_HOME));
      case ENTER -> driver.executeScript("mobile: pressKey", Map.of("keycode", KEYCODE_ENTER));
    }
  }

  @Override
  Optional<String> currentApp() {
    Object pkg = driver.executeScript("mobile: getCurrentPackage");
    return pkg instanceof String s && !s.isBlank() ? Optional.of(s) : Optional.empty();
  }
}
