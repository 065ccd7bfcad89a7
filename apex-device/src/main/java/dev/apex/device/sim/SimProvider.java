package dev.apex.device.sim;

import dev.apex.core.InvalidInputException;
import dev.apex.device.Device;
import dev.apex.device.DeviceListing;
import dev.apex.device.DeviceOptions;
import dev.apex.device.DeviceProbe;
import dev.apex.device.DeviceProvider;
import dev.apex.device.DeviceSelector;
import java.util.List;
import java.util.Set;

/**
 * The built-in simulated phone: {@code sim}, or {@code sim:VARIANT} for one of its drift variants
 * ({@link SimApps#DRIFTS}), the same apps as real apps drift under a recorded flow.
 */
public final class SimProvider implements DeviceProvider {
  @Override
  public Set<String> kinds() {
    return Set.of("sim");
  }

  @Override
  public void validate(DeviceSelector selector) {
    if (selector.argument() != null) {
      SimApps.drift(selector.argument()); // names the variants when it is not one
      return;
    }
    if (!selector.text().equals("sim")) {
      throw new InvalidInputException(
          "unknown device '"
              + selector.text()
              + "': the simulated phone is 'sim' or 'sim:VARIANT'");
    }
  }

  @Override
  public Device open(DeviceSelector selector, DeviceOptions options) {
    return selector.argument() == null
        ? SimDevice.create()
        : SimDevice.create(SimApps.drift(selector.argument()), java.time.Clock.systemDefaultZone());
  }

  /** The sim is always there: listed ready with no I/O. */
  @Override
  public List<DeviceProbe> probes(DeviceOptions options) {
    return List.of(
        DeviceProbe.known(DeviceListing.ready("sim", "sim", "the built-in simulated phone")));
  }
}
