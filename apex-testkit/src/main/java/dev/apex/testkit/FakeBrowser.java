package dev.apex.testkit;

import dev.apex.device.ForwardingDevice;
import dev.apex.device.Gestures;
import dev.apex.device.KeyStroke;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A browser tab over a {@link FakeDevice}: its history ({@link Gestures.Navigate}) and a full
 * keyboard ({@link Gestures.Keyboard}), each call recorded in {@link #calls} as {@code navigate
 * URL}, {@code back}, {@code forward}, {@code reload} or {@code press [MODIFIERS] KEY}. A test adds
 * further roles by extending it (they are offered through {@link #role} too).
 */
public class FakeBrowser extends ForwardingDevice implements Gestures.Navigate, Gestures.Keyboard {

  /** What the tab was asked to do, in order. */
  public final List<String> calls = new CopyOnWriteArrayList<>();

  private final FakeDevice inner;

  public FakeBrowser(FakeDevice inner) {
    super(inner);
    this.inner = inner;
  }

  /** The device it forwards to. */
  public FakeDevice inner() {
    return inner;
  }

  @Override
  public <T> Optional<T> role(Class<T> role) {
    return role.isInstance(this) ? Optional.of(role.cast(this)) : super.role(role);
  }

  @Override
  public void navigate(String url) {
    calls.add("navigate " + url);
  }

  @Override
  public void back() {
    calls.add("back");
  }

  @Override
  public void forward() {
    calls.add("forward");
  }

  @Override
  public void reload() {
    calls.add("reload");
  }

  @Override
  public void press(KeyStroke stroke) {
    calls.add("press " + stroke.modifiers() + " " + stroke.key());
  }
}
