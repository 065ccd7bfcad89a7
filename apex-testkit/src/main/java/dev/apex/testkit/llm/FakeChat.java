package dev.apex.testkit.llm;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One scripted answer of {@link FakeChatCompletionsApi}, in the Chat Completions wire format. Build
 * them with the static factories ({@link #text}, {@link #toolCall}, {@link #toolCallRaw}, {@link
 * #error}, {@link #rateLimited}, {@link #unsupported}, {@link #garbage}, {@link #dropConnection},
 * {@link #hang}, {@link #trickle}); all are immutable. {@link FakeReply#REQUEST_KEY} anywhere in a
 * reply is replaced by the key its request carried.
 */
public sealed interface FakeChat
    permits FakeChat.Completion,
        FakeChat.ApiError,
        FakeChat.Garbage,
        FakeChat.Drop,
        FakeChat.Hang,
        FakeChat.Trickle {

  /** A 200 completion whose message holds {@code content}, {@code finish_reason: stop}. */
  static Completion text(String content) {
    return new Completion("stop", content, List.of(), Usage.DEFAULT, null);
  }

  /**
   * A 200 completion calling one function tool with {@code arguments} (serialized to the JSON
   * string the wire carries), {@code finish_reason: tool_calls}.
   */
  static Completion toolCall(String name, Map<String, ?> arguments) {
    return toolCallRaw(name, dev.apex.core.Json.write(new LinkedHashMap<>(arguments)));
  }

  /** As {@link #toolCall}, with the arguments string as sent (malformed JSON, say). */
  static Completion toolCallRaw(String name, String arguments) {
    Map<String, Object> call = new LinkedHashMap<>();
    call.put("id", "call_fake");
    call.put("type", "function");
    call.put("function", Map.of("name", name, "arguments", arguments));
    return new Completion("tool_calls", null, List.of(call), Usage.DEFAULT, null);
  }

  /**
   * An error status with OpenAI's error body {@code {"error":{"message","type","param","code"}}}.
   */
  static ApiError error(int status, String type, String message) {
    return new ApiError(status, type, message, null, Map.of());
  }

  /** A 429 {@code rate_limit_exceeded} carrying {@code retry-after} in whole seconds. */
  static ApiError rateLimited(Duration retryAfter) {
    return error(429, "requests", "Rate limit reached")
        .withHeader("retry-after", Long.toString(retryAfter.toSeconds()));
  }

  /**
   * The 400 a local server gives for a parameter it does not support, e.g. {@code
   * unsupported("tools")}: {@code param} set, and a message naming it.
   */
  static ApiError unsupported(String param) {
    return new ApiError(
        400,
        "invalid_request_error",
        "this server does not support '" + param + "'",
        param,
        Map.of());
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

  /** Token counts reported in {@code usage}: prompt (cached included), completion, cached. */
  record Usage(long promptTokens, long completionTokens, long cachedTokens) {
    public static final Usage DEFAULT = new Usage(100, 20, 0);
  }

  /**
   * A 200 {@code chat.completion} with one choice.
   *
   * @param finishReason the {@code finish_reason}; null writes JSON null
   * @param content the message's {@code content}, or null
   * @param toolCalls the message's {@code tool_calls}, empty for none
   * @param usage the reported usage, or null to send none
   * @param model the {@code model} to report; null echoes the request's
   */
  record Completion(
      String finishReason,
      String content,
      List<Map<String, Object>> toolCalls,
      Usage usage,
      String model)
      implements FakeChat {

    public Completion {
      toolCalls = List.copyOf(Objects.requireNonNull(toolCalls, "toolCalls"));
    }

    public Completion withFinishReason(String value) {
      return new Completion(value, content, toolCalls, usage, model);
    }

    public Completion withUsage(Usage value) {
      return new Completion(finishReason, content, toolCalls, value, model);
    }

    /** This completion with one more tool call (the text and usage kept). */
    public Completion plus(Completion other) {
      List<Map<String, Object>> calls = new ArrayList<>(toolCalls);
      calls.addAll(other.toolCalls());
      return new Completion(finishReason, content, calls, usage, model);
    }
  }

  /** An HTTP error with OpenAI's error JSON and extra response headers. */
  record ApiError(
      int status, String type, String message, String param, Map<String, String> headers)
      implements FakeChat {

    public ApiError {
      if (status < 400 || status > 599) {
        throw new IllegalArgumentException("status must be 4xx or 5xx, was " + status);
      }
      Objects.requireNonNull(type, "type");
      Objects.requireNonNull(message, "message");
      headers = Map.copyOf(Objects.requireNonNull(headers, "headers"));
    }

    /** This error with one more response header, e.g. {@code retry-after}. */
    public ApiError withHeader(String name, String value) {
      Map<String, String> all = new LinkedHashMap<>(headers);
      all.put(name, value);
      return new ApiError(status, type, message, param, all);
    }
  }

  /** A response whose body is arbitrary bytes, sent as {@code application/json}. */
  record Garbage(int status, byte[] body) implements FakeChat {
    public Garbage {
      body = body.clone();
    }

    @Override
    public byte[] body() {
      return body.clone();
    }
  }

  /** Closes the connection without writing a response. */
  record Drop() implements FakeChat {}

  /** Holds the request until the server closes, then drops the connection. */
  record Hang() implements FakeChat {}

  /** Sends headers, then a space every {@code interval} until the server closes. */
  record Trickle(Duration interval) implements FakeChat {
    public Trickle {
      if (interval == null || interval.isNegative() || interval.isZero()) {
        throw new IllegalArgumentException("interval must be positive, was " + interval);
      }
    }
  }
}
