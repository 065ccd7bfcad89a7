package dev.apex.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.DeviceException;
import dev.apex.device.Key;
import dev.apex.testkit.FakeDevice;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

class TimedDeviceTest {

  /** A clock that moves {@code step} nanoseconds each time it is read. */
  private static LongSupplier ticking(long step) {
    long[] now = {0};
    return () -> now[0] += step;
  }

  @Test
  void delegatesEveryCallAndAddsUpTheTimeInside() {
    FakeDevice fake = new FakeDevice().install("app");
    TimedDevice device = new TimedDevice(fake, ticking(10), ticking(3));

    device.launchApp("app");
    device.tap(1, 2);
    device.pressKey(Key.BACK);
    device.capture();

    assertThat(fake.events())
        .containsExactly(
            new FakeDevice.LaunchApp("app"),
            new FakeDevice.Tap(1, 2),
            new FakeDevice.PressKey(Key.BACK));
    assertThat(fake.captures()).isEqualTo(1);
    assertThat(device.calls()).isEqualTo(4);
    assertThat(device.nanos()).isEqualTo(40);
    assertThat(device.cpuNanos()).isEqualTo(12);
  }

  @Test
  void countsTheTimeOfACallThatThrows() {
    FakeDevice fake = new FakeDevice().failNext(1);
    TimedDevice device = new TimedDevice(fake, ticking(10), ticking(3));

    assertThatThrownBy(device::capture).isInstanceOf(DeviceException.class);

    assertThat(device.calls()).isEqualTo(1);
    assertThat(device.nanos()).isEqualTo(10);
  }
}
