package dev.apex.testkit.llm;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One scripted answer of {@link FakeMessagesApi}. Build them with the static factories ({@link
 * #text}, {@link #toolUse}, {@link #error}, {@link #rateLimited}, {@link #echoingKey}, {@link
 * #garbage}, {@link #dropConnection}, {@link #hang}, {@link #trickle}); all are immutable.
 *
 * <p>Wherever {@link #REQUEST_KEY} appears in a reply — a text block, a tool call's input, an error
 * message, a header value, a garbage body — the server sends the API key the request carried in its
 * place: a gateway or a model that echoes the key, for testing that it never leaks.
 */
public sealed interface FakeReply
    permits FakeReply.Message,
        FakeReply.ApiError,
        FakeReply.Garbage,
        FakeReply.Drop,
        FakeReply.Hang,
        FakeReply.Trickle {

  /** Replaced, in whatever the server sends, by the key of the request it answers. */
  String REQUEST_KEY = "${request.api_key}";

  /**
   * A gateway's 401 that echoes the request's key twice: inline in its message and in a header-like
   * line of it ({@code x-api-key: …}), the way a proxy quoting the request it refused does. Also
   * sets a response header holding it.
   */
  static ApiError echoingKey() {
    return error(
            401,
            "authentication_error",
            "gateway refused key "
                + REQUEST_KEY
                + " for this route; request was:\nPOST /v1/messages\nx-api-key: "
                + REQUEST_KEY
                + "\nanthropic-version: 2023-06-01")
        .withHeader("x-echoed-key", REQUEST_KEY);
  }

  /** A 200 message holding one text block, {@code stop_reason: end_turn}. */
  static Message text(String text) {
    return new Message("end_turn", List.of(textBlock(text)), Usage.DEFAULT, null);
  }

  /** A 200 message holding one {@code tool_use} block, {@code stop_reason: tool_use}. */
  static Message toolUse(String id, String name, Map<String, ?> input) {
    return new Message("tool_use", List.of(toolUseBlock(id, name, input)), Usage.DEFAULT, null);
  }

  /** A 200 message with the given stop reason (may be null) and content blocks (may be empty). */
  static Message message(String stopReason, List<Map<String, Object>> content) {
    return new Message(stopReason, content, Usage.DEFAULT, null);
  }

  /** A content block {@code {"type":"text","text":…}}. */
  static Map<String, Object> textBlock(String text) {
    Map<String, Object> block = new LinkedHashMap<>();
    block.put("type", "text");
    block.put("text", Objects.requireNonNull(text, "text"));
    return block;
  }

  /** A content block {@code {"type":"tool_use","id":…,"name":…,"input":{…}}}. */
  static Map<String, Object> toolUseBlock(String id, String name, Map<String, ?> input) {
    Map<String, Object> block = new LinkedHashMap<>();
    block.put("type", "tool_use");
    block.put("id", Objects.requireNonNull(id, "id"));
    block.put("name", Objects.requireNonNull(name, "name"));
    block.put("input", new LinkedHashMap<>(Objects.requireNonNull(input, "input")));
    return block;
  }

  /**
   * An error status with the API's error body {@code {"type":"error","error":{"type":…,
   * "message":…},"request_id":…}}; e.g. {@code error(529, "overloaded_error", "Overloaded")}.
   */
  static ApiError error(int status, String type, String message) {
    return new ApiError(status, type, message, Map.of());
  }

  /** A 429 {@code rate_limit_error} carrying {@code retry-after} in whole seconds. */
  static ApiError rateLimited(Duration retryAfter) {
    return error(429, "rate_limit_error", "Number of request tokens has exceeded your rate limit")
        .withHeader("retry-after", Long.toString(retryAfter.toSeconds()));
  }

  /** A 200 whose body is the given text, claimed to be JSON. */
  static Garbage garbage(String body) {
    return new Garbage(200, body.getBytes(StandardCharsets.UTF_8));
  }

  /** The connection is closed without any response. */
  static Drop dropConnection() {
    return new Drop();
  }

  /** No response until the server is closed; then the connection is dropped. */
  static Hang hang() {
    return new Hang();
  }

  /**
   * A 200 whose headers come at once and whose body never ends: one space every {@code interval}
   * until the server is closed, so no read timeout fires (a server that trickles its reply).
   */
  static Trickle trickle(Duration interval) {
    return new Trickle(interval);
  }

  /** Token counts reported in a message's {@code usage}. */
  record Usage(
      long inputTokens, long outputTokens, long cacheCreationTokens, long cacheReadTokens) {
    public static final Usage DEFAULT = new Usage(100, 20, 0, 0);
  }

  /**
   * A 200 {@code message}.
   *
   * @param stopReason the {@code stop_reason}; null writes JSON null
   * @param content the content blocks, in order
   * @param usage the reported usage
   * @param model the {@code model} to report; null echoes the request's model
   */
  record Message(String stopReason, List<Map<String, Object>> content, Usage usage, String model)
      implements FakeReply {

    public Message {
      content = List.copyOf(Objects.requireNonNull(content, "content"));
      Objects.requireNonNull(usage, "usage");
    }

    public Message withStopReason(String newStopReason) {
      return new Message(newStopReason, content, usage, model);
    }

    public Message withUsage(Usage newUsage) {
      return new Message(stopReason, content, newUsage, model);
    }

    public Message withModel(String newModel) {
      return new Message(stopReason, content, usage, newModel);
    }

    /** This message with one more content block after the others. */
    public Message plus(Map<String, Object> block) {
      List<Map<String, Object>> blocks = new ArrayList<>(content);
      blocks.add(block);
      return new Message(stopReason, blocks, usage, model);
    }
  }

  /** An HTTP error with the API's error JSON and extra response headers. */
  record ApiError(int status, String type, String message, Map<String, String> headers)
      implements FakeReply {

    public ApiError {
      if (status < 400 || status > 599) {
        throw new IllegalArgumentException("status must be 4xx or 5xx, was " + status);
      }
      Objects.requireNonNull(type, "type");
      Objects.requireNonNull(message, "message");
      headers = Map.copyOf(Objects.requireNonNull(headers, "headers"));
    }

    /**
     * This error with one more response header, e.g. {@code retry-after}, {@code x-should-retry}.
     */
    public ApiError withHeader(String name, String value) {
      Map<String, String> all = new LinkedHashMap<>(headers);
      all.put(name, value);
      return new ApiError(status, type, message, all);
    }
  }

  /** A response whose body is arbitrary bytes, sent as {@code application/json}. */
  record Garbage(int status, byte[] body) implements FakeReply {
    public Garbage {
      body = body.clone();
    }

    @Override
    public byte[] body() {
      return body.clone();
    }
  }

  /** Closes the connection without writing a response. */
  record Drop() implements FakeReply {}

  /** Holds the request until the server closes, then drops the connection. */
  record Hang() implements FakeReply {}

  /** Sends headers, then a space every {@code interval} until the server closes. */
  record Trickle(Duration interval) implements FakeReply {
    public Trickle {
      if (interval == null || interval.isNegative() || interval.isZero()) {
        throw new IllegalArgumentException("interval must be positive, was " + interval);
      }
    }
  }
}
