package dev.apex.device.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.apex.core.Json;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import javax.imageio.ImageIO;

/**
 * An Appium server on 127.0.0.1 speaking the W3C endpoints a device uses: new session, source,
 * screenshot, window rect, actions, execute (the {@code mobile:} commands), active element and its
 * value, back, delete, and a browser's viewport script. It replays one page source and records
 * every call; {@link #fail} makes an endpoint answer with a W3C error.
 */
final class FakeAppium implements AutoCloseable {

  static final String ELEMENT_KEY = "element-6066-11e4-a52e-4f735466cecf";
  static final String SESSION = "fake-session-1";

  /** One request: method, path below the session, and its JSON body (null node when none). */
  record Call(String method, String path, JsonNode body) {}

  private final HttpServer server;
  private final Map<String, Object> capabilities;
  private final String source;
  private final String screenshot;
  private final int windowWidth;
  private final int windowHeight;
  private final double pixelRatio;
  private final Set<String> installed;
  private final String home;
  private volatile String foreground;
  private final Map<String, int[]> failures = new ConcurrentHashMap<>();
  private final Map<String, String> failureErrors = new ConcurrentHashMap<>();
  private final List<Call> calls = new ArrayList<>();
  private final Map<String, Object> scriptAnswers = new ConcurrentHashMap<>();

  /**
   * @param windowWidth the window rect in the platform's unit (Android pixels, iOS points)
   * @param screenshotWidth the screenshot in pixels
   * @param installed the app ids (packages, bundle ids) installed; the first is the home screen
   */
  FakeAppium(
      List<String> installed,
      Map<String, Object> capabilities,
      String source,
      int windowWidth,
      int windowHeight,
      int screenshotWidth,
      int screenshotHeight)
      throws IOException {
    this.installed = Set.copyOf(installed);
    this.home = installed.isEmpty() ? "" : installed.get(0);
    this.foreground = home;
    this.capabilities = capabilities;
    this.source = source;
    this.windowWidth = windowWidth;
    this.windowHeight = windowHeight;
    this.pixelRatio = (double) screenshotWidth / windowWidth;
    this.screenshot = Base64.getEncoder().encodeToString(png(screenshotWidth, screenshotHeight));
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/", this::handle);
    server.start();
  }

  String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  String foreground() {
    return foreground;
  }

  /** Makes {@code method path} (path below the session, or {@code /session}) answer an error. */
  void fail(String method, String path, int status, String error) {
    failures.put(method + " " + path, new int[] {status});
    failureErrors.put(method + " " + path, error);
  }

  /** Makes every script containing {@code part} (one not otherwise known) return {@code value}. */
  void answerScript(String part, Object value) {
    scriptAnswers.put(part, value);
  }

  synchronized List<Call> calls() {
    return List.copyOf(calls);
  }

  synchronized List<Call> calls(String method, String path) {
    return calls.stream().filter(c -> c.method().equals(method) && c.path().equals(path)).toList();
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      String method = exchange.getRequestMethod();
      String path = exchange.getRequestURI().getPath();
      String prefix = "/session/" + SESSION;
      String local = path.startsWith(prefix) ? path.substring(prefix.length()) : path;
      byte[] raw = exchange.getRequestBody().readAllBytes();
      JsonNode body = raw.length == 0 ? NullNode.getInstance() : Json.mapper().readTree(raw);
      synchronized (this) {
        calls.add(new Call(method, local, body));
      }
      String key = method + " " + local;
      if (failures.containsKey(key)) {
        reply(exchange, failures.get(key)[0], error(failureErrors.get(key)));
        return;
      }
      reply(exchange, 200, Map.of("value", valueFor(method, local, body)));
    }
  }

  private Object valueFor(String method, String path, JsonNode body) {
    return switch (method + " " + path) {
      case "POST /session" -> Map.of("sessionId", SESSION, "capabilities", capabilities);
      case "GET /source" -> source;
      case "GET /screenshot" -> screenshot;
      case "GET /window/rect" ->
          Map.of("x", 0, "y", 0, "width", windowWidth, "height", windowHeight);
      case "GET /element/active" -> Map.of(ELEMENT_KEY, "el-1");
      case "POST /execute/sync" -> script(body.path("script").asText(), body.path("args").path(0));
      default -> NullNode.getInstance();
    };
  }

  /** Appium's {@code mobile:} app commands, on either platform's argument name. */
  private Object script(String script, JsonNode args) {
    if (script.startsWith("return [window.innerWidth")) {
      // A browser session asks the viewport in CSS pixels and its device pixel ratio.
      return List.of(windowWidth, windowHeight, pixelRatio);
    }
    String app = args.has("appId") ? args.path("appId").asText() : args.path("bundleId").asText();
    switch (script) {
      case "mobile: isAppInstalled":
        return installed.contains(app);
      case "mobile: activateApp":
        foreground = app;
        return NullNode.getInstance();
      case "mobile: terminateApp":
        boolean running = app.equals(foreground);
        if (running) {
          foreground = home;
        }
        return running;
      case "mobile: getCurrentPackage":
        return foreground;
      case "mobile: activeAppInfo":
        return Map.of("bundleId", foreground, "pid", 42);
      default:
        return scriptAnswers.entrySet().stream()
            .filter(e -> script.contains(e.getKey()))
            .map(Map.Entry::getValue)
            .findFirst()
            .orElse(NullNode.getInstance());
    }
  }

  private static Map<String, Object> error(String error) {
    Map<String, Object> value = new LinkedHashMap<>();
    value.put("error", error);
    value.put("message", "the fake was told to fail with " + error);
    value.put("stacktrace", "");
    return Map.of("value", value);
  }

  private static void reply(HttpExchange exchange, int status, Object json) throws IOException {
    byte[] bytes = Json.write(json).getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  private static byte[] png(int width, int height) {
    try {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      ImageIO.write(new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB), "png", out);
      return out.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
