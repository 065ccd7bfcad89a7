package dev.apex.device.web;

import dev.apex.core.InvalidInputException;
import dev.apex.core.RawCapture;
import dev.apex.core.ScreenSize;
import dev.apex.core.TreeFormat;
import dev.apex.device.Key;
import dev.apex.device.KeyStroke;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.UnhandledAlertException;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.interactions.PointerInput.Kind;

/**
 * A web page: observed with {@link DomSnapshot} plus a viewport screenshot, acted on with a mouse
 * in CSS pixels. Apps are pages: an app id is a URL, the current app is the page's origin. A
 * navigation apex makes (opening the device, launching an app, HOME) that ends on the browser's
 * error page throws {@link NavigationFailedException}.
 *
 * <p>A JavaScript dialog ({@code alert}, {@code confirm}, {@code prompt}, a leave-site question) is
 * part of the screen: while one is open, a capture shows it (the tree {@link DialogLayout} builds,
 * and {@link DialogPicture}'s drawing for the screenshot WebDriver cannot take), a tap on one of
 * its buttons answers it, typing fills a prompt, BACK dismisses it and ENTER accepts it; a
 * navigation dismisses it first. A page that opens one while it loads has loaded: the dialog is its
 * screen. Other gestures refuse with the dialog's text and buttons ({@link #blockedByDialog}).
 */
final class BrowserSurface extends Surface {

  private static final Set<String> URL_SCHEMES = Set.of("http", "https", "file", "about", "data");

  private final String homeUrl;
  private final PageDialogs dialogs;
  private Viewport viewport = Viewport.UNMEASURED;
  private boolean measured;

  BrowserSurface(WebSession driver, String deviceId, String homeUrl) {
    super(driver, deviceId);
    this.homeUrl = homeUrl;
    this.dialogs = new PageDialogs(driver, deviceId);
  }

  @Override
  WebPlatform platform() {
    return WebPlatform.BROWSER;
  }

  @Override
  RawCapture capture() {
    try {
      return capturePage();
    } catch (UnhandledAlertException e) {
      return captureDialog(true).orElseGet(this::capturePage);
    }
  }

  private RawCapture capturePage() {
    DomSnapshot snapshot = DomSnapshot.take(driver);
    measured(snapshot);
    byte[] png = driver.getScreenshotAs(OutputType.BYTES);
    int[] size = Png.size(png);
    double lastScale = snapshot.devicePixelRatio();
    return new RawCapture(
        deviceId,
        TreeFormat.WEB_JSON,
        snapshot.json().getBytes(StandardCharsets.UTF_8),
        png,
        new ScreenSize(size[0], size[1], lastScale));
  }

  /** The DOM snapshot alone: the screen is its viewport times its device pixel ratio. */
  @Override
  RawCapture captureTree() {
    try {
      return captureTreeOfPage();
    } catch (UnhandledAlertException e) {
      return captureDialog(false).orElseGet(this::captureTreeOfPage);
    }
  }

  private RawCapture captureTreeOfPage() {
    DomSnapshot snapshot = DomSnapshot.take(driver);
    measured(snapshot);
    return new RawCapture(
        deviceId,
        TreeFormat.WEB_JSON,
        snapshot.json().getBytes(StandardCharsets.UTF_8),
        null,
        viewport.screen());
  }

  /**
   * The open dialog as the screen, over the last viewport measured; empty when it has closed since.
   */
  private Optional<RawCapture> captureDialog(boolean screenshot) {
    return dialogs
        .current()
        .map(
            dialog -> {
              DialogLayout layout = new DialogLayout(dialog, dialogs.fieldText(dialog), viewport);
              return new RawCapture(
                  deviceId,
                  TreeFormat.WEB_JSON,
                  layout.json().getBytes(StandardCharsets.UTF_8),
                  screenshot ? DialogPicture.png(layout) : null,
                  viewport.screen());
            });
  }

  /** The viewport's size; while a dialog is open, the last one measured. */
  @Override
  ScreenSize screenSize() {
    try {
      List<?> v =
          (List<?>)
              driver.executeScript(
                  "return [window.innerWidth, window.innerHeight, window.devicePixelRatio]");
      measured(
          new Viewport(
              DomSnapshot.number(v.get(0)),
              DomSnapshot.number(v.get(1)),
              DomSnapshot.number(v.get(2))));
    } catch (UnhandledAlertException e) {
      // No script runs while a dialog is open; the page's viewport has not changed under it.
    }
    return viewport.screen();
  }

  @Override
  double scale() {
    if (!measured) {
      screenSize();
    }
    return viewport.dpr();
  }

  private void measured(DomSnapshot snapshot) {
    measured(
        new Viewport(
            snapshot.viewportWidth(), snapshot.viewportHeight(), snapshot.devicePixelRatio()));
  }

