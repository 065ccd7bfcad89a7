package dev.apex.device.sim;

import dev.apex.core.InvalidInputException;
import dev.apex.device.Device;
import dev.apex.device.DeviceOptions;
import dev.apex.device.DeviceProvider;
import dev.apex.device.DeviceSelector;
import java.util.Set;

/** The built-in simulated phone; takes no argument. */
public final class SimProvider implements DeviceProvider {
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
