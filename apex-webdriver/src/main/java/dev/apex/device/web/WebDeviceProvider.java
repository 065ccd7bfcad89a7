package dev.apex.device.web;

import dev.apex.device.Device;
import dev.apex.device.DeviceOptions;
import dev.apex.device.DeviceProvider;
import dev.apex.device.DeviceSelector;
import java.util.Optional;
import java.util.Set;

/**
 * {@code web[:URL]} (local Chromium through chromedriver) and {@code webdriver:ENDPOINT} (a
 * Selenium Grid or Appium server) as a {@link DeviceProvider}. Registered in {@code
 * META-INF/services}.
 */
public final class WebDeviceProvider implements DeviceProvider {

  @Override
  public Set<String> kinds() {
    return Set.of(WebDevices.WEB, "webdriver");
  }

  @Override
  public Device open(DeviceSelector selector, DeviceOptions options) {
    return WebDevices.open(
        selector.text(),
        Optional.ofNullable(options.capabilities()),
        WebConfig.defaults().withLimits(options.limits()));
  }
}
