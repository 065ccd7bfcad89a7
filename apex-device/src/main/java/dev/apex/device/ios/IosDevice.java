package dev.apex.device.ios;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.DeviceException;
import dev.apex.core.DeviceText;
import dev.apex.core.InvalidInputException;
import dev.apex.core.RawCapture;
import dev.apex.core.ScreenSize;
import dev.apex.core.Secrets;
import dev.apex.core.TreeFormat;
import dev.apex.device.Device;
import dev.apex.device.Gestures;
import dev.apex.device.Key;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * An iPhone or simulator driven through WebDriverAgent ({@code --device ios[:WDA_URL]}).
 *
 * <p>Units: callers give screenshot pixels; WDA takes points, so every coordinate is divided by the
 * scale from {@code /wda/screen} (read once and cached). A capture's tree stays in points, its
 * {@link ScreenSize} states pixels and the scale. A session is created on first use and created
 * again, once per call, when WDA has forgotten it (it restarted). Nothing else is retried here: an
 * unreachable or slow WDA is a {@link DeviceException} for the runtime to retry. Not thread-safe.
 *
 * <p>Gestures: a long press is WDA's {@code /wda/touchAndHold}, a drag its {@code
 * /wda/dragfromtoforduration}, both in points with durations in seconds.
 */
public final class IosDevice implements Device, Gestures.LongPress, Gestures.Drag {

  public static final URI DEFAULT_URL = URI.create("http://127.0.0.1:8100");

  /** Where the back gesture starts: inside the edge zone UIKit watches, off the bezel. */
  private static final double BACK_EDGE_POINTS = 2.0;

  /** Held briefly so the drag reads as a swipe, not a long press. */
  private static final double BACK_PRESS_SECONDS = 0.05;

