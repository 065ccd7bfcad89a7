package dev.apex.bench;

import dev.apex.core.RawCapture;
import dev.apex.core.ScreenSize;
import dev.apex.device.Device;
import dev.apex.device.Key;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * A {@link Device} that adds up the time spent inside the device it wraps — by the wall clock and
 * by the calling thread's CPU time — so a loop's time can be split into the device's and the
 * runtime's. Not thread-safe, like every device.
 */
final class TimedDevice implements Device {

  private final Device device;
  private final LongSupplier wallClock;
  private final LongSupplier cpuClock;
  private long nanos;
  private long cpuNanos;
  private int calls;
  private long lastCaptureNanos;

  /** Timed by {@link System#nanoTime()} and the calling thread's CPU time. */
  TimedDevice(Device device) {
    this(device, System::nanoTime, Harness::cpuNow);
  }

  /** With the clocks given, in nanoseconds (tests pass fake ones). */
  TimedDevice(Device device, LongSupplier wallClock, LongSupplier cpuClock) {
    this.device = Objects.requireNonNull(device, "device");
    this.wallClock = Objects.requireNonNull(wallClock, "wallClock");
    this.cpuClock = Objects.requireNonNull(cpuClock, "cpuClock");
  }

  /** Wall-clock time spent inside the wrapped device so far, in nanoseconds. */
  long nanos() {
    return nanos;
  }

  /** The calling thread's CPU time spent inside the wrapped device so far, in nanoseconds. */
  long cpuNanos() {
    return cpuNanos;
  }

  /** Wall-clock time the last capture took, in nanoseconds. */
  long lastCaptureNanos() {
    return lastCaptureNanos;
  }

  /** Calls made to the wrapped device so far. */
  int calls() {
    return calls;
  }

  private <T> T timed(Supplier<T> call) {
    long cpuStart = cpuClock.getAsLong();
    long start = wallClock.getAsLong();
    try {
      return call.get();
    } finally {
      nanos += wallClock.getAsLong() - start;
      cpuNanos += cpuClock.getAsLong() - cpuStart;
      calls++;
    }
  }

  private void timed(Runnable call) {
    timed(
        () -> {
          call.run();
          return null;
        });
  }

  @Override
  public String id() {
    return device.id();
  }

  @Override
  public RawCapture capture() {
    long before = nanos;
    try {
      return timed(device::capture);
    } finally {
      lastCaptureNanos = nanos - before;
    }
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