  private void measured(Viewport v) {
    viewport = v;
    measured = true;
  }

  @Override
  Kind pointerKind() {
    return Kind.MOUSE;
  }

  /** A click; on an open dialog, its button under the point answers it (elsewhere, nothing). */
  @Override
  void tap(int x, int y) {
    try {
      Pointer.tap(driver, Kind.MOUSE, x, y);
    } catch (UnhandledAlertException e) {
      dialogs
          .current()
          .flatMap(d -> new DialogLayout(d, dialogs.fieldText(d), viewport).buttonAt(x, y))
          .ifPresent(button -> dialogs.answer(button.accepts));
    }
  }

  /** Types into the focused element, or into an open prompt's field. */
  @Override
  void typeText(String text) {
    try {
      super.typeText(text);
    } catch (UnhandledAlertException e) {
      Optional<JsDialog> open = dialogs.current();
      if (open.isEmpty()) {
        super.typeText(text);
        return;
      }
      dialogs.type(open.get(), text);
    }
  }

  /**
   * With a dialog open, the refusal naming it and how to answer it; else the endpoint's error (the
   * endpoint dismissed the dialog itself, so trying again may pass).
   */
  @Override
  RuntimeException blockedByDialog(String action, UnhandledAlertException e) {
    Optional<JsDialog> open = dialogs.current();
    return open.isPresent()
        ? dialogs.blocking(open.get(), action)
        : Failures.translate(deviceId, action, e);
  }

  /**
   * A mouse drag, which moves what listens to pointer and mouse events (a slider, a jQuery UI
   * draggable) and, where the driver supports it, starts an HTML5 drag and drop. From an element
   * with {@code draggable=true}, the drag events are dispatched by script when the mouse started
   * none ({@link Html5Drag}).
   */
  @Override
  void drag(int fromX, int fromY, int toX, int toY, Duration duration) {
    boolean draggable = Html5Drag.arm(driver, fromX, fromY);
    super.drag(fromX, fromY, toX, toY, duration);
    if (draggable) {
      Html5Drag.completeIfMissed(driver, fromX, fromY, toX, toY);
    }
  }

  @Override
  String selectOption(int x, int y, String option) {
    return DropDowns.select(driver, deviceId, x, y, option);
  }

  /**
   * Scrolls like a finger would: the content under the start point moves with the swipe, so a swipe
   * up scrolls down. Done with the mouse wheel, because a mouse drag selects text instead.
   */
  @Override
  void swipe(int fromX, int fromY, int toX, int toY, Duration duration) {
    Pointer.wheel(driver, fromX, fromY, fromX - toX, fromY - toY, duration);
  }

  /**
   * Opens a URL and checks the tab shows it, not the browser's error page.
   *
   * @throws NavigationFailedException naming the network error code when the page could not load
   */
  @Override
  void navigate(String url) {
    try {
      load(url);
    } catch (UnhandledAlertException e) {
      // A dialog of the page being left: the new page replaces it, as the address bar would.
      dialogs.answer(false);
      load(url);
    }
    dialogs.readLog();
    try {
      NavigationErrors.check(driver, deviceId, url);
    } catch (UnhandledAlertException e) {
      // The page opened a dialog while it loaded, so it is the site's page, not an error page.
    }
  }

  private void load(String url) {
    try {
      driver.get(url);
    } catch (UnhandledAlertException e) {
      throw e;
    } catch (WebDriverException e) {
      throw NavigationErrors.of(e, deviceId, url).orElseThrow(() -> e);
    }
  }

  /**
   * BACK goes back in history, HOME opens the page the device started on, ENTER is the key. On an
   * open dialog, BACK dismisses it (Cancel, Stay) and ENTER accepts it (OK, Leave).
   */
  @Override
  void pressKey(Key key) {
    try {
      switch (key) {
        case BACK -> driver.navigate().back();
        case HOME -> navigate(homeUrl);
        case ENTER -> driver.switchTo().activeElement().sendKeys(Keys.ENTER);
      }
    } catch (UnhandledAlertException e) {
      dialogs.answer(key == Key.ENTER);
    }
  }

  /**
   * A key of a full keyboard with modifiers held, through W3C actions to whatever has focus. On an
   * open dialog, escape dismisses it and enter accepts it.
   */
  void press(KeyStroke stroke) {
    try {
      Pointer.keyStroke(driver, keyOf(stroke), stroke.modifiers());
    } catch (UnhandledAlertException e) {
      if (stroke.key().equals("escape") || stroke.key().equals("enter")) {
        dialogs.answer(stroke.key().equals("enter"));
      } else {
        throw e;
      }
    }
  }

