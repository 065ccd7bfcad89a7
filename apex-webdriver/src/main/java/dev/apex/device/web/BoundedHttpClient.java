package dev.apex.device.web;

import dev.apex.device.BoundedBody;
import dev.apex.device.DeviceLimits;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpResponse.BodyHandler;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Locale;
import java.util.Set;
import java.util.StringJoiner;
import java.util.concurrent.CompletableFuture;
import org.openqa.selenium.TimeoutException;
import org.openqa.selenium.UsernameAndPassword;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.remote.http.ClientConfig;
import org.openqa.selenium.remote.http.Contents;
import org.openqa.selenium.remote.http.HttpClient;
import org.openqa.selenium.remote.http.HttpMethod;
import org.openqa.selenium.remote.http.HttpRequest;
import org.openqa.selenium.remote.http.HttpResponse;
import org.openqa.selenium.remote.http.WebSocket;

/**
 * Selenium's HTTP client, held to the device bounds: each WebDriver command, from request to the
 * last byte of its answer, ends within the command deadline ({@link ClientConfig#readTimeout()}; a
 * new session within {@code sessionTimeout}, as a Grid or Appium may start a browser or an emulator
 * for it), and an answer (a base64 screenshot, a page source, the DOM script's result) is read into
 * memory only up to {@code maxBytes}. Selenium's own client reads a whole answer into a byte array,
 * however large. Past a bound it throws a {@link CommandDeadlineExceeded} or {@link
 * AnswerTooLarge}, which {@link Failures} turns into the project's errors. No WebSockets (apex uses
 * neither BiDi nor CDP). Thread-safe.
 */
final class BoundedHttpClient implements HttpClient {

  /** Headers {@code java.net.http} sets itself and refuses from callers. */
  private static final Set<String> RESTRICTED =
      Set.of("connection", "content-length", "expect", "host", "upgrade");

  private final java.net.http.HttpClient http;
  private final String base;
  private final Duration commandTimeout;
  private final Duration sessionTimeout;
  private final long maxBytes;
  private final String authorization;

  BoundedHttpClient(ClientConfig config, Duration sessionTimeout, long maxBytes) {
    URI baseUri = config.baseUri();
    this.authorization = authorization(config, baseUri);
    String uri = dev.apex.core.Secrets.withoutUserInfo(baseUri.toString());
    this.base = uri.endsWith("/") ? uri.substring(0, uri.length() - 1) : uri;
    this.commandTimeout = config.readTimeout();
    this.sessionTimeout = sessionTimeout;
    this.maxBytes = maxBytes;
    this.http =
        java.net.http.HttpClient.newBuilder()
            .version(java.net.http.HttpClient.Version.HTTP_1_1)
            .connectTimeout(config.connectionTimeout())
            .followRedirects(java.net.http.HttpClient.Redirect.NORMAL)
            .build();
  }

  /** Makes one client per session from the session's config. */
  static HttpClient.Factory factory(Duration sessionTimeout, long maxBytes) {
    return config -> new BoundedHttpClient(config, sessionTimeout, maxBytes);
  }

  /** The command failed to end within its deadline; the request was cancelled. */
  static final class CommandDeadlineExceeded extends TimeoutException {
    final String command;
    final Duration deadline;

    CommandDeadlineExceeded(String command, Duration deadline) {
      super(command + " did not finish within its deadline of " + DeviceLimits.describe(deadline));
      this.command = command;
      this.deadline = deadline;
    }
  }

  /** The answer was longer than the cap; reading stopped there. */
  static final class AnswerTooLarge extends WebDriverException {
    final String command;
    final long limit;

    AnswerTooLarge(String command, long limit) {
      super(command + " sent more than " + limit + " bytes");
      this.command = command;
      this.limit = limit;
    }
  }

  @Override
  public HttpResponse execute(HttpRequest req) {
    String command = req.getMethod() + " " + req.getUri();
    Duration deadline =
        req.getMethod() == HttpMethod.POST && req.getUri().equals("/session")
            ? sessionTimeout
            : commandTimeout;
    java.net.http.HttpResponse<byte[]> answer;
    try {
      answer = BoundedBody.send(http, toJdk(req, deadline), deadline, maxBytes);
    } catch (BoundedBody.DeadlineExceeded e) {
      throw new CommandDeadlineExceeded(command, deadline);
    } catch (BoundedBody.TooLarge e) {
      throw new AnswerTooLarge(command, e.limit());
    } catch (IOException e) {
      throw new UncheckedIOException(command + " failed: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new WebDriverException("interrupted while waiting for " + command, e);
    }
    HttpResponse res = new HttpResponse();
    res.setStatus(answer.statusCode());
    answer
        .headers()
        .map()
        .forEach((name, values) -> values.forEach(value -> res.addHeader(name, value)));
    res.setContent(Contents.bytes(answer.body()));
    return res;
  }

  private java.net.http.HttpRequest toJdk(HttpRequest req, Duration deadline) {
    String path = req.getUri();
    StringJoiner query = new StringJoiner("&");
    for (String name : req.getQueryParameterNames()) {
      for (String value : req.getQueryParameters(name)) {
        query.add(encode(name) + "=" + encode(value));
      }
    }
    String target =
        (path.startsWith("http://") || path.startsWith("https://")
                ? path
                : base + (path.startsWith("/") ? path : "/" + path))
            + (query.length() == 0 ? "" : (path.contains("?") ? "&" : "?") + query);
    java.net.http.HttpRequest.Builder builder =
        java.net.http.HttpRequest.newBuilder(URI.create(target)).timeout(deadline);
    req.forEachHeader(
        (name, value) -> {
          if (!RESTRICTED.contains(name.toLowerCase(Locale.ROOT))) {
            builder.header(name, value);
          }
        });
    if (authorization != null) {
      builder.header("Authorization", authorization);
    }
    byte[] body = body(req);
    builder.method(
        req.getMethod().toString(),
        body.length == 0 && req.getMethod() != HttpMethod.POST
            ? java.net.http.HttpRequest.BodyPublishers.noBody()
            : java.net.http.HttpRequest.BodyPublishers.ofByteArray(body));
    return builder.build();
  }

  private static byte[] body(HttpRequest req) {
    Contents.Supplier content = req.getContent();
    if (content == null) {
      return new byte[0];
    }
    try (InputStream in = content.get()) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the body of " + req.getUri(), e);
    }
  }

  /**
   * Basic credentials from the config or from the endpoint's user info ({@code
   * https://user:key@hub…}, as cloud grids take them), sent on every request; null when none.
   */
  private static String authorization(ClientConfig config, URI baseUri) {
    String pair = null;
    if (config.credentials() instanceof UsernameAndPassword up) {
      pair = up.username() + ":" + up.password();
    } else if (baseUri.getUserInfo() != null && !baseUri.getUserInfo().isBlank()) {
      pair = baseUri.getUserInfo();
    }
    return pair == null
        ? null
        : "Basic " + Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8));
  }

  private static String encode(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  @Override
  public WebSocket openSocket(HttpRequest request, WebSocket.Listener listener) {
    throw new UnsupportedOperationException("apex opens no WebSocket to a WebDriver endpoint");
  }

  @Override
  public <T> CompletableFuture<java.net.http.HttpResponse<T>> sendAsyncNative(
      java.net.http.HttpRequest request, BodyHandler<T> handler) {
    return http.sendAsync(request, handler);
  }

  @Override
  public <T> java.net.http.HttpResponse<T> sendNative(
      java.net.http.HttpRequest request, BodyHandler<T> handler)
      throws IOException, InterruptedException {
    return http.send(request, handler);
  }
}
