package dev.apex.runtime.planner;

import dev.apex.core.RawCapture;
import dev.apex.core.ScreenSize;
import dev.apex.device.Device;
import dev.apex.device.Key;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Passes everything to a device and records each action as a line, e.g. {@code launch X}. */
final class CountingDevice implements Device {

  private final Device device;
  final List<String> actions = new ArrayList<>();

  CountingDevice(Device device) {
    this.device = device;
  }

  long count(String prefix) {
    return actions.stream().filter(a -> a.startsWith(prefix)).count();
  }

  @Override
  public String id() {
    return device.id();
  }

  @Override
  public RawCapture capture() {
    return device.capture();
  }

  @Override
  public void tap(int x, int y) {
    actions.add("tap " + x + "," + y);
    device.tap(x, y);
  }

  @Override
  public void swipe(int fromX, int fromY, int toX, int toY, Duration duration) {
    actions.add("swipe");
    device.swipe(fromX, fromY, toX, toY, duration);
  }

  @Override
  public void typeText(String text) {
    actions.add("type " + text.length());
    device.typeText(text);
  }

  @Override
  public void pressKey(Key key) {
    actions.add("key " + key);
    device.pressKey(key);
  }

  @Override
  public void launchApp(String appId) {
    actions.add("launch " + appId);
    device.launchApp(appId);
  }

  @Override
  public void terminateApp(String appId) {
    actions.add("terminate " + appId);
    device.terminateApp(appId);
  }

  @Override
  public Optional<String> currentApp() {
    return device.currentApp();
  }

  @Override
  public ScreenSize screenSize() {
    return device.screenSize();
  }

  @Override
  public void close() {
    device.close();
  }
}
