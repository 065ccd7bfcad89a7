package dev.apex.bench;

import dev.apex.core.RawCapture;
import dev.apex.core.ScreenSize;
import dev.apex.device.Device;
import dev.apex.device.Key;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A {@link Device} that adds up the time spent inside the device it wraps, so a loop's wall time
 * can be split into the device's and the runtime's. Not thread-safe, like every device.
 */
final class TimedDevice implements Device {

  private final Device device;
  private long nanos;
  private int calls;

  TimedDevice(Device device) {
    this.device = Objects.requireNonNull(device, "device");
  }

  /** Time spent inside the wrapped device so far, in nanoseconds. */
  long nanos() {
    return nanos;
  }

  /** Calls made to the wrapped device so far. */
  int calls() {
    return calls;
  }

  private <T> T timed(Supplier<T> call) {
    long start = System.nanoTime();
    try {
      return call.get();
    } finally {
      nanos += System.nanoTime() - start;
      calls++;
    }
  }

  private void timed(Runnable call) {
    long start = System.nanoTime();
    try {
      call.run();
    } finally {
      nanos += System.nanoTime() - start;
      calls++;
    }
  }

  @Override
  public String id() {
    return device.id();
  }

  @Override
  public RawCapture capture() {
    return timed(device::capture);
  }

  @Override
  public void tap(int x, int y) {
    timed(() -> device.tap(x, y));
  }

  @Override
  public void swipe(int fromX, int fromY, int toX, int toY, Duration duration) {
    timed(() -> device.swipe(fromX, fromY, toX, toY, duration));
  }

  @Override
  public void typeText(String text) {
    timed(() -> device.typeText(text));
  }

  @Override
  public void pressKey(Key key) {
    timed(() -> device.pressKey(key));
  }

  @Override
  public void launchApp(String appId) {
    timed(() -> device.launchApp(appId));
  }

  @Override
  public void terminateApp(String appId) {
    timed(() -> device.terminateApp(appId));
  }

  @Override
  public Optional<String> currentApp() {
    return timed(device::currentApp);
  }

  @Override
  public ScreenSize screenSize() {
    return timed(device::screenSize);
  }

  @Override
  public void close() {
    timed(device::close);
  }
}
