package dev.apex.device.android;

import dev.apex.device.Device;
import dev.apex.device.DeviceOptions;
import dev.apex.device.DeviceProbe;
import dev.apex.device.DeviceProvider;
import dev.apex.device.DeviceSelector;
import java.util.List;
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
    return AndroidDevice.connect(
        address(options), selector.argument(), AndroidOptions.of(options.limits()));
  }

  /**
   * {@code android:SERIAL} of the phone the selector picks (the only one attached for a bare {@code
   * android}), asked of the adb server's {@code host:devices}.
   */
  @Override
  public String identity(DeviceSelector selector, DeviceOptions options) {
    AndroidOptions android = AndroidOptions.of(options.limits());
    AdbServerClient client =
        new AdbServerClient(
            address(options),
            android.connectTimeout(),
            android.commandTimeout(),
            android.maxCaptureBytes());
    return "android:" + new AdbDevices(client).select(selector.argument()).serial();
  }

  /** The adb server's {@code host:devices}: every phone it sees, each with what to do if needed. */
  @Override
  public List<DeviceProbe> probes(DeviceOptions options) {
    AdbAddress address = address(options);
    return List.of(
        new DeviceProbe("android", "android", deadline -> AdbListing.list(address, deadline)));
  }

  private static AdbAddress address(DeviceOptions options) {
    return options.adb() != null
        ? AdbAddress.parse(options.adb())
        : AdbAddress.fromEnvironment(options.env());
  }
}
