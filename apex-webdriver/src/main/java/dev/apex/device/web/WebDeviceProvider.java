package dev.apex.device.web;

import dev.apex.core.InvalidInputException;
import dev.apex.core.Secrets;
import dev.apex.device.Device;
import dev.apex.device.DeviceListing;
import dev.apex.device.DeviceOptions;
import dev.apex.device.DeviceProbe;
import dev.apex.device.DeviceProvider;
import dev.apex.device.DeviceSelector;
import dev.apex.device.DeviceState;
import dev.apex.device.StatusProbe;
import java.util.ArrayList;
import java.util.List;
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

  /**
   * {@code web} (local Chromium: ready when Chromium and chromedriver are installed; it takes a
   * URL) and each configured WebDriver endpoint ({@code device.webdriver_endpoints}), asked for its
   * {@code /status}.
   */
  @Override
  public List<DeviceProbe> probes(DeviceOptions options) {
    List<DeviceProbe> probes = new ArrayList<>();
    probes.add(
        new DeviceProbe(
            WebDevices.WEB,
            WebDevices.WEB,
            deadline -> {
              WebConfig config = WebConfig.defaults();
              try {
                Binaries.chromium(config);
                Binaries.chromedriver(config);
              } catch (InvalidInputException e) {
                return List.of(
                    new DeviceListing(
                        WebDevices.WEB,
                        WebDevices.WEB,
                        DeviceState.UNREACHABLE,
                        e.getMessage(),
                        true));
              }
              return List.of(
                  new DeviceListing(
                      WebDevices.WEB,
                      WebDevices.WEB,
                      DeviceState.READY,
                      "headless Chromium: give the page's URL",
                      true));
            }));
    for (String endpoint : options.webdriverEndpoints()) {
      String selector = "webdriver:" + Secrets.withoutUserInfo(endpoint);
      probes.add(
          new DeviceProbe(
              selector,
              "webdriver",
              deadline ->
                  List.of(
                      DeviceListing.ready(
                          selector,
                          "webdriver",
                          "WebDriver server: " + StatusProbe.ready(endpoint, deadline)))));
    }
    return probes;
  }
}
