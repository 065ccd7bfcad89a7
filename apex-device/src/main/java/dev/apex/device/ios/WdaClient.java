package dev.apex.device.ios;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.apex.core.CaptureTooLargeException;
import dev.apex.core.DeviceException;
import dev.apex.core.InvalidInputException;
import dev.apex.core.Json;
import dev.apex.device.BoundedBody;
import dev.apex.device.DeviceLimits;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Map;

/**
 * WebDriverAgent's HTTP API and its response envelope ({@code {"value":…,"sessionId":…}}). Returns
 * the {@code value}; an error envelope becomes a {@link WdaErrorResponse}, a WDA that does not
 * answer a {@link DeviceException} naming the URL and how to start WDA. Every call has one deadline
 * for the whole exchange, body included, and its answer is read up to the capture cap ({@link
 * BoundedBody}). Thread-safe.
 */
final class WdaClient {

  static final String START_HINT =
      "start WebDriverAgent on the device (xcodebuild -project WebDriverAgent.xcodeproj"
          + " -scheme WebDriverAgentRunner -destination 'id=UDID' test, or let Appium start it),"
          + " forward its port for a real device (iproxy 8100 8100), then try again";

  private final URI base;
  private final String deviceId;
  private final HttpClient http;
  private final Duration requestTimeout;
  private final long maxBytes;

  WdaClient(URI base, String deviceId, IosOptions options) {
    String scheme = base.getScheme();
    if (!("http".equals(scheme) || "https".equals(scheme)) || base.getHost() == null) {
      throw new InvalidInputException(
          "'" + base + "' is not a WebDriverAgent URL: use e.g. http://127.0.0.1:8100");
    }
    String text = base.toString();
    this.base = URI.create(text.endsWith("/") ? text.substring(0, text.length() - 1) : text);
    this.deviceId = deviceId;
    this.requestTimeout = options.requestTimeout();
    this.maxBytes = options.maxCaptureBytes();
    this.http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(options.connectTimeout())
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
  }

  URI base() {
    return base;
  }

  JsonNode get(String path) {
    return get(path, requestTimeout);
  }

  JsonNode get(String path, Duration timeout) {
    return send("GET", path, HttpRequest.BodyPublishers.noBody(), timeout);
  }

  JsonNode post(String path, Map<String, ?> body) {
    byte[] json;
    try {
      json = Json.mapper().writeValueAsBytes(body);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("cannot write the body of POST " + path, e);
    }
    return send("POST", path, HttpRequest.BodyPublishers.ofByteArray(json), requestTimeout);
  }

  JsonNode delete(String path) {
    return send("DELETE", path, HttpRequest.BodyPublishers.noBody(), requestTimeout);
  }

  private JsonNode send(
      String method, String path, HttpRequest.BodyPublisher body, Duration timeout) {
    String call = method + " " + path;
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(base + path))
            .method(method, body)
            .header("Content-Type", "application/json;charset=UTF-8")
            .header("Accept", "application/json")
            .timeout(timeout)
            .build();
    HttpResponse<byte[]> response;
    try {
      response = BoundedBody.send(http, request, timeout, maxBytes);
    } catch (HttpConnectTimeoutException | ConnectException e) {
      throw new DeviceException(
          deviceId, "no WebDriverAgent answering at " + base + " (" + call + "): " + START_HINT, e);
    } catch (BoundedBody.DeadlineExceeded | HttpTimeoutException e) {
      throw new DeviceException(
          deviceId,
          "WebDriverAgent at "
              + base
              + " did not finish "
              + call
              + " within its deadline of "
              + DeviceLimits.describe(timeout)
              + ": the screen may be too complex or WDA hung; restart WDA if it persists, or"
              + " raise "
              + DeviceLimits.TIMEOUT_SETTING,
          e);
    } catch (BoundedBody.TooLarge e) {
      throw new CaptureTooLargeException(deviceId, call, e.limit());
    } catch (IOException e) {
      throw new DeviceException(
          deviceId,
          "the connection to WebDriverAgent at " + base + " failed during " + call + ": " + e,
          e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DeviceException(deviceId, "interrupted while waiting for " + call, e);
    }
    return value(call, response);
  }

  private JsonNode value(String call, HttpResponse<byte[]> response) {
    JsonNode envelope;
    try {
      envelope = Json.mapper().readTree(response.body());
    } catch (IOException e) {
      throw new DeviceException(
          deviceId,
          call
              + " at "
              + base
              + " answered HTTP "
              + response.statusCode()
              + " without JSON: is this WebDriverAgent?",
          e);
    }
    JsonNode value = envelope == null ? NullNode.getInstance() : envelope.path("value");
    boolean errorEnvelope = value.isObject() && value.hasNonNull("error");
    if (response.statusCode() >= 400 || errorEnvelope) {
      throw new WdaErrorResponse(
          call,
          response.statusCode(),
          value.path("error").asText("unknown error"),
          value.path("message").asText(""));
    }
    return value.isMissingNode() ? NullNode.getInstance() : value;
  }
}
