package dev.apex.device.web;

import dev.apex.core.Bounds;
import dev.apex.core.InvalidInputException;
import dev.apex.core.RawCapture;
import dev.apex.core.ScreenSize;
import dev.apex.device.Device;
import dev.apex.device.Gestures;
import dev.apex.device.Gestures.Modifier;
import dev.apex.device.Key;
import dev.apex.device.KeyStroke;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.openqa.selenium.UnhandledAlertException;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.interactions.PointerInput.Kind;

/**
 * A {@link Device} over one WebDriver session: a web page (local Chromium or a Grid) or a native
 * app behind Appium. Open one with {@link WebDevices}.
 *
 * <p>Coordinates are screenshot pixels; they are divided by the capture's scale (the device pixel
 * ratio, iOS's points-to-pixels factor) before they reach the endpoint, and rounded to the nearest
 * unit. Nothing is retried here: a lost session, a timeout or an endpoint that stops answering
 * throws a retriable {@link dev.apex.core.DeviceException} for the caller's retry policy; a point
 * outside the screen or a non-URL app id on the web throws {@link InvalidInputException}.
 *
 * <p>Gestures are W3C actions ({@code POST /session/{id}/actions}, then {@code DELETE} to release
 * every key and button): long press and drag on every platform (a mouse on a browser or a desktop,
 * a finger on a phone); hover and modifier taps only where the pointer is a mouse, so {@link #role}
 * offers {@link Gestures.Hover} and {@link Gestures.ModifierTap} on browsers and desktop sessions
 * only; {@link Gestures.SelectOption} on browsers only (by script: {@code DropDowns}). On a browser
 * a drag moves what follows pointer and mouse events (a range slider, jQuery UI's draggable). HTML5
 * drag and drop ({@code draggable=true} with {@code dragstart}/{@code drop}) is started by
 * synthetic actions in current Chromium (156 here) but not by every driver or older Chromium, so
 * when a drag from such an element started none, the drag events are dispatched by script
 * (untrusted events, which a page checking {@code isTrusted} ignores).
 *
 * <p>On a browser a JavaScript dialog ({@code alert}, {@code confirm}, {@code prompt}) is part of
 * the screen: a capture shows it, a tap on its buttons answers it, typing fills a prompt's field
 * and BACK dismisses it; a gesture it blocks throws {@link InvalidInputException} naming it.
 *
 * <p>Not thread-safe: one task drives one device. Separate devices (separate sessions) may be used
 * from separate threads.
 */
