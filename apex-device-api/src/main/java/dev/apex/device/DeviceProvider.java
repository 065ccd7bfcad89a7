package dev.apex.device;

import java.util.Set;

/**
 * Opens the devices of some kinds from their selectors. Each driver module registers its providers
 * with {@link java.util.ServiceLoader} in {@code META-INF/services/dev.apex.device.DeviceProvider}
 * ({@code apex-device}: {@code sim}, {@code android}, {@code ios}; {@code apex-webdriver}: {@code
 * web}, {@code webdriver}); {@link DeviceProviders} finds them, so nothing above the port names a
 * driver.
 */
public interface DeviceProvider {

  /** The selector kinds this provider opens: the part before the first {@code :}. */
  Set<String> kinds();

  /**
   * Checks a selector of one of {@link #kinds()} without connecting.
   *
   * @throws dev.apex.core.InvalidInputException naming what is wrong with it
   */
  default void validate(DeviceSelector selector) {}

  /**
   * Opens the device.
   *
   * @throws dev.apex.core.InvalidInputException for a malformed selector or option
   * @throws dev.apex.core.DeviceException when the device cannot be reached
   */
  Device open(DeviceSelector selector, DeviceOptions options);

  /**
   * Which device {@code selector} names, as a key two selectors of one device share, so a caller
   * that lets one user at a time on a device (the console) knows {@code android} and {@code
   * android:SERIAL} for the only phone attached are the same phone. May ask the device's server
   * (bounded by the options' deadline) but opens nothing. Default: the selector's own text.
   *
   * @throws dev.apex.core.InvalidInputException when the selector names no device, as {@link #open}
   *     would
   * @throws dev.apex.core.DeviceException when the device's server cannot be reached
   */
  default String identity(DeviceSelector selector, DeviceOptions options) {
    return selector.text();
  }

  /**
   * What {@link DeviceEnumeration} asks to list this provider's devices, without opening any: the
   * adb server's phones, the configured WebDriverAgent or WebDriver endpoints. Cheap to call (no
   * I/O here: the probes do it). Default: none.
   */
  default java.util.List<DeviceProbe> probes(DeviceOptions options) {
    return java.util.List.of();
  }
}
