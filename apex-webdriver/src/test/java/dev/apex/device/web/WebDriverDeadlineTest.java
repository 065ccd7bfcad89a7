package dev.apex.device.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.apex.core.CaptureTooLargeException;
import dev.apex.core.DeviceException;
import dev.apex.device.DeviceLimits;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * WebDriver commands held to the device bounds, against a loopback W3C endpoint that grants a
 * session and then misbehaves on the page source: trickles it a byte at a time (each read quick,
 * the whole command endless), or streams it without end. The JUnit timeout only keeps a regression
 * from hanging the build; no test asserts a duration.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WebDriverDeadlineTest {

  private static final String SESSION = "stall-1";

  /** What the endpoint does on {@code GET /session/ID/source}. */
  private enum Mode {
    TRICKLE,
    FLOOD
  }

  private final CountDownLatch closed = new CountDownLatch(1);
  private HttpServer server;
  private volatile Mode mode = Mode.TRICKLE;
  private volatile String authorization;
  private WebDevice device;

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", this::handle);
    server.setExecutor(
        Executors.newCachedThreadPool(
            r -> {
              Thread t = new Thread(r, "stalling-webdriver");
              t.setDaemon(true);
              return t;
            }));
    server.start();
  }

  @AfterEach
  void stop() {
    closed.countDown();
    if (device != null) {
      device.close();
    }
    server.stop(0);
  }

  private WebDevice open(DeviceLimits limits) {
    return WebDevices.remote(
        "http://127.0.0.1:" + server.getAddress().getPort(),
        Map.of("platformName", "Android", "appium:automationName", "UiAutomator2"),
        WebConfig.defaults().withLimits(limits));
  }

  @Test
  void aTricklingCommandFailsAtItsWholeDeadlineNamingIt() {
    device = open(DeviceLimits.DEFAULTS.withTimeout(Duration.ofMillis(1000)));
    mode = Mode.TRICKLE;

    assertThatThrownBy(device::capture)
        .isInstanceOfSatisfying(DeviceException.class, e -> assertThat(e.retriable()).isTrue())
        .hasMessageContaining("capture failed: GET /session/" + SESSION + "/source")
        .hasMessageContaining("did not finish within its deadline of 1 s")
        .hasMessageContaining("device.timeout_ms");
  }

  @Test
  void anEndlessAnswerStopsAtTheCaptureCap() {
    device = open(DeviceLimits.DEFAULTS.withMaxCaptureBytes(1024 * 1024));
    mode = Mode.FLOOD;

    assertThatThrownBy(device::capture)
        .isInstanceOf(CaptureTooLargeException.class)
        .hasMessageContaining("GET /session/" + SESSION + "/source")
        .hasMessageContaining("sent more than 1048576 bytes")
        .hasMessageContaining("device.max_capture_bytes");
  }

  @Test
  void theLimitsReachTheConfig() {
    WebConfig config =
        WebConfig.defaults().withLimits(new DeviceLimits(Duration.ofSeconds(5), 1 << 20));

    assertThat(config.commandTimeout()).isEqualTo(Duration.ofSeconds(5));
    assertThat(config.pageLoadTimeout()).isEqualTo(Duration.ofSeconds(5));
    assertThat(config.maxCaptureBytes()).isEqualTo(1 << 20);
    assertThat(config.sessionTimeout()).isEqualTo(Duration.ofSeconds(120));
  }

  @Test
  void credentialsInTheEndpointAreSentAsBasicAuthAndKeptOutOfTheId() {
    device =
        WebDevices.remote(
            "http://grid-user:s3cret@127.0.0.1:" + server.getAddress().getPort(),
            Map.of("platformName", "Android"),
            WebConfig.defaults());

    assertThat(authorization)
        .isEqualTo(
            "Basic "
                + java.util.Base64.getEncoder()
                    .encodeToString("grid-user:s3cret".getBytes(StandardCharsets.UTF_8)));
    assertThat(device.id()).doesNotContain("s3cret");
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      exchange.getRequestBody().readAllBytes();
      String method = exchange.getRequestMethod();
      String path = exchange.getRequestURI().getPath();
      exchange.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
      if (method.equals("POST") && path.equals("/session")) {
        authorization = exchange.getRequestHeaders().getFirst("Authorization");
        reply(
            exchange,
            "{\"value\":{\"sessionId\":\""
                + SESSION
                + "\",\"capabilities\":{\"platformName\":\"Android\","
                + "\"automationName\":\"UiAutomator2\"}}}");
      } else if (path.endsWith("/source")) {
        misbehave(exchange);
      } else {
        reply(exchange, "{\"value\":null}");
      }
    }
  }

  private static void reply(HttpExchange exchange, String json) throws IOException {
    byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
    exchange.sendResponseHeaders(200, bytes.length);
    exchange.getResponseBody().write(bytes);
  }

  /** Headers at once (chunked), then the body slowly or without end, until the client goes. */
  private void misbehave(HttpExchange exchange) throws IOException {
    exchange.sendResponseHeaders(200, 0);
    OutputStream out = exchange.getResponseBody();
    out.write("{\"value\":\"<hierarchy>".getBytes(StandardCharsets.UTF_8));
    out.flush();
    byte[] chunk = new byte[64 * 1024];
    Arrays.fill(chunk, (byte) ' ');
    try {
      while (!closed.await(mode == Mode.TRICKLE ? 20 : 0, TimeUnit.MILLISECONDS)) {
        if (mode == Mode.TRICKLE) {
          out.write(' ');
        } else {
          out.write(chunk);
        }
        out.flush();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
