package dev.apex.device.ios;

import dev.apex.device.Device;
import dev.apex.device.DeviceOptions;
import dev.apex.device.DeviceProvider;
import dev.apex.device.DeviceSelector;
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
}
