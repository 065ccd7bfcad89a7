package dev.apex.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.apex.core.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The Anthropic Messages API on {@code 127.0.0.1}, answered by a script: what M7 runs apex's real
 * model clients against (the labeller's structured call and the Claude planner's tool call), so the
 * bench counts the calls they make without a network or a key. Each {@code POST /v1/messages} is
 * answered by the {@link Responder} from the request's JSON body; it counts labelling requests
 * (those with no {@code tools}) and planning requests apart. Token usage is estimated at four
 * characters a token of the request body, so a saved call saves a realistic share. Requests are
 * served one at a time, as apex makes them; a body is read to at most {@value #MAX_BODY} bytes.
 */
final class ScriptedMessagesApi implements AutoCloseable {

  /** The largest request body read. */
  static final int MAX_BODY = 4 * 1024 * 1024;

  /** What a reply holds: a text block (a label set's JSON) or a tool call. */
  sealed interface Reply {}

  /** A text reply: the structured output's JSON. */
  record Text(String json) implements Reply {}

  /** A tool call. */
  record ToolCall(String name, Map<String, Object> input) implements Reply {}

  /** Answers one request from its body. */
  interface Responder {
    /**
     * @param planning whether the request offers tools (the planner's) rather than asking for
     *     labels
     * @param body the request's JSON text
     */
    Reply answer(boolean planning, String body);
  }

  private final HttpServer server;
  private final ExecutorService executor;
  private final AtomicInteger ids = new AtomicInteger();
  private final AtomicInteger labelling = new AtomicInteger();
  private final AtomicInteger planning = new AtomicInteger();
  private volatile Responder responder;

  private ScriptedMessagesApi(HttpServer server, ExecutorService executor) {
    this.server = server;
    this.executor = executor;
  }

  static ScriptedMessagesApi start(Responder responder) {
    try {
      HttpServer server =
          HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
      ExecutorService executor = Executors.newSingleThreadExecutor();
      ScriptedMessagesApi api = new ScriptedMessagesApi(server, executor);
      api.responder = Objects.requireNonNull(responder, "responder");
      server.createContext("/", api::handle);
      server.setExecutor(executor);
      server.start();
      return api;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start the scripted Messages API on loopback", e);
    }
  }

  String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** Answers from now on with {@code next}. */
  void respondWith(Responder next) {
    this.responder = Objects.requireNonNull(next, "responder");
  }

  int labellingCalls() {
    return labelling.get();
  }

  int planningCalls() {
    return planning.get();
  }

  int calls() {
    return labelling.get() + planning.get();
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      String body = read(exchange.getRequestBody());
      if (!"POST".equals(exchange.getRequestMethod())
          || !"/v1/messages".equals(exchange.getRequestURI().getPath())) {
        send(exchange, 404, error("not_found_error", "no such path"));
        return;
      }
      JsonNode request = Json.mapper().readTree(body);
      boolean plans = request.path("tools").isArray() && !request.path("tools").isEmpty();
      (plans ? planning : labelling).incrementAndGet();
      Reply reply;
      try {
        reply = responder.answer(plans, body);
      } catch (RuntimeException e) {
        send(exchange, 500, error("api_error", "the bench's script failed: " + e.getMessage()));
        return;
      }
      send(exchange, 200, message(request, reply, body.length()));
    }
  }

  private ObjectNode message(JsonNode request, Reply reply, int requestChars) {
    ObjectNode json = Json.mapper().createObjectNode();
    json.put("id", "msg_bench_" + ids.incrementAndGet());
    json.put("type", "message");
    json.put("role", "assistant");
    json.put("model", request.path("model").asText("claude-haiku-4-5"));
    var content = json.putArray("content");
    String stop;
    int outChars;
    if (reply instanceof ToolCall call) {
      ObjectNode block = content.addObject();
      block.put("type", "tool_use");
      block.put("id", "toolu_bench_" + ids.incrementAndGet());
      block.put("name", call.name());
      block.set("input", Json.mapper().valueToTree(call.input()));
      stop = "tool_use";
      outChars = Json.write(call.input()).length() + call.name().length();
    } else {
      String text = ((Text) reply).json();
      ObjectNode block = content.addObject();
      block.put("type", "text");
      block.put("text", text);
      stop = "end_turn";
      outChars = text.length();
    }
    json.put("stop_reason", stop);
    json.putNull("stop_sequence");
    ObjectNode usage = json.putObject("usage");
    usage.put("input_tokens", Math.max(1, requestChars / 4));
    usage.put("output_tokens", Math.max(1, outChars / 4));
    usage.put("cache_creation_input_tokens", 0);
    usage.put("cache_read_input_tokens", 0);
    return json;
  }

  private static ObjectNode error(String type, String message) {
    ObjectNode json = Json.mapper().createObjectNode();
    json.put("type", "error");
    ObjectNode inner = json.putObject("error");
    inner.put("type", type);
    inner.put("message", message);
    return json;
  }

  private static String read(InputStream in) throws IOException {
    byte[] body = in.readNBytes(MAX_BODY + 1);
    if (body.length > MAX_BODY) {
      throw new IOException("request body over " + MAX_BODY + " bytes");
    }
    return new String(body, StandardCharsets.UTF_8);
  }

  private static void send(HttpExchange exchange, int status, ObjectNode json) throws IOException {
    byte[] body = Json.mapper().writeValueAsBytes(json);
    exchange.getResponseHeaders().set("content-type", "application/json");
    exchange.getResponseHeaders().set("request-id", "req_bench");
    exchange.sendResponseHeaders(status, body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  /** A responder that plays {@code calls} in order, then says done. */
  static Responder planner(List<ToolCall> calls, Responder labels) {
    AtomicInteger next = new AtomicInteger();
    return (plans, body) -> {
      if (!plans) {
        return labels.answer(false, body);
      }
      int i = next.getAndIncrement();
      return i < calls.size()
          ? calls.get(i)
          : new ToolCall("done", Map.of("summary", "The scripted steps are done."));
    };
  }

  /**
   * Labels each screen with a page name of its own (from its listing, digits left out so a clock
   * does not make a new page) and nothing else: the bench counts the calls, not the labels. The
   * planner's navigation memory reads the page, so two screens must not share one.
   */
  static final Responder LABELS =
      (plans, body) ->
          new Text(
              "{\"page\":\"page-"
                  + Integer.toHexString(body.replaceAll("[0-9]", "").hashCode())
                  + "\",\"intents\":[\"go on\"],\"widgets\":[]}");
}
