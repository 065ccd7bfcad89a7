package dev.apex.testkit;

import dev.apex.core.DeviceException;
import dev.apex.core.InvalidInputException;
import dev.apex.core.RawCapture;
import dev.apex.core.ScreenSize;
import dev.apex.core.TreeFormat;
import dev.apex.device.Device;
import dev.apex.device.Key;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * A recording fake {@link Device}: every action is appended to {@link #events()} for a test to
 * assert on, screens are scripted, and the foreground app is tracked.
 *
 * <p>Screens: {@link #screens(RawCapture...)} plays captures in order, one per {@link #capture()},
 * repeating the last; {@link #screens(Function)} computes each capture from the device's {@link
 * State} (current app, events so far), for screens that react to taps. Without a script a capture
 * is an empty uiautomator hierarchy.
 *
 * <p>Apps: only installed apps ({@link #install}) can be launched; any other id fails with {@link
 * InvalidInputException}, as a real driver does. Faults: {@link #failNext(int)} makes the next
 * calls throw a retriable {@link DeviceException}, as a device that timed out would.
 *
 * <p>Thread-safe (every method is synchronized), though a task drives it from one thread.
 */
public final class FakeDevice implements Device {

  /** Something the device was asked to do, in the order it was asked. */
  public sealed interface Event permits Tap, Swipe, TypeText, PressKey, LaunchApp, TerminateApp {}

  /** A tap at screen pixels. */
  public record Tap(int x, int y) implements Event {}

  public record Swipe(int fromX, int fromY, int toX, int toY, Duration duration) implements Event {}

  public record TypeText(String text) implements Event {}

  public record PressKey(Key key) implements Event {}

  public record LaunchApp(String appId) implements Event {}

  public record TerminateApp(String appId) implements Event {}

  /**
   * What a screen script sees.
   *
   * @param currentApp the foreground app, or null
   * @param events every action so far, oldest first
   * @param captures how many captures came before this one
   */
  public record State(String currentApp, List<Event> events, int captures) {
    public State {
      events = List.copyOf(events);
    }

    /** The most recent event, or null before any. */
    public Event lastEvent() {
      return events.isEmpty() ? null : events.get(events.size() - 1);
    }
  }

  private static final String EMPTY_HIERARCHY =
      "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\"/>";

  private final String id;
  private final ScreenSize screenSize;
  private final Set<String> installed = new LinkedHashSet<>();
  private final List<Event> events = new ArrayList<>();
  private Function<State, RawCapture> script;
  private String currentApp;
  private int captures;
  private int treeCaptures;
  private int faultsLeft;
  private boolean closed;

  /** A fake called {@code fake} with a 1080x1920 pixel screen. */
  public FakeDevice() {
    this("fake", ScreenSize.pixels(1080, 1920));
  }

  public FakeDevice(String id, ScreenSize screenSize) {
    this.id = Objects.requireNonNull(id, "id");
    this.screenSize = Objects.requireNonNull(screenSize, "screenSize");
    this.script = state -> uiautomator(EMPTY_HIERARCHY);
  }

  /** Makes apps launchable. Returns this, for chaining. */
  public synchronized FakeDevice install(String... appIds) {
    installed.addAll(List.of(appIds));
    return this;
  }

  /** Plays these captures in order, one per capture, repeating the last. Returns this. */
  public synchronized FakeDevice screens(RawCapture... captures) {
    if (captures.length == 0) {
      throw new IllegalArgumentException("captures must not be empty");
    }
    List<RawCapture> list = List.of(captures);
    this.script = state -> list.get(Math.min(state.captures(), list.size() - 1));
    return this;
  }

  /** Computes each capture from the device's state. Returns this. */
  public synchronized FakeDevice screens(Function<State, RawCapture> script) {
    this.script = Objects.requireNonNull(script, "script");
    return this;
  }

  /** Makes the next {@code calls} device calls throw a retriable {@link DeviceException}. */
  public synchronized FakeDevice failNext(int calls) {
    if (calls < 0) {
      throw new IllegalArgumentException("calls must be >= 0, got " + calls);
    }
    this.faultsLeft = calls;
    return this;
  }

  /** A capture of this device holding uiautomator XML, without a screenshot. */
  public RawCapture uiautomator(String xml) {
    return new RawCapture(
        id, TreeFormat.UIAUTOMATOR_XML, xml.getBytes(StandardCharsets.UTF_8), null, screenSize);
  }

  /** Every action so far, oldest first. */
  public synchronized List<Event> events() {
    return List.copyOf(events);
  }

  /** The events of one kind, e.g. {@code events(Tap.class)}. */
  public synchronized <E extends Event> List<E> events(Class<E> kind) {
    return events.stream().filter(kind::isInstance).map(kind::cast).toList();
  }

  /** Captures so far, full and tree-only. */
  public synchronized int captures() {
    return captures;
  }

  /** Of those, the tree-only ones ({@link #captureTree()}): no screenshot taken. */
  public synchronized int treeCaptures() {
    return treeCaptures;
  }

  public synchronized boolean closed() {
    return closed;
  }

  @Override
  public String id() {
    return id;
  }

  @Override
  public synchronized RawCapture capture() {
    maybeFail("capture");
    RawCapture capture = script.apply(new State(currentApp, events, captures));
    captures++;
    return capture;
  }

  /** The scripted capture without its screenshot; counts as a capture and a tree capture. */
  @Override
  public synchronized RawCapture captureTree() {
    RawCapture capture = capture();
    treeCaptures++;
    return new RawCapture(
        capture.deviceId(), capture.format(), capture.tree(), null, capture.screen());
  }

  @Override
  public synchronized void tap(int x, int y) {
    maybeFail("tap");
    events.add(new Tap(x, y));
  }

  @Override
  public synchronized void swipe(int fromX, int fromY, int toX, int toY, Duration duration) {
    maybeFail("swipe");
    events.add(new Swipe(fromX, fromY, toX, toY, duration));
  }

  @Override
  public synchronized void typeText(String text) {
    maybeFail("typeText");
    events.add(new TypeText(Objects.requireNonNull(text, "text")));
  }

  @Override
  public synchronized void pressKey(Key key) {
    maybeFail("pressKey");
    events.add(new PressKey(Objects.requireNonNull(key, "key")));
    if (key == Key.HOME) {
      currentApp = null;
    }
  }

  @Override
  public synchronized void launchApp(String appId) {
    maybeFail("launchApp");
    requireInstalled(appId);
    events.add(new LaunchApp(appId));
    currentApp = appId;
  }

  @Override
  public synchronized void terminateApp(String appId) {
    maybeFail("terminateApp");
    requireInstalled(appId);
    events.add(new TerminateApp(appId));
    if (appId.equals(currentApp)) {
      currentApp = null;
    }
  }

  @Override
  public synchronized Optional<String> currentApp() {
    return Optional.ofNullable(currentApp);
  }

  @Override
  public ScreenSize screenSize() {
    return screenSize;
  }

  @Override
  public synchronized void close() {
    closed = true;
  }

  private void requireInstalled(String appId) {
    if (appId == null || !installed.contains(appId)) {
      throw new InvalidInputException(
          "app '"
              + appId
              + "' is not installed on "
              + id
              + ": use one of "
              + (installed.isEmpty() ? "(none installed)" : String.join(", ", installed)));
    }
  }

  private void maybeFail(String call) {
    if (faultsLeft > 0) {
      faultsLeft--;
      throw new DeviceException(id, call + " timed out (injected fault)");
    }
  }
}
