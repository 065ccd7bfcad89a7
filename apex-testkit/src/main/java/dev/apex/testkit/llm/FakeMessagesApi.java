package dev.apex.testkit.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import dev.apex.core.Json;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A fake Anthropic Messages API: a JDK {@link HttpServer} on {@code 127.0.0.1}, on a free port,
 * answering {@code POST /v1/messages} from a script of {@link FakeReply replies}, in order, and
 * recording every request (body and headers).
 *
 * <p>Like the real API it answers 401 {@code authentication_error} when neither {@code x-api-key}
 * nor {@code Authorization: Bearer} is sent, and 404 {@code not_found_error} for other paths (these
 * do not consume a scripted reply); it accepts any {@code anthropic-version}. When the script is
 * exhausted it answers 500 {@code api_error} with {@code x-should-retry: false}, so a missing reply
 * shows up as a failure rather than a hang.
 *
 * <p>{@link FakeReply#REQUEST_KEY} in a scripted reply is replaced by the key its request carried
 * (see {@link FakeReply#echoingKey()}).
 *
 * <p>Thread-safe: requests are served concurrently, so a {@link FakeReply#hang() hang} does not
 * block later requests. {@link #close()} releases every hanging request (its connection is dropped)
 * and stops the server.
 */
public final class FakeMessagesApi implements AutoCloseable {

  private final Deque<FakeReply> script = new ArrayDeque<>();
  private final AtomicInteger ids = new AtomicInteger();
  private LoopbackServer server;

  private FakeMessagesApi() {}

  /** Starts a server on {@code 127.0.0.1} and a free port. */
  public static FakeMessagesApi start() {
    FakeMessagesApi api = new FakeMessagesApi();
    api.server = LoopbackServer.start("fake-messages-api", api::answer);
    return api;
  }

  /** The base URL to give a client, e.g. {@code http://127.0.0.1:41234} (no trailing slash). */
  public String baseUrl() {
    return "http://127.0.0.1:" + server.port();
  }

  /** Appends replies to the script; each request to {@code /v1/messages} takes the next one. */
  public FakeMessagesApi enqueue(FakeReply... replies) {
    synchronized (script) {
      script.addAll(List.of(replies));
    }
    return this;
  }

  /** Every request received so far, in arrival order. */
  public List<RecordedRequest> requests() {
    return server.requests();
  }

  /** The only request received; fails when there were none or several. */
  public RecordedRequest onlyRequest() {
    List<RecordedRequest> all = requests();
    if (all.size() != 1) {
      throw new AssertionError("expected exactly one request, got " + all.size());
    }
    return all.get(0);
  }

  /** Releases hanging requests (dropping their connections) and stops the server. */
  @Override
  public void close() {
    server.close();
  }

  private void answer(HttpExchange exchange, RecordedRequest request) throws IOException {
    if (!"POST".equals(request.method()) || !"/v1/messages".equals(request.path())) {
      sendError(exchange, FakeReply.error(404, "not_found_error", "Not found: " + request.path()));
      return;
    }
    if (request.apiKey().isEmpty()) {
      sendError(
          exchange,
          FakeReply.error(401, "authentication_error", "x-api-key or Authorization required"));
      return;
    }
    reply(exchange, request.apiKey().orElse(""), request, next());
  }

  private FakeReply next() {
    synchronized (script) {
      FakeReply reply = script.poll();
      if (reply != null) {
        return reply;
      }
    }
    return FakeReply.error(500, "api_error", "FakeMessagesApi: no scripted reply left")
        .withHeader("x-should-retry", "false");
  }

  private void reply(HttpExchange exchange, String key, RecordedRequest request, FakeReply reply)
      throws IOException {
    if (reply instanceof FakeReply.Message message) {
      send(
          exchange,
          200,
          Map.of(),
          LoopbackServer.echo(Json.mapper().writeValueAsBytes(toJson(message, request)), key));
    } else if (reply instanceof FakeReply.ApiError error) {
      sendError(exchange, error, key);
    } else if (reply instanceof FakeReply.Garbage garbage) {
      send(exchange, garbage.status(), Map.of(), LoopbackServer.echo(garbage.body(), key));
    } else if (reply instanceof FakeReply.Drop) {
      // The JDK server closes the connection, without a response, when a handler throws.
      throw new IOException("FakeMessagesApi: dropping the connection as scripted");
    } else if (reply instanceof FakeReply.Hang) {
      server.awaitClose();
      throw new IOException("FakeMessagesApi: closed while hanging as scripted");
    } else if (reply instanceof FakeReply.Trickle trickle) {
      server.trickle(exchange, trickle.interval());
    }
  }

  private ObjectNode toJson(FakeReply.Message message, RecordedRequest request) {
    ObjectNode json = Json.mapper().createObjectNode();
    json.put("id", "msg_fake_" + ids.incrementAndGet());
    json.put("type", "message");
    json.put("role", "assistant");
    String model = message.model();
    if (model == null) {
      JsonNode asked = request.json().path("model");
      model = asked.isTextual() ? asked.asText() : "claude-haiku-4-5";
    }
    json.put("model", model);
    json.set("content", Json.mapper().valueToTree(message.content()));
    json.put("stop_reason", message.stopReason());
    json.putNull("stop_sequence");
    ObjectNode usage = json.putObject("usage");
    usage.put("input_tokens", message.usage().inputTokens());
    usage.put("output_tokens", message.usage().outputTokens());
    usage.put("cache_creation_input_tokens", message.usage().cacheCreationTokens());
    usage.put("cache_read_input_tokens", message.usage().cacheReadTokens());
    return json;
  }

  private void sendError(HttpExchange exchange, FakeReply.ApiError error) throws IOException {
    sendError(exchange, error, "");
  }

  private void sendError(HttpExchange exchange, FakeReply.ApiError error, String key)
      throws IOException {
    ObjectNode json = Json.mapper().createObjectNode();
    json.put("type", "error");
    ObjectNode inner = json.putObject("error");
    inner.put("type", error.type());
    inner.put("message", error.message());
    json.put("request_id", "req_fake_" + ids.incrementAndGet());
    Map<String, String> headers = new LinkedHashMap<>();
    error
        .headers()
        .forEach((name, value) -> headers.put(name, value.replace(FakeReply.REQUEST_KEY, key)));
    send(
        exchange,
        error.status(),
        headers,
        LoopbackServer.echo(Json.mapper().writeValueAsBytes(json), key));
  }

  private void send(HttpExchange exchange, int status, Map<String, String> headers, byte[] body)
      throws IOException {
    Map<String, String> all = new LinkedHashMap<>();
    all.put("request-id", "req_fake_" + ids.incrementAndGet());
    all.putAll(headers);
    LoopbackServer.send(exchange, status, all, body);
  }
}
