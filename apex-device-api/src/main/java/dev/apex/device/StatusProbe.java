package dev.apex.device;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.Json;
import dev.apex.core.Secrets;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * Asks a W3C-style server whether it is ready: {@code GET BASE/status}, the call WebDriverAgent,
 * Selenium Grid and Appium all answer with {@code {"value": {"ready": true, "message": …}}}. The
 * whole exchange is held to the deadline and to {@value #MAX_BYTES} bytes ({@link BoundedBody}).
 * Stateless, thread-safe.
 */
public final class StatusProbe {

  /** A status answer is small; a larger one is not a status. */
  static final long MAX_BYTES = 256 * 1024;

  private StatusProbe() {}

  /**
   * The server's own words when it is ready, e.g. {@code WebDriverAgent is ready to accept
   * commands}.
   *
   * @throws IOException saying in one line why it is not: no answer, an HTTP error, not ready, not
   *     a status answer, or no whole answer within the deadline
   */
  public static String ready(String baseUrl, Duration deadline)
      throws IOException, InterruptedException {
    URI uri = URI.create(baseUrl.endsWith("/") ? baseUrl + "status" : baseUrl + "/status");
    HttpClient http = HttpClient.newBuilder().connectTimeout(deadline).build();
    HttpRequest request = HttpRequest.newBuilder(uri).timeout(deadline).GET().build();
    HttpResponse<byte[]> response;
    try {
      response = BoundedBody.send(http, request, deadline, MAX_BYTES);
    } catch (BoundedBody.DeadlineExceeded e) {
      throw new IOException("did not answer /status within " + DeviceLimits.describe(deadline));
    } catch (IOException e) {
      throw new IOException(
          "no answer at " + Secrets.withoutUserInfo(uri.toString()) + " (" + reason(e) + ")");
    }
    if (response.statusCode() != 200) {
      throw new IOException("/status answered HTTP " + response.statusCode());
    }
    JsonNode value;
    try {
      value = Json.mapper().readTree(response.body()).path("value");
    } catch (IOException e) {
      throw new IOException("/status did not answer JSON: is this a WebDriver server?");
    }
    String message = value.path("message").asText("");
    if (value.has("ready") && !value.path("ready").asBoolean()) {
      throw new IOException("not ready" + (message.isEmpty() ? "" : ": " + message));
    }
    return message.isEmpty() ? "ready" : message;
  }

  private static String reason(IOException e) {
    String text = e.getMessage();
    if (e instanceof java.net.ConnectException || text == null || text.isBlank()) {
      return "connection refused";
    }
    return text;
  }
}