  private static final Pattern BUNDLE_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9.\\-_]*");

  private final WdaClient wda;
  private final IosOptions options;
  private final String id;
  private final WdaSession session;
  private ScreenSize screen;

  private IosDevice(WdaClient wda, IosOptions options) {
    this.wda = wda;
    this.options = options;
    this.id = Secrets.withoutUserInfo("ios:" + wda.base());
    this.session = new WdaSession(wda, id);
  }

  /** Connects to WDA at {@code url} (null: {@link #DEFAULT_URL}) with the default timeouts. */
  public static IosDevice connect(String url) {
    return connect(url, IosOptions.DEFAULTS);
  }

  /** Connects to WDA at {@code url} (null: {@link #DEFAULT_URL}) with {@code options}. */
  public static IosDevice connect(String url, IosOptions options) {
    if (url == null || url.isBlank()) {
      return connect(DEFAULT_URL, options);
    }
    URI uri;
    try {
      uri = new URI(url.strip());
    } catch (URISyntaxException e) {
      throw new InvalidInputException(
          "'" + url + "' is not a WebDriverAgent URL: use e.g. " + DEFAULT_URL, e);
    }
    return connect(uri, options);
  }

  /**
   * Connects and checks that WDA answers {@code /status}; a WDA that does not answer fails with the
   * URL and how to start it.
   */
  public static IosDevice connect(URI url, IosOptions options) {
    Objects.requireNonNull(url, "url");
    Objects.requireNonNull(options, "options");
    Secrets.registerUserInfo(url.toString());
    IosDevice device =
        new IosDevice(new WdaClient(url, Secrets.withoutUserInfo("ios:" + url), options), options);
    device.call(() -> device.wda.get("/status"));
    return device;
  }

  @Override
  public String id() {
    return id;
  }

  /** {@code /source} (XML, points) and {@code /screenshot} (PNG, pixels). */
  @Override
  public RawCapture capture() {
    ScreenSize size = screenSize();
    byte[] tree = source();
    byte[] png = screenshot();
    return new RawCapture(id, TreeFormat.WDA_XML, tree, png, size);
  }

  /** {@code /source} alone: no {@code /screenshot} round trip. */
  @Override
  public RawCapture captureTree() {
    ScreenSize size = screenSize();
    return new RawCapture(id, TreeFormat.WDA_XML, source(), null, size);
  }

  private byte[] source() {
    JsonNode source = call(() -> wda.get("/source?format=xml", options.sourceTimeout()));
    if (!source.isTextual()) {
      throw new DeviceException(id, "GET /source sent no XML string: got " + source.getNodeType());
    }
    return source.asText().getBytes(StandardCharsets.UTF_8);
  }

  /** The screenshot's PNG bytes, in pixels. */
  public byte[] screenshot() {
    JsonNode shot = call(() -> wda.get("/screenshot"));
    try {
      return Base64.getMimeDecoder().decode(shot.asText());
    } catch (IllegalArgumentException e) {
      throw new DeviceException(id, "GET /screenshot sent no base64 PNG: " + e.getMessage(), e);
    }
  }

  @Override
  public void tap(int x, int y) {
    requireOnScreen(x, "x");
    requireOnScreen(y, "y");
    inSession(s -> wda.post(s + "/wda/tap", Map.of("x", points(x), "y", points(y))));
  }

  /** A drag from one point to another; WDA holds the first point for {@code duration} first. */
  @Override
  public void swipe(int fromX, int fromY, int toX, int toY, Duration duration) {
    Objects.requireNonNull(duration, "duration");
    requireOnScreen(fromX, "fromX");
    requireOnScreen(fromY, "fromY");
    requireOnScreen(toX, "toX");
    requireOnScreen(toY, "toY");
    if (duration.isNegative()) {
      throw new InvalidInputException("swipe duration must not be negative, got " + duration);
    }
    dragInPoints(fromX, fromY, toX, toY, duration);
  }

  /** {@code POST /wda/touchAndHold} at the point, held for {@code duration}. */
  @Override
  public void longPress(int x, int y, Duration duration) {
    Gestures.requireDuration("long press", duration);
    requireOnScreen(x, "x");
    requireOnScreen(y, "y");
    Map<String, Object> body =
        Map.of("x", points(x), "y", points(y), "duration", seconds(duration));
    inSession(s -> wda.post(s + "/wda/touchAndHold", body));
  }

  /**
   * {@code POST /wda/dragfromtoforduration}: XCUITest presses the first point for {@code duration},
   * which picks the item up, then moves at its own pace and lets go on the second.
   */
  @Override
  public void drag(int fromX, int fromY, int toX, int toY, Duration duration) {
    Gestures.requireDuration("drag", duration);
    requireOnScreen(fromX, "fromX");
    requireOnScreen(fromY, "fromY");
    requireOnScreen(toX, "toX");
    requireOnScreen(toY, "toY");
    dragInPoints(fromX, fromY, toX, toY, duration);
  }

  private void dragInPoints(int fromX, int fromY, int toX, int toY, Duration press) {
    Map<String, Object> body =
        Map.of(
            "fromX", points(fromX),
            "fromY", points(fromY),
            "toX", points(toX),
            "toY", points(toY),
            "duration", seconds(press));
    inSession(s -> wda.post(s + "/wda/dragfromtoforduration", body));
  }

  /** WDA takes durations as decimal seconds. */
  private static double seconds(Duration duration) {
    return duration.toMillis() / 1000.0;
  }

  /** Any text the keyboard can type; WDA receives it one character per array element. */
  @Override
  public void typeText(String text) {
    Objects.requireNonNull(text, "text");
    if (text.isEmpty()) {
      return;
    }
    List<String> chars = new ArrayList<>();
    text.codePoints().forEach(cp -> chars.add(new String(Character.toChars(cp))));
    inSession(s -> wda.post(s + "/wda/keys", Map.of("value", chars)));
  }

  /**
   * HOME presses the home button; ENTER types a newline. iOS has no back key, so BACK is the
   * system's back gesture, a swipe from the left edge: screens in a navigation stack go back,
   * others ignore it.
   */
  @Override
  public void pressKey(Key key) {
    Objects.requireNonNull(key, "key");
    switch (key) {
      case HOME -> call(() -> wda.post("/wda/homescreen", Map.of()));
      case ENTER -> typeText("\n");
      case BACK -> {
        ScreenSize size = screenSize();
        double midY = size.height() / size.scale() / 2;
        Map<String, Object> body =
            Map.of(
                "fromX", BACK_EDGE_POINTS,
                "fromY", midY,
                "toX", size.width() / size.scale() * 0.75,
                "toY", midY,
                "duration", BACK_PRESS_SECONDS);
        inSession(s -> wda.post(s + "/wda/dragfromtoforduration", body));
      }
    }
  }

  @Override
  public void launchApp(String appId) {
    String bundleId = requireBundleId(appId);
    try {
      session.call(s -> wda.post(s + "/wda/apps/launch", Map.of("bundleId", bundleId)));
    } catch (WdaErrorResponse e) {
      throw new InvalidInputException(
          id
              + ": cannot launch '"
              + bundleId
              + "': "
              + DeviceText.excerpt(e.wdaMessage(), 300)
              + " (is it installed?)");
    }
  }

  @Override
  public void terminateApp(String appId) {
    String bundleId = requireBundleId(appId);
    inSession(s -> wda.post(s + "/wda/apps/terminate", Map.of("bundleId", bundleId)));
  }

  /** WDA's app state: 1 not running, 2 suspended, 3 background, 4 foreground. */
  public int appState(String appId) {
    String bundleId = requireBundleId(appId);
    return inSession(s -> wda.post(s + "/wda/apps/state", Map.of("bundleId", bundleId))).asInt();
  }

  /** The bundle id from {@code /wda/activeAppInfo}. */
  @Override
  public Optional<String> currentApp() {
    JsonNode info = call(() -> wda.get("/wda/activeAppInfo"));
    String bundleId = info.path("bundleId").asText("");
    return bundleId.isBlank() ? Optional.empty() : Optional.of(bundleId);
  }

  /** Pixels (points × scale) and the scale, from {@code /wda/screen}; read once. */
  @Override
  public ScreenSize screenSize() {
    if (screen == null) {
      JsonNode value = call(() -> wda.get("/wda/screen"));
      double scale = value.path("scale").asDouble(0);
      JsonNode size = value.path("screenSize");
      if (scale <= 0 || !size.has("width") || !size.has("height")) {
        throw new DeviceException(
            id,
            "GET /wda/screen sent no screenSize and scale: "
                + DeviceText.excerpt(value.toString(), 200));
      }
      screen =
          new ScreenSize(
              (int) Math.round(size.path("width").asDouble() * scale),
              (int) Math.round(size.path("height").asDouble() * scale),
              scale);
    }
    return screen;
  }

  /** Deletes the session, if one was made; never throws. */
  @Override
  public void close() {
    session.delete();
  }

  /** Pixels to points: WDA accepts fractional points. */
  double points(int pixels) {
    return pixels / screenSize().scale();
  }

  /** A call in the session, as a {@link DeviceException} when WDA answers with an error. */
  private JsonNode inSession(Function<String, JsonNode> action) {
    try {
      return session.call(action);
    } catch (WdaErrorResponse e) {
      throw failed(e);
    }
  }

  /** A call outside the session, as a {@link DeviceException} when WDA answers with an error. */
  private JsonNode call(Supplier<JsonNode> request) {
    try {
      return request.get();
    } catch (WdaErrorResponse e) {
      throw failed(e);
    }
  }

  private DeviceException failed(WdaErrorResponse e) {
    return new DeviceException(id, "WebDriverAgent at " + wda.base() + ": " + e.getMessage(), e);
  }

  private static String requireBundleId(String appId) {
    if (appId == null || !BUNDLE_ID.matcher(appId).matches()) {
      throw new InvalidInputException(
          "'" + appId + "' is not an iOS bundle id: use e.g. com.apple.Preferences");
    }
    return appId;
  }

  private static void requireOnScreen(int value, String name) {
    if (value < 0) {
      throw new InvalidInputException(name + " must be a pixel on the screen, got " + value);
    }
  }
}
