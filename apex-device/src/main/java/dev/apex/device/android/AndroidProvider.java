package dev.apex.device.android;

import dev.apex.device.Device;
import dev.apex.device.DeviceOptions;
import dev.apex.device.DeviceProvider;
import dev.apex.device.DeviceSelector;
import java.util.Set;

/**
 * An Android phone through the adb server: {@code android} (the only one) or {@code
 * android:SERIAL}.
 */
public final class AndroidProvider implements DeviceProvider {
  @Override
  public Set<String> kinds() {
    return Set.of("android");
  }

  @Override
  public Device open(DeviceSelector selector, DeviceOptions options) {
    AdbAddress address =
        options.adb() != null
            ? AdbAddress.parse(options.adb())
            : AdbAddress.fromEnvironment(options.env());
    return AndroidDevice.connect(address, selector.argument(), AndroidOptions.of(options.limits()));
  }
}