public final class WebDevice
    implements Device,
        Gestures.LongPress,
        Gestures.Drag,
        Gestures.Hover,
        Gestures.ModifierTap,
        Gestures.SelectOption,
        Gestures.Navigate,
        Gestures.Keyboard,
        Gestures.Reveal {

  private final String id;
  private final WebSession driver;
  private final Surface surface;
  private final Runnable cleanup;
  private volatile boolean closed;

  WebDevice(String id, WebSession driver, Surface surface, Runnable cleanup) {
    this.id = id;
    this.driver = driver;
    this.surface = surface;
    this.cleanup = cleanup;
  }

  @Override
  public String id() {
    return id;
  }

  /** What the session drives: a browser page, an Android app or an iOS app. */
  public WebPlatform platform() {
    return surface.platform();
  }

  /** The WebDriver session's id, as the endpoint named it. */
  public String sessionId() {
    return String.valueOf(driver.getSessionId());
  }

  /**
   * Opens a URL in the current tab (a deep link on Appium).
   *
   * @throws NavigationFailedException on a browser, when the tab ends on the browser's own error
   *     page (a refused connection, an unknown host), naming the network error code
   */
  @Override
  public void navigate(String url) {
    Objects.requireNonNull(url, "url");
    run("navigate to " + dev.apex.core.Secrets.redact(url), () -> surface.navigate(url));
  }

  /** The current page's URL (on Appium, whatever the server reports). */
  public String currentUrl() {
    return call("read the current URL", driver::getCurrentUrl);
  }

  @Override
  public RawCapture capture() {
    return call("capture", surface::capture);
  }

  /** A browser's DOM snapshot without the screenshot; an Appium or desktop session's capture. */
  @Override
  public RawCapture captureTree() {
    return call("capture", surface::captureTree);
  }

  @Override
  public void tap(int x, int y) {
    run(
        "tap at (" + x + "," + y + ")",
        () -> {
          double s = surface.scale();
          surface.tap(unit(x, s), unit(y, s));
        });
  }

  @Override
  public void swipe(int fromX, int fromY, int toX, int toY, Duration duration) {
    Objects.requireNonNull(duration, "duration");
    run(
        "swipe from (" + fromX + "," + fromY + ") to (" + toX + "," + toY + ")",
        () -> {
          double s = surface.scale();
          surface.swipe(unit(fromX, s), unit(fromY, s), unit(toX, s), unit(toY, s), duration);
        });
  }

  @Override
  public void longPress(int x, int y, Duration duration) {
    Gestures.requireDuration("a long press", duration);
    run(
        "long press at (" + x + "," + y + ")",
        () -> {
          double s = surface.scale();
          surface.longPress(unit(x, s), unit(y, s), duration);
        });
  }

  @Override
  public void drag(int fromX, int fromY, int toX, int toY, Duration duration) {
    Gestures.requireDuration("a drag", duration);
    run(
        "drag from (" + fromX + "," + fromY + ") to (" + toX + "," + toY + ")",
        () -> {
          double s = surface.scale();
          surface.drag(unit(fromX, s), unit(fromY, s), unit(toX, s), unit(toY, s), duration);
        });
  }

  /**
   * @throws InvalidInputException on a session driven with a finger (Android, iOS), which has no
   *     pointer to hover with
   */
  @Override
  public void hover(int x, int y) {
    requireMouse("hover");
    run(
        "hover at (" + x + "," + y + ")",
        () -> {
          double s = surface.scale();
          surface.hover(unit(x, s), unit(y, s));
        });
  }

  /**
   * A click with {@code modifiers} held; with none, the plain {@link #tap(int, int)}.
   *
   * @throws InvalidInputException on a session driven with a finger (Android, iOS)
   */
  @Override
  public void tap(int x, int y, Set<Modifier> modifiers) {
    Objects.requireNonNull(modifiers, "modifiers");
    if (modifiers.isEmpty()) {
      tap(x, y);
      return;
    }
    requireMouse("a tap with modifier keys");
    run(
        modifiers + "-tap at (" + x + "," + y + ")",
        () -> {
          double s = surface.scale();
          surface.tap(unit(x, s), unit(y, s), Set.copyOf(modifiers));
        });
  }

  /**
   * Picks an option of the page's {@code <select>} at the point, by visible text or value.
   *
   * @throws InvalidInputException off a browser, or when there is no such list or option there
   */
  @Override
  public String selectOption(int x, int y, String option) {
    Objects.requireNonNull(option, "option");
    return call(
        "select an option at (" + x + "," + y + ")",
        () -> {
          double s = surface.scale();
          return surface.selectOption(unit(x, s), unit(y, s), option);
        });
  }

  /** Back one page in the tab's history (browsers only: {@link #role}). */
  @Override
  public void back() {
    run("go back", () -> browser().history("back"));
  }

  /** Forward one page in the tab's history (browsers only). */
  @Override
  public void forward() {
    run("go forward", () -> browser().history("forward"));
  }

  /** Loads the page again (browsers only). */
  @Override
  public void reload() {
    run("reload", () -> browser().history("reload"));
  }

  /** A key with modifiers held, to what has focus (browsers only). */
  @Override
  public void press(KeyStroke stroke) {
    Objects.requireNonNull(stroke, "stroke");
    run("press " + stroke.modifiers() + " " + stroke.key(), () -> browser().press(stroke));
  }

  /**
   * Scrolls the element the last capture found clipped at {@code bounds} into view (browsers only).
   */
  @Override
  public boolean reveal(Bounds bounds) {
    Objects.requireNonNull(bounds, "bounds");
    return call(
        "scroll an element into view",
        () -> {
          double s = surface.scale();
          return browser()
              .reveal(
                  (bounds.left() + bounds.right()) / 2.0 / s,
                  (bounds.top() + bounds.bottom()) / 2.0 / s);
        });
  }

  private BrowserSurface browser() {
    if (surface instanceof BrowserSurface b) {
      return b;
    }
    throw new InvalidInputException(
        id + ": a " + surface.platform() + " session has no browser tab to do that in");
  }

  /**
   * Every gesture role, except hover and modifier taps where the pointer is a finger, and picking a
   * list option, the tab's history, a full keyboard and scrolling into view anywhere but a browser
   * page.
   */
  @Override
  public <T> Optional<T> role(Class<T> role) {
    boolean browserOnly =
        role == Gestures.SelectOption.class
            || role == Gestures.Navigate.class
            || role == Gestures.Keyboard.class
            || role == Gestures.Reveal.class;
    if (browserOnly && surface.platform() != WebPlatform.BROWSER) {
      return Optional.empty();
    }
    boolean mouseOnly = role == Gestures.Hover.class || role == Gestures.ModifierTap.class;
    if (mouseOnly && surface.pointerKind() != Kind.MOUSE) {
      return Optional.empty();
    }
    return Device.super.role(role);
  }

  @Override
  public void typeText(String text) {
    Objects.requireNonNull(text, "text");
    run("type text", () -> surface.typeText(text));
  }

  @Override
  public void pressKey(Key key) {
    Objects.requireNonNull(key, "key");
    run("press " + key, () -> surface.pressKey(key));
  }

  @Override
  public void launchApp(String appId) {
    Objects.requireNonNull(appId, "appId");
    run("launch " + appId, () -> surface.launchApp(appId));
  }

  @Override
  public void terminateApp(String appId) {
    Objects.requireNonNull(appId, "appId");
    run("terminate " + appId, () -> surface.terminateApp(appId));
  }

  @Override
  public Optional<String> currentApp() {
    return call("read the current app", surface::currentApp);
  }

  @Override
  public ScreenSize screenSize() {
    return call("read the screen size", surface::screenSize);
  }

  /** Ends the session and, for a local browser, stops chromedriver and deletes the profile. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      driver.quit();
    } catch (RuntimeException e) {
      // The session may already be gone (the endpoint restarted); there is nothing left to do.
    } finally {
      cleanup.run();
    }
  }

  @Override
  public String toString() {
    return "WebDevice[" + id + ", " + surface.platform() + "]";
  }

  private void requireMouse(String gesture) {
    if (surface.pointerKind() != Kind.MOUSE) {
      throw new InvalidInputException(
          id
              + ": "
              + gesture
              + " needs a mouse, and this "
              + surface.platform()
              + " session is driven with a finger");
    }
  }

  private static int unit(int pixels, double scale) {
    return (int) Math.round(pixels / scale);
  }

  private void run(String action, Runnable body) {
    call(
        action,
        () -> {
          body.run();
          return null;
        });
  }

  private <T> T call(String action, Supplier<T> body) {
    if (closed) {
      throw new IllegalStateException(id + " is closed: open a new device to " + action);
    }
    try {
      return body.get();
    } catch (UnhandledAlertException e) {
      throw blockedByDialog(action, e);
    } catch (WebDriverException e) {
      throw Failures.translate(id, action, e);
    }
  }

  private RuntimeException blockedByDialog(String action, UnhandledAlertException e) {
    try {
      return surface.blockedByDialog(action, e);
    } catch (WebDriverException again) {
      return Failures.translate(id, action, e);
    }
  }
}
