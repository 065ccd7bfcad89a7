package dev.apex.runtime.planner;

import dev.apex.device.Device;
import dev.apex.device.ForwardingDevice;
import dev.apex.device.Key;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Passes everything to a device and records each action as a line, e.g. {@code launch X}. */
final class CountingDevice extends ForwardingDevice {

  final List<String> actions = new ArrayList<>();

  CountingDevice(Device device) {
    super(device);
  }

  long count(String prefix) {
    return actions.stream().filter(a -> a.startsWith(prefix)).count();
  }

  @Override
  public void tap(int x, int y) {
    actions.add("tap " + x + "," + y);
    super.tap(x, y);
  }

  @Override
  public void swipe(int fromX, int fromY, int toX, int toY, Duration duration) {
    actions.add("swipe");
    super.swipe(fromX, fromY, toX, toY, duration);
  }

  @Override
  public void typeText(String text) {
    actions.add("type " + text.length());
    super.typeText(text);
  }

  @Override
  public void pressKey(Key key) {
    actions.add("key " + key);
    super.pressKey(key);
  }

  @Override
  public void launchApp(String appId) {
    actions.add("launch " + appId);
    super.launchApp(appId);
  }

  @Override
  public void terminateApp(String appId) {
    actions.add("terminate " + appId);
    super.terminateApp(appId);
  }
}
