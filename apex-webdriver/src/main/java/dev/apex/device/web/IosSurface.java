package dev.apex.device.web;

import dev.apex.core.TreeFormat;
import dev.apex.device.Key;
import java.util.Map;
import java.util.Optional;

/**
 * An Appium XCUITest session: the source and actions speak points, screenshots pixels. BACK is
 * Appium's back (XCUITest taps the navigation bar's back button), HOME the hardware button.
 */
final class IosSurface extends AppiumSurface {

  IosSurface(WebSession driver, String deviceId) {
    super(driver, deviceId);
  }

  @Override
  WebPlatform platform() {
    return WebPlatform.IOS;
  }

  @Override
  TreeFormat format() {
    return TreeFormat.WDA_XML;
  }

  @Override
  String appIdArgument() {
    return "bundleId";
  }

  @Override
  String appIdKind() {
    return "bundle id";
  }

  @Override
  void pressKey(Key key) {
    switch (key) {
      case BACK -> driver.navigate().back();
      case HOME -> driver.executeScript("mobile: pressButton", Map.of("name", "home"));
      case ENTER -> driver.switchTo().activeElement().sendKeys("\n");
    }
  }

  @Override
  Optional<String> currentApp() {
    Object info = driver.executeScript("mobile: activeAppInfo");
    if (info instanceof Map<?, ?> map
        && map.get("bundleId") instanceof String id
        && !id.isBlank()) {
      return Optional.of(id);
    }
    return Optional.empty();
  }
}
