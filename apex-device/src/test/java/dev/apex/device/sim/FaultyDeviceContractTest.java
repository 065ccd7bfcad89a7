package dev.apex.device.sim;

import dev.apex.core.TreeFormat;
import dev.apex.device.Device;
import dev.apex.testkit.DeviceContract;
import dev.apex.testkit.DeviceContractFixture;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.FaultyDevice;

/** A FaultyDevice with no fault armed is a faithful pass-through: it honours the contract too. */
class FaultyDeviceContractTest extends DeviceContract {

  @Override
  protected Device createDevice() {
    return FaultyDevice.wrap(SimDevice.create(new FakeClock()));
  }

  @Override
  protected DeviceContractFixture fixture() {
    return DeviceContractFixture.builder(TreeFormat.UIAUTOMATOR_XML)
        .knownApp("com.apex.sim.notes")
        .build();
  }
}
