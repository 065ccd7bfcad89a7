package dev.apex.device;

import dev.apex.core.RawCapture;
import dev.apex.core.ScreenSize;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * A {@link Device} that passes every call to another one. Extend it to change or observe a few
 * calls (count taps, run a hook before a capture, keep a shared session open on close) without
 * writing out the rest of the port.
 */
public abstract class ForwardingDevice implements Device {

  private final Device delegate;

  protected ForwardingDevice(Device delegate) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
  }

  /** The device calls go to. */
  protected Device delegate() {
    return delegate;
  }

  @Override
  public String id() {
    return delegate.id();
  }

  /**
   * The wrapped device's role: a wrapper that only observes the port does not hide the gestures of
   * the device behind it. Override to intercept one.
   */
  @Override
  public <T> Optional<T> role(Class<T> role) {
    return delegate.role(role);
  }

  @Override
  public RawCapture capture() {
    return delegate.capture();
  }

  /**
   * The wrapped device's tree-only capture. A wrapper that intercepts {@link #capture()} (to count
   * it, fail it, run a hook) intercepts this too.
   */
  @Override
  public RawCapture captureTree() {
    return delegate.captureTree();
  }

  @Override
  public void tap(int x, int y) {
    delegate.tap(x, y);
  }

  @Override
  public void swipe(int fromX, int fromY, int toX, int toY, Duration duration) {
    delegate.swipe(fromX, fromY, toX, toY, duration);
  }

  @Override
  public void typeText(String text) {
    delegate.typeText(text);
  }

  @Override
  public void pressKey(Key key) {
    delegate.pressKey(key);
  }

  @Override
  public void launchApp(String appId) {
    delegate.launchApp(appId);
  }

  @Override
  public void terminateApp(String appId) {
    delegate.terminateApp(appId);
  }

  @Override
  public Optional<String> currentApp() {
    return delegate.currentApp();
  }

  @Override
  public ScreenSize screenSize() {
    return delegate.screenSize();
  }

  @Override
  public void close() {
    delegate.close();
  }
}
