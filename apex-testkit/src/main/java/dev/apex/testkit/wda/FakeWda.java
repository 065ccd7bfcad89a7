package dev.apex.testkit.wda;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.apex.core.Json;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;

/**
 * WebDriverAgent on {@code 127.0.0.1:0} (JDK HttpServer), answering the routes a driver uses with
 * WDA's envelope ({@code {"value":…,"sessionId":…}}, errors as {@code {"value":{"error","message",
 * "traceback"}}} with an HTTP status). It replays the source a test gives it, keeps the screen in
 * points with a scale, knows which apps are installed and in front, and records every request.
 * Thread-safe; close it at the end of the test.
 */
public final class FakeWda implements AutoCloseable {

  /** The home screen's bundle id, in front at start and after {@code /wda/homescreen}. */
  public static final String SPRINGBOARD = "com.apple.springboard";

  /**
   * WDA encodes screenshots with 64-character lines ({@code
   * NSDataBase64Encoding64CharacterLineLength}).
   */
  private static final Base64.Encoder BASE64_64_COLUMNS =
      Base64.getMimeEncoder(64, new byte[] {'\r', '\n'});

  private static final Pattern SESSION_PATH = Pattern.compile("/session/([^/]+)(/.*)?");

  private final HttpServer server;
  private final List<WdaRequest> requests = new ArrayList<>();
  private final Set<String> sessions = new HashSet<>();
  private final Set<String> installed = new HashSet<>(Set.of(SPRINGBOARD, "com.apple.Preferences"));
  private final Set<String> running = new HashSet<>(Set.of(SPRINGBOARD));
  private final List<Fault> faults = new ArrayList<>();
  private final StringBuilder typed = new StringBuilder();
  private String source =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?><XCUIElementTypeApplication"
          + " type=\"XCUIElementTypeApplication\" name=\"SpringBoard\" x=\"0\" y=\"0\""
          + " width=\"390\" height=\"844\"/>";
  private byte[] screenshot;
  private double width = 390;
  private double height = 844;
  private double scale = 3;
  private String foreground = SPRINGBOARD;
  private int sessionCounter;

  private final List<BodyFault> bodyFaults = new ArrayList<>();
  private final CountDownLatch closed = new CountDownLatch(1);

  private FakeWda(HttpServer server) {
    this.server = server;
    server.createContext("/", this::handle);
    // One thread per exchange: a trickled or flooded body must not hold up the other calls.
    server.setExecutor(
        Executors.newCachedThreadPool(
            r -> {
              Thread t = new Thread(r, "fake-wda");
              t.setDaemon(true);
              return t;
            }));
    server.start();
  }

