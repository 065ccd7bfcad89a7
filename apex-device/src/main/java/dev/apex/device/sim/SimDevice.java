package dev.apex.device.sim;

import dev.apex.core.RawCapture;
import dev.apex.core.ScreenSize;
import dev.apex.core.TreeFormat;
import dev.apex.device.Device;
import dev.apex.device.Gestures;
import dev.apex.device.Key;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The simulated phone, id {@code sim}: the embedded default device, needing nothing installed. Its
 * apps (a launcher, Settings, Notes, Messages) are JSON data interpreted by a small engine; its
 * state (switches, notes, inbox, back stacks, foreground app) lives in this instance and starts at
 * the launcher.
 *
 * <p>{@link #capture()} renders the current screen as a real {@code uiautomator dump} (status bar
 * with an {@code HH:mm} clock from the injected {@link Clock}) and as a 720 × 1600 PNG drawn with
 * Java2D (a real HD+ phone resolution with under half the pixels of 1080 × 2400, so OCR and PNG
 * encoding stay quick while text stays 28–40 px tall). Rendering is deterministic; the last 16
 * rendered screens are cached, so capturing an unchanged screen costs a lookup and a copy (about
 * 0.1 ms, against about 14 ms to lay out, draw and encode a new one). Taps hit-test the laid-out
 * screen (the deepest clickable node under the point; a miss does nothing); swipes scroll a page
 * longer than the screen; text goes to the focused field.
 *
 * <p>Fast and in-process: no call sleeps or does I/O beyond the first load of the bundled apps.
 * Never throws {@link dev.apex.core.DeviceException}; an unknown app id throws {@link
 * dev.apex.core.InvalidInputException} naming the known ones. After {@link #close()} every call but
 * {@link #id()} and {@code close()} throws {@link IllegalStateException}. Not thread-safe, like
 * every {@link Device}.
 */
public final class SimDevice implements Device, Gestures.LongPress, Gestures.Drag {

  public static final String ID = "sim";
  public static final ScreenSize SCREEN = ScreenSize.pixels(SimStyle.WIDTH, SimStyle.HEIGHT);

  private static final int CACHE_SIZE = 16;
  private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm");

  private final Clock clock;
  private final SimState state;
  private final Map<SimScreen, Rendered> rendered =
      new LinkedHashMap<>(CACHE_SIZE, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<SimScreen, Rendered> eldest) {
          return size() > CACHE_SIZE;
        }
      };
  private boolean closed;

  private SimDevice(SimApps apps, Clock clock) {
    this.clock = Objects.requireNonNull(clock, "clock");
    this.state = new SimState(Objects.requireNonNull(apps, "apps"));
  }

  /** The default apps, with the system clock in the status bar. */
  public static SimDevice create() {
    return create(Clock.systemDefaultZone());
  }

  /** The default apps; {@code clock} sets the status bar's time (tests pass a fixed clock). */
  public static SimDevice create(Clock clock) {
    return create(SimApps.defaults(), clock);
  }

  public static SimDevice create(SimApps apps, Clock clock) {
    return new SimDevice(apps, clock);
  }

  @Override
  public String id() {
    return ID;
  }

  @Override
  public RawCapture capture() {
    SimScreen screen = screen();
    Rendered r =
        rendered.computeIfAbsent(
            screen, s -> new Rendered(UiAutomatorXml.write(s), SimPainter.png(s)));
    // Copies, so a caller writing into a capture cannot corrupt the cache.
    return new RawCapture(ID, TreeFormat.UIAUTOMATOR_XML, r.xml().clone(), r.png().clone(), SCREEN);
  }

  /** The uiautomator XML alone: a screen not rendered before is laid out but not painted. */
  @Override
  public RawCapture captureTree() {
    SimScreen screen = screen();
    Rendered r = rendered.get(screen);
    byte[] xml = r != null ? r.xml().clone() : UiAutomatorXml.write(screen);
    return new RawCapture(ID, TreeFormat.UIAUTOMATOR_XML, xml, null, SCREEN);
  }

  @Override
  public void tap(int x, int y) {
    screen().hit(x, y).ifPresent(node -> state.run(node.onTap()));
  }

  /**
   * Runs the {@code onLongPress} actions of the widget under the point (a context menu); a widget
   * with none does nothing, as a view with no long-click handler does.
   */
  @Override
  public void longPress(int x, int y, Duration duration) {
    Gestures.requireDuration("long press", duration);
    ensureOpen();
    screen()
        .hitLongPress(x, y)
        .map(SimNode::resourceId)
        .flatMap(this::widget)
        .ifPresent(w -> state.run(w.onLongPress()));
  }

  /**
   * A press held while it moves: on the page's scrolling content it scrolls, as a finger dragging a
   * list does; the sim has nothing to drop onto.
   */
  @Override
  public void drag(int fromX, int fromY, int toX, int toY, Duration duration) {
    Gestures.requireDuration("drag", duration);
    ensureOpen();
    swipe(fromX, fromY, toX, toY, duration);
  }

  /** The current page's widget with this resource id. */
  private java.util.Optional<SimWidget> widget(String resourceId) {
    if (resourceId.isEmpty()) {
      return java.util.Optional.empty();
    }
    String pkg = state.app().id();
    return state.page().widgets().stream()
        .filter(w -> resourceId.equals(SimWidgets.resourceId(pkg, w.id())))
        .findFirst();
  }

  /** Scrolls the page by the vertical distance when it starts in the page's scrolling content. */
  @Override
  public void swipe(int fromX, int fromY, int toX, int toY, Duration duration) {
    Objects.requireNonNull(duration, "duration");
    SimScreen screen = screen();
    if (screen.scrollMax() > 0 && screen.scrollViewport().contains(fromX, fromY)) {
      int current = Math.min(state.scroll(), screen.scrollMax());
      state.scrollTo(Math.max(0, Math.min(screen.scrollMax(), current + fromY - toY)));
    }
  }

  /** Appends to the focused field; with none focused the text goes nowhere, as on a phone. */
  @Override
  public void typeText(String text) {
    Objects.requireNonNull(text, "text");
    ensureOpen();
    state.type(text);
  }

  @Override
  public void pressKey(Key key) {
    Objects.requireNonNull(key, "key");
    ensureOpen();
    state.pressKey(key);
  }

  @Override
  public void launchApp(String appId) {
    Objects.requireNonNull(appId, "appId");
    ensureOpen();
    state.launch(appId);
  }

  /** Closes the app's back stack (its data stays); the launcher shows if it was in front. */
  @Override
  public void terminateApp(String appId) {
    Objects.requireNonNull(appId, "appId");
    ensureOpen();
    state.terminate(appId);
  }

  @Override
  public Optional<String> currentApp() {
    ensureOpen();
    return Optional.of(state.currentApp());
  }

  @Override
  public ScreenSize screenSize() {
    ensureOpen();
    return SCREEN;
  }

  /** Idempotent; drops the rendering cache. */
  @Override
  public void close() {
    closed = true;
    rendered.clear();
  }

  /** The current screen, laid out; what capture renders and taps hit. */
  SimScreen screen() {
    ensureOpen();
    return SimLayout.layout(state, LocalTime.now(clock).format(CLOCK));
  }

  private void ensureOpen() {
    if (closed) {
      throw new IllegalStateException(
          "the sim device is closed; create a new one with SimDevice.create()");
    }
  }

  private record Rendered(byte[] xml, byte[] png) {}
}
