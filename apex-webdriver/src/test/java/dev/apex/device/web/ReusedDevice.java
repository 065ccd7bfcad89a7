package dev.apex.device.web;

import dev.apex.core.RawCapture;
import dev.apex.core.ScreenSize;
import dev.apex.device.Device;
import dev.apex.device.Key;
import java.time.Duration;
import java.util.Optional;

/**
 * A fresh-looking device over one shared browser session: it starts on the given page and its
 * {@code close()} releases it without ending the session, so a contract suite that wants a new
 * device per test does not start Chromium per test. Every other call goes to the real device.
 */
final class ReusedDevice implements Device {

  private final WebDevice shared;
  private boolean closed;

  ReusedDevice(WebDevice shared, String startUrl) {
    this.shared = shared;
    shared.navigate(startUrl);
  }

  @Override
  public String id() {
    return shared.id();
  }

  @Override
  public RawCapture capture() {
    return shared.capture();
  }

  @Override
  public void tap(int x, int y) {
    shared.tap(x, y);
  }

  @Override
  public void swipe(int fromX, int fromY, int toX, int toY, Duration duration) {
    shared.swipe(fromX, fromY, toX, toY, duration);
  }

  @Override
  public void typeText(String text) {
    shared.typeText(text);
  }

  @Override
  public void pressKey(Key key) {
    shared.pressKey(key);
  }

  @Override
  public void launchApp(String appId) {
    shared.launchApp(appId);
  }

  @Override
  public void terminateApp(String appId) {
    shared.terminateApp(appId);
  }

  @Override
  public Optional<String> currentApp() {
    return shared.currentApp();
  }

  @Override
  public ScreenSize screenSize() {
    return shared.screenSize();
  }

  @Override
  public void close() {
    closed = true;
  }

  boolean closed() {
    return closed;
  }
}