  public static FakeWda start() {
    // The JDK server writes headers and body separately; with Nagle on, each small response waits
    // ~40 ms for a delayed ACK. Read once, when the first server starts.
    if (System.getProperty("sun.net.httpserver.nodelay") == null) {
      System.setProperty("sun.net.httpserver.nodelay", "true");
    }
    try {
      return new FakeWda(
          HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot bind the fake WebDriverAgent on loopback", e);
    }
  }

  /** {@code http://127.0.0.1:PORT}. */
  public URI url() {
    return URI.create(
        "http://"
            + server.getAddress().getAddress().getHostAddress()
            + ":"
            + server.getAddress().getPort());
  }

  // ---- configuration ----

  /** The page source {@code /source} returns (XML in points), decoded as UTF-8. */
  public synchronized FakeWda source(byte[] xml) {
    this.source = new String(Objects.requireNonNull(xml, "xml"), StandardCharsets.UTF_8);
    return this;
  }

  /** The screen in points and its scale; the default screenshot follows it. */
  public synchronized FakeWda screen(double widthPoints, double heightPoints, double scale) {
    this.width = widthPoints;
    this.height = heightPoints;
    this.scale = scale;
    this.screenshot = null;
    return this;
  }

  /** The PNG {@code /screenshot} returns; by default a black PNG of the screen in pixels. */
  public synchronized FakeWda screenshot(byte[] png) {
    this.screenshot = Objects.requireNonNull(png, "png").clone();
    return this;
  }

  public synchronized FakeWda install(String bundleId) {
    installed.add(Objects.requireNonNull(bundleId, "bundleId"));
    return this;
  }

  /** The next request whose path contains {@code pathPart} gets this error envelope. */
  public synchronized FakeWda failNext(String pathPart, int status, String error, String message) {
    faults.add(new Fault(pathPart, status, error, message));
    return this;
  }

  /**
   * The next request whose path contains {@code pathPart} gets its real answer one byte every
   * {@code interval}, after the headers: each read is quick, the whole answer very slow.
   */
  public synchronized FakeWda trickleNext(String pathPart, Duration interval) {
    bodyFaults.add(new BodyFault(Objects.requireNonNull(pathPart, "pathPart"), interval));
    return this;
  }

  /**
   * The next request whose path contains {@code pathPart} gets HTTP 200 and a JSON string value
   * that never ends ({@code {"value":"iVBORw0KGgoAAAA…}), as fast as the client reads: a device
   * streaming an unbounded screenshot.
   */
  public synchronized FakeWda floodNext(String pathPart) {
    bodyFaults.add(new BodyFault(Objects.requireNonNull(pathPart, "pathPart"), null));
    return this;
  }

  /** Forgets every session, as a restarted WDA does: the next session call gets 404. */
  public synchronized FakeWda forgetSessions() {
    sessions.clear();
    return this;
  }

  // ---- what happened ----

  public synchronized List<WdaRequest> requests() {
    return List.copyOf(requests);
  }

  /** The bodies of the requests whose method and path suffix match, e.g. POST {@code /wda/tap}. */
  public synchronized List<JsonNode> bodies(String method, String pathSuffix) {
    return requests.stream().filter(r -> r.is(method, pathSuffix)).map(WdaRequest::json).toList();
  }

  public synchronized String foregroundApp() {
    return foreground;
  }

  public synchronized String typedText() {
    return typed.toString();
  }

  /** A copy of what {@code /screenshot} sends. */
  public synchronized byte[] screenshotBytes() {
    if (screenshot == null) {
      screenshot = png((int) Math.round(width * scale), (int) Math.round(height * scale));
    }
    return screenshot.clone();
  }

  @Override
  public void close() {
    closed.countDown();
    server.stop(0);
  }

  // ---- routing ----

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      String method = exchange.getRequestMethod();
      String path = exchange.getRequestURI().getPath();
      String query = Objects.requireNonNullElse(exchange.getRequestURI().getRawQuery(), "");
      String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
      Reply reply;
      BodyFault bodyFault;
      synchronized (this) {
        WdaRequest request = new WdaRequest(method, path, query, body);
        requests.add(request);
        reply = route(request);
        bodyFault = takeBodyFault(path);
      }
      byte[] bytes = Json.write(reply.envelope()).getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().set("Content-Type", "application/json;charset=UTF-8");
      if (bodyFault != null) {
        playBodyFault(exchange, bodyFault, bytes);
        return;
      }
      exchange.sendResponseHeaders(reply.status(), bytes.length);
      exchange.getResponseBody().write(bytes);
    }
  }

  private BodyFault takeBodyFault(String path) {
    for (Iterator<BodyFault> it = bodyFaults.iterator(); it.hasNext(); ) {
      BodyFault f = it.next();
      if (path.contains(f.pathPart())) {
        it.remove();
        return f;
      }
    }
    return null;
  }

  /** Chunked, so the client has its headers at once and then waits on the body. */
  private void playBodyFault(HttpExchange exchange, BodyFault fault, byte[] bytes)
      throws IOException {
    exchange.sendResponseHeaders(200, 0);
    OutputStream out = exchange.getResponseBody();
    if (fault.interval() == null) {
      out.write("{\"value\":\"iVBORw0KGgo".getBytes(StandardCharsets.US_ASCII));
      byte[] chunk = new byte[64 * 1024];
      Arrays.fill(chunk, (byte) 'A');
      while (closed.getCount() > 0) {
        out.write(chunk);
        out.flush();
      }
      return;
    }
    for (byte b : bytes) {
      try {
        if (closed.await(fault.interval().toNanos(), TimeUnit.NANOSECONDS)) {
          return;
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
      out.write(b);
      out.flush();
    }
  }

  private Reply route(WdaRequest r) {
    for (Iterator<Fault> it = faults.iterator(); it.hasNext(); ) {
      Fault f = it.next();
      if (r.path().contains(f.pathPart())) {
        it.remove();
        return Reply.error(f.status(), f.error(), f.message(), null);
      }
    }
    String sessionId = null;
    String route = r.path();
    Matcher m = SESSION_PATH.matcher(r.path());
    if (m.matches()) {
      sessionId = m.group(1);
      route = Objects.requireNonNullElse(m.group(2), "");
      if (!sessions.contains(sessionId)) {
        return Reply.error(404, "invalid session id", "Session does not exist", sessionId);
      }
      if (route.isEmpty() && r.method().equals("DELETE")) {
        sessions.remove(sessionId);
        return Reply.ok(null, sessionId);
      }
    }
    String key = r.method() + " " + route;
    return switch (key) {
      case "GET /status" -> Reply.ok(status(), sessionId);
      case "POST /session" -> createSession();
      case "GET /source" -> Reply.ok(source, sessionId);
      case "GET /screenshot" ->
          Reply.ok(BASE64_64_COLUMNS.encodeToString(screenshotBytes()), sessionId);
      case "GET /wda/screen" -> Reply.ok(screenInfo(), sessionId);
      case "GET /wda/activeAppInfo" -> Reply.ok(activeAppInfo(), sessionId);
      case "POST /wda/homescreen" -> {
        foreground = SPRINGBOARD;
        yield Reply.ok(null, sessionId);
      }
      default -> sessionRoute(sessionId, key, r.json());
    };
  }

  private Reply sessionRoute(String sessionId, String key, JsonNode body) {
    if (sessionId == null) {
      return Reply.error(404, "unknown command", "Unhandled endpoint: " + key, null);
    }
    String bundleId = body.path("bundleId").asText("");
    switch (key) {
      case "POST /wda/tap", "POST /wda/dragfromtoforduration", "POST /wda/touchAndHold" -> {
        return Reply.ok(null, sessionId);
      }
      case "POST /wda/keys" -> {
        body.path("value").forEach(v -> typed.append(v.asText()));
        return Reply.ok(null, sessionId);
      }
      case "POST /wda/apps/launch" -> {
        if (!installed.contains(bundleId)) {
          return Reply.error(
              500,
              "unknown error",
              "The application '" + bundleId + "' is not installed on the device",
              sessionId);
        }
        running.add(bundleId);
        foreground = bundleId;
        return Reply.ok(null, sessionId);
      }
      case "POST /wda/apps/terminate" -> {
        boolean wasRunning = running.remove(bundleId);
        if (foreground.equals(bundleId)) {
          foreground = SPRINGBOARD;
        }
        return Reply.ok(wasRunning, sessionId);
      }
      case "POST /wda/apps/state" -> {
        int state = foreground.equals(bundleId) ? 4 : running.contains(bundleId) ? 3 : 1;
        return Reply.ok(state, sessionId);
      }
      default -> {
        return Reply.error(404, "unknown command", "Unhandled endpoint: " + key, sessionId);
      }
    }
  }

  private Reply createSession() {
    String id = String.format("FAKE-%04d-0000-0000-0000-000000000000", ++sessionCounter);
    sessions.add(id);
    Map<String, Object> caps = new LinkedHashMap<>();
    caps.put("device", "iphone");
    caps.put("sdkVersion", "17.4");
    caps.put("CFBundleIdentifier", foreground);
    return Reply.ok(Map.of("sessionId", id, "capabilities", caps), id);
  }

  private static Map<String, Object> status() {
    Map<String, Object> value = new LinkedHashMap<>();
    value.put("ready", true);
    value.put("message", "WebDriverAgent is ready to accept commands");
    value.put("state", "success");
    value.put("os", Map.of("name", "iOS", "version", "17.4", "sdkVersion", "17.4"));
    value.put("ios", Map.of("ip", "127.0.0.1"));
    value.put("build", Map.of("productBundleIdentifier", "com.facebook.WebDriverAgentRunner"));
    return value;
  }

  private Map<String, Object> screenInfo() {
    return Map.of(
        "statusBarSize", Map.of("width", width, "height", 47),
        "scale", scale,
        "screenSize", Map.of("width", width, "height", height));
  }

  private Map<String, Object> activeAppInfo() {
    Map<String, Object> value = new LinkedHashMap<>();
    value.put("pid", 4242);
    value.put("bundleId", foreground);
    value.put("name", "");
    value.put("processArguments", Map.of("env", Map.of(), "args", List.of()));
    return value;
  }

  private static byte[] png(int width, int height) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      ImageIO.write(new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB), "png", out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  private record Fault(String pathPart, int status, String error, String message) {}

  /** A body played slowly ({@code interval} per byte) or, with a null interval, without end. */
  private record BodyFault(String pathPart, Duration interval) {}

  private record Reply(int status, Map<String, Object> envelope) {

    static Reply ok(Object value, String sessionId) {
      Map<String, Object> envelope = new LinkedHashMap<>();
      envelope.put("value", value);
      envelope.put("sessionId", sessionId);
      return new Reply(200, envelope);
    }

    static Reply error(int status, String error, String message, String sessionId) {
      Map<String, Object> value = new LinkedHashMap<>();
      value.put("error", error);
      value.put("message", message);
      value.put("traceback", "");
      Map<String, Object> envelope = new LinkedHashMap<>();
      envelope.put("value", value);
      envelope.put("sessionId", sessionId);
      return new Reply(status, envelope);
    }
  }
}
