package dev.apex.device;

import dev.apex.core.InvalidInputException;
import dev.apex.device.android.AdbAddress;
import dev.apex.device.android.AndroidDevice;
import dev.apex.device.android.AndroidOptions;
import dev.apex.device.ios.IosDevice;
import dev.apex.device.ios.IosOptions;
import dev.apex.device.sim.SimDevice;
import java.util.Set;

/**
 * The device kinds of this module as {@link DeviceProvider}s: {@code sim}, {@code android[:SERIAL]}
 * and {@code ios[:WDA_URL]}. Registered in {@code META-INF/services}.
 */
public final class DriverProviders {

  private DriverProviders() {}

  /** The built-in simulated phone; takes no argument. */
  public static final class Sim implements DeviceProvider {
    @Override
    public Set<String> kinds() {
      return Set.of("sim");
    }

    @Override
    public void validate(DeviceSelector selector) {
      if (selector.argument() != null || !selector.text().equals("sim")) {
        throw new InvalidInputException(
            "unknown device '" + selector.text() + "': the simulated phone is just 'sim'");
      }
    }

    @Override
    public Device open(DeviceSelector selector, DeviceOptions options) {
      return SimDevice.create();
    }
  }

  /**
   * An Android phone through the adb server: {@code android} (the only one) or {@code
   * android:SERIAL}.
   */
  public static final class Android implements DeviceProvider {
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
      return AndroidDevice.connect(
          address, selector.argument(), AndroidOptions.of(options.limits()));
    }
  }

  /** An iPhone through WebDriverAgent: {@code ios} (127.0.0.1:8100) or {@code ios:URL}. */
  public static final class Ios implements DeviceProvider {
    @Override
    public Set<String> kinds() {
      return Set.of("ios");
    }

    @Override
    public Device open(DeviceSelector selector, DeviceOptions options) {
      return IosDevice.connect(selector.argument(), IosOptions.of(options.limits()));
    }
  }
}