  /** WebDriver's key for a named key; a character as it is. */
  static CharSequence keyOf(KeyStroke stroke) {
    if (!stroke.named()) {
      return stroke.key();
    }
    return switch (stroke.key()) {
      case "enter" -> Keys.ENTER;
      case "tab" -> Keys.TAB;
      case "escape" -> Keys.ESCAPE;
      case "backspace" -> Keys.BACK_SPACE;
      case "delete" -> Keys.DELETE;
      case "space" -> Keys.SPACE;
      case "up" -> Keys.ARROW_UP;
      case "down" -> Keys.ARROW_DOWN;
      case "left" -> Keys.ARROW_LEFT;
      case "right" -> Keys.ARROW_RIGHT;
      case "page_up" -> Keys.PAGE_UP;
      case "page_down" -> Keys.PAGE_DOWN;
      case "end" -> Keys.END;
      default -> throw new IllegalArgumentException("no key " + stroke.key());
    };
  }

  /** Back, forward or reload in the tab's history; an open dialog is dismissed first. */
  void history(String move) {
    try {
      go(move);
    } catch (UnhandledAlertException e) {
      dialogs.answer(false);
      go(move);
    }
    dialogs.readLog();
  }

  private void go(String move) {
    switch (move) {
      case "back" -> driver.navigate().back();
      case "forward" -> driver.navigate().forward();
      case "reload" -> driver.navigate().refresh();
      default -> throw new IllegalArgumentException("no history move " + move);
    }
  }

  /**
   * Scrolls the element the last snapshot found clipped by a scrolling ancestor at the centre
   * ({@code x}, {@code y}) CSS pixels into view (nearest edge), by script.
   *
   * @return whether one was there
   */
  boolean reveal(double x, double y) {
    Object done = driver.executeScript(REVEAL, x, y);
    return Boolean.TRUE.equals(done);
  }

  private static final String REVEAL =
      """
      const seen = window.__apexClipped || [];
      let best = null, gap = 3;
      for (const [el, cx, cy] of seen) {
        const d = Math.max(Math.abs(cx - arguments[0]), Math.abs(cy - arguments[1]));
        if (d < gap && el.isConnected) { best = el; gap = d; }
      }
      if (!best) return false;
      best.scrollIntoView({block: 'nearest', inline: 'nearest'});
      return true;
      """;

  @Override
  void launchApp(String appId) {
    navigate(requireUrl(appId));
  }

  /**
   * Closes every tab showing the app's origin. The session's last tab is blanked instead, since
   * closing it would end the session. An origin no tab shows is a no-op.
   */
  @Override
  void terminateApp(String appId) {
    String origin = originOf(requireUrl(appId)).orElse(appId);
    String current = driver.getWindowHandle();
    List<String> handles = new ArrayList<>(driver.getWindowHandles());
    List<String> left = new ArrayList<>(handles);
    for (String handle : handles) {
      driver.switchTo().window(handle);
      if (!origin.equals(originOf(urlClosingDialog()).orElse(null))) {
        continue;
      }
      if (left.size() == 1) {
        driver.get("about:blank");
      } else {
        driver.close();
        left.remove(handle);
      }
    }
    driver.switchTo().window(left.contains(current) ? current : left.get(left.size() - 1));
  }

  /** The tab's URL, after dismissing a dialog that hides it (the tab may be closed next). */
  private String urlClosingDialog() {
    try {
      return driver.getCurrentUrl();
    } catch (UnhandledAlertException e) {
      dialogs.answer(false);
      return driver.getCurrentUrl();
    }
  }

  /** The page's origin; while a dialog is open, the origin of the page that opened it. */
  @Override
  Optional<String> currentApp() {
    try {
      return originOf(driver.getCurrentUrl());
    } catch (UnhandledAlertException e) {
      return dialogs.current().flatMap(d -> originOf(d.url()));
    }
  }

  /** {@code scheme://host[:port]} for http(s) and {@code file://} pages; empty for the rest. */
  static Optional<String> originOf(String url) {
    try {
      URI uri = new URI(url);
      String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
      if (scheme.equals("file")) {
        return Optional.of("file://");
      }
      if ((scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null) {
        return Optional.of(
            scheme + "://" + uri.getHost() + (uri.getPort() < 0 ? "" : ":" + uri.getPort()));
      }
      return Optional.empty();
    } catch (URISyntaxException e) {
      return Optional.empty();
    }
  }

  static String requireUrl(String appId) {
    String id = appId == null ? "" : appId.strip();
    try {
      URI uri = new URI(id);
      if (uri.getScheme() != null
          && URL_SCHEMES.contains(uri.getScheme().toLowerCase(Locale.ROOT))) {
        return id;
      }
    } catch (URISyntaxException e) {
      // falls through to the hint below
    }
    throw new InvalidInputException(
        "'"
            + appId
            + "' is not a URL: on a web device an app is a page, so give a URL such as"
            + " https://example.com/ (http, https, file, about or data)");
  }
}
