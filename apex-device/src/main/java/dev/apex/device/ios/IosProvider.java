package dev.apex.device.ios;

import dev.apex.core.Secrets;
import dev.apex.device.Device;
import dev.apex.device.DeviceListing;
import dev.apex.device.DeviceOptions;
import dev.apex.device.DeviceProbe;
import dev.apex.device.DeviceProvider;
import dev.apex.device.DeviceSelector;
import dev.apex.device.StatusProbe;
import java.util.List;
import java.util.Set;

/** An iPhone through WebDriverAgent: {@code ios} (127.0.0.1:8100) or {@code ios:URL}. */
public final class IosProvider implements DeviceProvider {
  @Override
  public Set<String> kinds() {
    return Set.of("ios");
  }

  @Override
  public Device open(DeviceSelector selector, DeviceOptions options) {
    return IosDevice.connect(selector.argument(), IosOptions.of(options.limits()));
  }

  /**
   * {@code ios:URL} with the WebDriverAgent URL the selector reaches, trailing slash dropped: a
   * bare {@code ios} is {@code ios:}{@link IosDevice#DEFAULT_URL}.
   */
  @Override
  public String identity(DeviceSelector selector, DeviceOptions options) {
    String url = selector.argument();
    String reached = url == null || url.isBlank() ? IosDevice.DEFAULT_URL.toString() : url.strip();
    return "ios:" + (reached.endsWith("/") ? reached.substring(0, reached.length() - 1) : reached);
  }

  /** The configured WebDriverAgent ({@code device.wda_url}), asked for its {@code /status}. */
  @Override
  public List<DeviceProbe> probes(DeviceOptions options) {
    String url = options.wdaUrl();
    if (url == null) {
      return List.of();
    }
    String selector = "ios:" + Secrets.withoutUserInfo(url);
    return List.of(
        new DeviceProbe(
            selector,
            "ios",
            deadline ->
                List.of(
                    DeviceListing.ready(
                        selector, "ios", "WebDriverAgent: " + StatusProbe.ready(url, deadline)))));
  }
}
