package dev.apex.device.web;

import dev.apex.core.InvalidInputException;
import dev.apex.core.RawCapture;
import dev.apex.core.ScreenSize;
import dev.apex.core.TreeFormat;
import dev.apex.device.Key;
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
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.interactions.PointerInput.Kind;

/**
 * A web page: observed with {@link DomSnapshot} plus a viewport screenshot, acted on with a mouse
 * in CSS pixels. Apps are pages: an app id is a URL, the current app is the page's origin. A
 * navigation apex makes (opening the device, launching an app, HOME) that ends on the browser's
 * error page throws {@link NavigationFailedException}.
 */
final class BrowserSurface extends Surface {

  private static final Set<String> URL_SCHEMES = Set.of("http", "https", "file", "about", "data");

  private final String homeUrl;
  private double lastScale;

  BrowserSurface(WebSession driver, String deviceId, String homeUrl) {
    super(driver, deviceId);
    this.homeUrl = homeUrl;
  }

  @Override
  WebPlatform platform() {
    return WebPlatform.BROWSER;
  }

  @Override
  RawCapture capture() {
    DomSnapshot snapshot = DomSnapshot.take(driver);
    byte[] png = driver.getScreenshotAs(OutputType.BYTES);
    int[] size = Png.size(png);
    lastScale = snapshot.devicePixelRatio();
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
    DomSnapshot snapshot = DomSnapshot.take(driver);
    lastScale = snapshot.devicePixelRatio();
    return new RawCapture(
        deviceId,
        TreeFormat.WEB_JSON,
        snapshot.json().getBytes(StandardCharsets.UTF_8),
        null,
        new ScreenSize(
            (int) Math.round(snapshot.viewportWidth() * lastScale),
            (int) Math.round(snapshot.viewportHeight() * lastScale),
            lastScale));
  }

  @Override
  ScreenSize screenSize() {
    List<?> v =
        (List<?>)
            driver.executeScript(
                "return [window.innerWidth, window.innerHeight, window.devicePixelRatio]");
    double dpr = DomSnapshot.number(v.get(2));
    lastScale = dpr;
    return new ScreenSize(
        (int) Math.round(DomSnapshot.number(v.get(0)) * dpr),
        (int) Math.round(DomSnapshot.number(v.get(1)) * dpr),
        dpr);
  }

  @Override
  double scale() {
    if (lastScale <= 0) {
      screenSize();
    }
    return lastScale;
  }

  @Override
  Kind pointerKind() {
    return Kind.MOUSE;
  }

  @Override
  void tap(int x, int y) {
    Pointer.tap(driver, Kind.MOUSE, x, y);
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
      driver.get(url);
    } catch (WebDriverException e) {
      throw NavigationErrors.of(e, deviceId, url).orElseThrow(() -> e);
    }
    NavigationErrors.check(driver, deviceId, url);
  }

  /** BACK goes back in history, HOME opens the page the device started on, ENTER is the key. */
  @Override
  void pressKey(Key key) {
    switch (key) {
      case BACK -> driver.navigate().back();
      case HOME -> navigate(homeUrl);
      case ENTER -> driver.switchTo().activeElement().sendKeys(Keys.ENTER);
    }
  }

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
      if (!origin.equals(originOf(driver.getCurrentUrl()).orElse(null))) {
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

  @Override
  Optional<String> currentApp() {
    return originOf(driver.getCurrentUrl());
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
