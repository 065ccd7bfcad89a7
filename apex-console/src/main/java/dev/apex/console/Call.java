package dev.apex.console;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import dev.apex.config.ApexConfigStore;
import dev.apex.config.InvalidConfigException;
import dev.apex.core.Json;
import dev.apex.core.Secrets;
import dev.apex.core.TaskId;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One request being answered: the exchange, the path's captured groups and the query, with helpers
 * that check parameters (a bad one is a 400 naming it) and send JSON or bytes. Used on one thread.
 */
final class Call {

  /** The largest request body read: a flow file fits many times over. */
  static final int MAX_BODY_BYTES = 256 * 1024;

  private static final Pattern TASK_ID = Pattern.compile("[A-Za-z0-9_-]{1,64}");

  private final HttpExchange exchange;
  private final Matcher path;
  private Map<String, String> query;

  Call(HttpExchange exchange, Matcher path) {
    this.exchange = exchange;
    this.path = path;
  }

  HttpExchange exchange() {
    return exchange;
  }

  String method() {
    return exchange.getRequestMethod();
  }

  /** The path's n-th captured group, already URL-decoded. */
  String pathGroup(int n) {
    try {
      return decode(path.group(n));
    } catch (IllegalArgumentException e) {
      throw HttpError.badRequest("the path is not valid URL encoding");
    }
  }

  private static String decode(String text) {
    return URLDecoder.decode(text, StandardCharsets.UTF_8);
  }

  /** The task id in the path's n-th group; a malformed one is a 400. */
  TaskId taskId(int n) {
    String id = pathGroup(n);
    if (!TASK_ID.matcher(id).matches()) {
      throw HttpError.badRequest("task id must be 1 to 64 letters, digits, '-' or '_'");
    }
    return TaskId.of(id);
  }

  /** A positive integer from the path's n-th group (a step index). */
  int pathIndex(int n, String name) {
    try {
      int value = Integer.parseInt(pathGroup(n));
      if (value >= 1) {
        return value;
      }
    } catch (NumberFormatException e) {
      // Answered below, with the same message as an out-of-range value.
    }
    throw HttpError.badRequest(name + " must be a whole number from 1");
  }

  String query(String name) {
    if (query == null) {
      query = parseQuery(exchange.getRequestURI().getRawQuery());
    }
    return query.get(name);
  }

  /** The integer query parameter, {@code fallback} when absent; outside [min, max] is a 400. */
  int intQuery(String name, int fallback, int min, int max) {
    String text = query(name);
    if (text == null) {
      return fallback;
    }
    try {
      int value = Integer.parseInt(text);
      if (value >= min && value <= max) {
        return value;
      }
    } catch (NumberFormatException e) {
      // Answered below.
    }
    throw HttpError.badRequest(name + " must be an integer in [" + min + ", " + max + "]");
  }

  /**
   * The body as a JSON object: 415 unless it is declared {@code application/json}, 413 when larger
   * than {@value #MAX_BODY_BYTES} bytes, 400 when it is not one JSON object (duplicate keys
   * rejected). The parser's message is not echoed: it may quote what was sent.
   */
  JsonNode jsonBody() throws IOException {
    String type = exchange.getRequestHeaders().getFirst("Content-Type");
    if (type == null
        || !type.toLowerCase(Locale.ROOT).split(";")[0].strip().equals("application/json")) {
      throw new HttpError(415, "send the body as Content-Type: application/json");
    }
    byte[] body;
    try (InputStream in = exchange.getRequestBody()) {
      body = in.readNBytes(MAX_BODY_BYTES + 1);
    }
    if (body.length > MAX_BODY_BYTES) {
      throw new HttpError(413, "the body must be at most " + MAX_BODY_BYTES + " bytes");
    }
    try {
      JsonNode node = ApexConfigStore.parseJson(new String(body, StandardCharsets.UTF_8));
      if (!node.isObject()) {
        throw HttpError.badRequest("the body must be a JSON object");
      }
      return node;
    } catch (InvalidConfigException e) {
      throw HttpError.badRequest(e.getMessage().replace("settings are", "the body is"));
    }
  }

  /** Sends {@code body} redacted ({@link Secrets#redact}): every API answer passes here. */
  void json(int status, JsonNode body) throws IOException {
    bytes(
        status,
        "application/json; charset=utf-8",
        Secrets.redact(Json.write(body)).getBytes(StandardCharsets.UTF_8));
  }

  void error(int status, String message) throws IOException {
    error(status, message, Map.of());
  }

  /** An error answer with {@code fields} beside {@code error} and {@code status}. */
  void error(int status, String message, Map<String, String> fields) throws IOException {
    ObjectNode body = Json.mapper().createObjectNode();
    body.put("error", message);
    body.put("status", status);
    fields.forEach(body::put);
    json(status, body);
  }

  void bytes(int status, String contentType, byte[] body) throws IOException {
    exchange.getResponseHeaders().set("Content-Type", contentType);
    boolean head = method().equals("HEAD");
    exchange.sendResponseHeaders(status, head || body.length == 0 ? -1 : body.length);
    if (!head && body.length > 0) {
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    }
    exchange.close();
  }

  /** Answers 303 See Other to {@code location}. */
  void redirect(String location) throws IOException {
    exchange.getResponseHeaders().set("Location", location);
    exchange.sendResponseHeaders(303, -1);
    exchange.close();
  }

  private static Map<String, String> parseQuery(String raw) {
    Map<String, String> params = new HashMap<>();
    if (raw == null || raw.isEmpty()) {
      return params;
    }
    try {
      for (String pair : raw.split("&")) {
        int eq = pair.indexOf('=');
        String name = decode(eq < 0 ? pair : pair.substring(0, eq));
        params.putIfAbsent(name, eq < 0 ? "" : decode(pair.substring(eq + 1)));
      }
    } catch (IllegalArgumentException e) {
      throw HttpError.badRequest("the query string is not valid URL encoding");
    }
    return params;
  }
}
