package dev.apex.testkit;

import dev.apex.core.DeviceException;
import dev.apex.core.RawCapture;
import dev.apex.core.ScreenSize;
import dev.apex.core.Sleeper;
import dev.apex.device.Device;
import dev.apex.device.Key;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * A device that fails on cue: it wraps a healthy {@link Device} and, as told, disconnects on the
 * Nth call or from a call on, fails the next N calls and then recovers, answers late through an
 * injected {@link Sleeper}, or serves a stale capture. Injected failures are {@link
 * DeviceException}s, which are retriable, exactly what a flaky real device throws. Every call is
 * recorded, faulted or not, so a test can assert what the code under test tried.
 *
 * <p>Calls are numbered from 1 in the order they arrive; {@link #id()} is not a call (it is
 * identity, not I/O) and {@link #close()} is recorded but never fails, as the port promises.
 * Thread-safe: every method is synchronized.
 */
public final class FaultyDevice implements Device {

  /** The device operations that can be faulted and are recorded. */
  public enum Op {
    CAPTURE,
    TAP,
    SWIPE,
    TYPE_TEXT,
    PRESS_KEY,
    LAUNCH_APP,
    TERMINATE_APP,
    CURRENT_APP,
    SCREEN_SIZE,
    CLOSE
  }

  /**
   * One recorded call.
   *
   * @param number its position among all calls, from 1
   * @param op what was called
   * @param args its arguments, in order
   * @param fault the injected failure's message, or null when the call went through
   */
  public record Call(int number, Op op, List<Object> args, String fault) {
    public Call {
      // Not List.copyOf: a recorded argument may be null (the delegate decides what null means).
      args = Collections.unmodifiableList(new ArrayList<>(args));
    }

    public boolean failed() {
      return fault != null;
    }
  }

  private final Device delegate;
  private final List<Call> calls = new ArrayList<>();
  private final Set<Integer> failingCalls = new HashSet<>();
  private int disconnectedFrom = Integer.MAX_VALUE;
  private int failNext;
  private Set<Op> failNextOps = Set.of();
  private int staleCaptures;
  private RawCapture lastCapture;
  private Duration delay = Duration.ZERO;
  private Sleeper sleeper;

  private FaultyDevice(Device delegate) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
  }

  /** A healthy pass-through until told otherwise. */
  public static FaultyDevice wrap(Device delegate) {
    return new FaultyDevice(delegate);
  }

  /** The call numbered {@code n} (counting from 1 since wrapping) fails once. */
  public synchronized FaultyDevice failOnCall(int n) {
    requirePositive(n, "n");
    failingCalls.add(n);
    return this;
  }

  /** Call {@code n} and every later one fail, as a cable pulled out, until {@link #reconnect()}. */
  public synchronized FaultyDevice disconnectFromCall(int n) {
    requirePositive(n, "n");
    disconnectedFrom = n;
    return this;
  }

  /** Every call from the next one fails, until {@link #reconnect()}. */
  public synchronized FaultyDevice disconnect() {
    disconnectedFrom = calls.size() + 1;
    return this;
  }

  public synchronized FaultyDevice reconnect() {
    disconnectedFrom = Integer.MAX_VALUE;
    return this;
  }

  /**
   * The next {@code n} calls (of the given ops, or of any op when none given) fail; then recovery.
   */
  public synchronized FaultyDevice failNext(int n, Op... ops) {
    if (n < 0) {
      throw new IllegalArgumentException("n must be >= 0, got " + n);
    }
    failNext = n;
    failNextOps = ops.length == 0 ? Set.of() : Set.copyOf(Arrays.asList(ops));
    return this;
  }

  /**
   * The next {@code n} captures return the last capture taken (one is taken first when there is
   * none), so the screen looks unchanged whatever happened on the device.
   */
  public synchronized FaultyDevice staleCaptures(int n) {
    if (n < 0) {
      throw new IllegalArgumentException("n must be >= 0, got " + n);
    }
    staleCaptures = n;
    return this;
  }

  /** Every call first waits {@code delay} on {@code sleeper} (a recording one in tests). */
  public synchronized FaultyDevice delayEachCall(Duration delay, Sleeper sleeper) {
    this.delay = Objects.requireNonNull(delay, "delay");
    this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
    return this;
  }

  /** Every call so far, in order. */
  public synchronized List<Call> calls() {
    return List.copyOf(calls);
  }

  /** The calls of one op, in order. */
  public synchronized List<Call> calls(Op op) {
    return calls.stream().filter(c -> c.op() == op).toList();
  }

  public Device delegate() {
    return delegate;
  }

  @Override
  public String id() {
    return delegate.id();
  }

  @Override
  public synchronized RawCapture capture() {
    return call(
        Op.CAPTURE,
        () -> {
          RawCapture stale = stale();
          if (stale != null) {
            return stale;
          }
          lastCapture = delegate.capture();
          return lastCapture;
        });
  }

  /** The same faults as {@link #capture()} (a stale capture serves the last full one). */
  @Override
  public synchronized RawCapture captureTree() {
    return call(
        Op.CAPTURE,
        () -> {
          RawCapture stale = stale();
          return stale != null ? stale : delegate.captureTree();
        });
  }

  /** The last full capture while stale captures are due (taking one first if none was), or null. */
  private RawCapture stale() {
    if (staleCaptures <= 0) {
      return null;
    }
    staleCaptures--;
    if (lastCapture == null) {
      lastCapture = delegate.capture();
    }
    return lastCapture;
  }

  @Override
  public synchronized void tap(int x, int y) {
    run(Op.TAP, () -> delegate.tap(x, y), x, y);
  }

  @Override
  public synchronized void swipe(int fromX, int fromY, int toX, int toY, Duration duration) {
    run(
        Op.SWIPE,
        () -> delegate.swipe(fromX, fromY, toX, toY, duration),
        fromX,
        fromY,
        toX,
        toY,
        duration);
  }

  @Override
  public synchronized void typeText(String text) {
    run(Op.TYPE_TEXT, () -> delegate.typeText(text), text);
  }

  @Override
  public synchronized void pressKey(Key key) {
    run(Op.PRESS_KEY, () -> delegate.pressKey(key), key);
  }

  @Override
  public synchronized void launchApp(String appId) {
    run(Op.LAUNCH_APP, () -> delegate.launchApp(appId), appId);
  }

  @Override
  public synchronized void terminateApp(String appId) {
    run(Op.TERMINATE_APP, () -> delegate.terminateApp(appId), appId);
  }

  @Override
  public synchronized Optional<String> currentApp() {
    return call(Op.CURRENT_APP, delegate::currentApp);
  }

  @Override
  public synchronized ScreenSize screenSize() {
    return call(Op.SCREEN_SIZE, delegate::screenSize);
  }

  /** Recorded, never faulted: the port promises close never throws. */
  @Override
  public synchronized void close() {
    calls.add(new Call(calls.size() + 1, Op.CLOSE, List.of(), null));
    delegate.close();
  }

  private void run(Op op, Runnable action, Object... args) {
    call(
        op,
        () -> {
          action.run();
          return null;
        },
        args);
  }

  private <T> T call(Op op, Supplier<T> action, Object... args) {
    int number = calls.size() + 1;
    String fault = faultFor(number, op);
    calls.add(new Call(number, op, Arrays.asList(args), fault));
    if (delay.compareTo(Duration.ZERO) > 0) {
      try {
        sleeper.sleep(delay);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new DeviceException(id(), "interrupted while answering slowly", e);
      }
    }
    if (fault != null) {
      throw new DeviceException(id(), fault);
    }
    return action.get();
  }

  /** Which injected fault, if any, hits this call; consumes one-shot faults. */
  private String faultFor(int number, Op op) {
    String where = " (call " + number + ", " + op + ")";
    if (number >= disconnectedFrom) {
      return "injected fault: device disconnected" + where;
    }
    if (failingCalls.remove(number)) {
      return "injected fault: call failed" + where;
    }
    if (failNext > 0 && (failNextOps.isEmpty() || failNextOps.contains(op))) {
      failNext--;
      return "injected fault: call failed, " + failNext + " more to fail" + where;
    }
    return null;
  }

  private static void requirePositive(int n, String name) {
    if (n < 1) {
      throw new IllegalArgumentException(name + " must be >= 1 (calls count from 1), got " + n);
    }
  }
}
