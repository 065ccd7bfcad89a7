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
 * A fake OpenAI-compatible Chat Completions API (what Ollama, vLLM, llama.cpp's server and LM
 * Studio serve): a JDK HTTP server on {@code 127.0.0.1} and a free port, answering {@code POST
 * /v1/chat/completions} (streaming off) from a script of {@link FakeChat replies}, in order, and
 * recording every request. Give clients {@link #baseUrl()}, which ends in {@code /v1}.
 *
 * <p>It takes any bearer key, as local servers do, unless {@link #requireKey} names one: then a
 * request without it gets 401 {@code invalid_api_key}. Other paths get 404; a request asking for
 * {@code stream: true} gets 400 (apex never streams). When the script is exhausted it answers 500
 * with {@code x-should-retry: false}, so a missing reply shows up as a failure rather than a hang.
 * Thread-safe; {@link #close()} releases every hanging request and stops the server.
 */
public final class FakeChatCompletionsApi implements AutoCloseable {

  /** The path the API answers on. */
  public static final String PATH = "/v1/chat/completions";

  private final Deque<FakeChat> script = new ArrayDeque<>();
  private final AtomicInteger ids = new AtomicInteger();
  private volatile String requiredKey;
  private LoopbackServer server;

  private FakeChatCompletionsApi() {}

  /** Starts a server on {@code 127.0.0.1} and a free port. */
  public static FakeChatCompletionsApi start() {
    FakeChatCompletionsApi api = new FakeChatCompletionsApi();
    api.server = LoopbackServer.start("fake-chat-completions", api::answer);
    return api;
  }

  /** The base URL to give a client, e.g. {@code http://127.0.0.1:41234/v1}. */
  public String baseUrl() {
    return "http://127.0.0.1:" + server.port() + "/v1";
  }

  /** Only requests bearing {@code key} are answered; others get 401. */
  public FakeChatCompletionsApi requireKey(String key) {
    this.requiredKey = key;
    return this;
  }

  /** Appends replies to the script; each completion request takes the next one. */
  public FakeChatCompletionsApi enqueue(FakeChat... replies) {
    synchronized (script) {
      script.addAll(List.of(replies));
    }
    return this;
  }

  /** Every request received so far, in arrival order. */
  public List<RecordedRequest> requests() {
    return server.requests();
  }

  /** Scripted replies not yet taken. */
  public int pending() {
    synchronized (script) {
      return script.size();
    }
  }

  @Override
  public void close() {
    server.close();
  }

  private void answer(HttpExchange exchange, RecordedRequest request) throws IOException {
    if (!"POST".equals(request.method()) || !PATH.equals(request.path())) {
      sendError(exchange, FakeChat.error(404, "invalid_request_error", "not found"), "");
      return;
    }
    String key = request.apiKey().orElse("");
    String required = requiredKey;
    if (required != null && !required.equals(key)) {
      sendError(
          exchange, FakeChat.error(401, "invalid_request_error", "Incorrect API key provided"), "");
      return;
    }
    if (request.json().path("stream").asBoolean(false)) {
      sendError(exchange, FakeChat.unsupported("stream"), key);
      return;
    }
    FakeChat reply = next();
    if (reply instanceof FakeChat.Completion completion) {
      byte[] body = Json.mapper().writeValueAsBytes(toJson(completion, request));
      LoopbackServer.send(exchange, 200, Map.of(), LoopbackServer.echo(body, key));
    } else if (reply instanceof FakeChat.ApiError error) {
      sendError(exchange, error, key);
    } else if (reply instanceof FakeChat.Garbage garbage) {
      LoopbackServer.send(
          exchange, garbage.status(), Map.of(), LoopbackServer.echo(garbage.body(), key));
    } else if (reply instanceof FakeChat.Drop) {
      // The JDK server closes the connection, without a response, when a handler throws.
      throw new IOException("FakeChatCompletionsApi: dropping the connection as scripted");
    } else if (reply instanceof FakeChat.Hang) {
      server.awaitClose();
      throw new IOException("FakeChatCompletionsApi: closed while hanging as scripted");
    } else if (reply instanceof FakeChat.Trickle trickle) {
      server.trickle(exchange, trickle.interval());
    }
  }

  private FakeChat next() {
    synchronized (script) {
      FakeChat reply = script.poll();
      if (reply != null) {
        return reply;
      }
    }
    return FakeChat.error(500, "server_error", "FakeChatCompletionsApi: no scripted reply left")
        .withHeader("x-should-retry", "false");
  }

  private ObjectNode toJson(FakeChat.Completion completion, RecordedRequest request) {
    ObjectNode json = Json.mapper().createObjectNode();
    json.put("id", "chatcmpl-fake-" + ids.incrementAndGet());
    json.put("object", "chat.completion");
    json.put("created", 1_700_000_000L);
    String model = completion.model();
    if (model == null) {
      JsonNode asked = request.json().path("model");
      model = asked.isTextual() ? asked.asText() : "fake-model";
    }
    json.put("model", model);
    ObjectNode choice = json.putArray("choices").addObject();
    choice.put("index", 0);
    ObjectNode message = choice.putObject("message");
    message.put("role", "assistant");
    if (completion.content() == null) {
      message.putNull("content");
    } else {
      message.put("content", completion.content());
    }
    message.putNull("refusal");
    if (!completion.toolCalls().isEmpty()) {
      message.set("tool_calls", Json.mapper().valueToTree(completion.toolCalls()));
    }
    choice.putNull("logprobs");
    if (completion.finishReason() == null) {
      choice.putNull("finish_reason");
    } else {
      choice.put("finish_reason", completion.finishReason());
    }
    if (completion.usage() != null) {
      ObjectNode usage = json.putObject("usage");
      FakeChat.Usage u = completion.usage();
      usage.put("prompt_tokens", u.promptTokens());
      usage.put("completion_tokens", u.completionTokens());
      usage.put("total_tokens", u.promptTokens() + u.completionTokens());
      usage.putObject("prompt_tokens_details").put("cached_tokens", u.cachedTokens());
    }
    return json;
  }

  private void sendError(HttpExchange exchange, FakeChat.ApiError error, String key)
      throws IOException {
    ObjectNode json = Json.mapper().createObjectNode();
    ObjectNode inner = json.putObject("error");
    inner.put("message", error.message());
    inner.put("type", error.type());
    if (error.param() == null) {
      inner.putNull("param");
    } else {
      inner.put("param", error.param());
    }
    inner.putNull("code");
    Map<String, String> headers = new LinkedHashMap<>();
    error
        .headers()
        .forEach((name, value) -> headers.put(name, value.replace(FakeReply.REQUEST_KEY, key)));
    headers.put("x-request-id", "req_fake_" + ids.incrementAndGet());
    LoopbackServer.send(
        exchange,
        error.status(),
        headers,
        LoopbackServer.echo(Json.mapper().writeValueAsBytes(json), key));
  }
}
