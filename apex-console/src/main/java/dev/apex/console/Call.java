package dev.apex.console;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.apex.config.ApexConfigStore;
import dev.apex.config.InvalidConfigException;
import dev.apex.core.Json;
import dev.apex.core.Secrets;
import dev.apex.core.TaskId;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URLDecoder;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Blocker;

/**
 * One request being answered: Jetty's request and response, the path's captured groups, the query
 * and the body {@link Router} has already read, with helpers that check parameters (a bad one is a
 * 400 naming it) and send JSON or bytes. Writes block until the bytes are handed to the client (a
 * client that stops reading fails them at the connector's idle timeout). Used on one thread.
 */
final class Call {

  /** The largest request body read: a flow file fits many times over. */
  static final int MAX_BODY_BYTES = 256 * 1024;

  private static final Pattern TASK_ID = Pattern.compile("[A-Za-z0-9_-]{1,64}");

  private final Request request;
  private final Response response;
  private final Matcher path;
  private final byte[] body;
  private Map<String, String> query;

  /**
   * @param path the route's match, or null for an answer outside a route (an error)
   * @param body the request body as read, at most {@value #MAX_BODY_BYTES} + 1 bytes
   */
  Call(Request request, Response response, Matcher path, byte[] body) {
    this.request = request;
    this.response = response;
    this.path = path;
    this.body = body;
  }

  String method() {
    return request.getMethod();
  }

  HttpFields requestHeaders() {
    return request.getHeaders();
  }

  /** The request header's first value, or null. */
  String header(String name) {
    return request.getHeaders().get(name);
  }

  /** Sets a response header, replacing any value it had. */
  void setHeader(String name, String value) {
    response.getHeaders().put(name, value);
  }

  /** Adds a response header value beside any it had. */
  void addHeader(String name, String value) {
    response.getHeaders().add(name, value);
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
      query = parseQuery(request.getHttpURI().getQuery());
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
    String type = header("Content-Type");
    if (type == null
        || !type.toLowerCase(Locale.ROOT).split(";")[0].strip().equals("application/json")) {
      throw new HttpError(415, "send the body as Content-Type: application/json");
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

  void bytes(int status, String contentType, byte[] content) throws IOException {
    response.setStatus(status);
    response.getHeaders().put("Content-Type", contentType);
    response.getHeaders().put("Content-Length", content.length);
    boolean head = method().equals("HEAD");
    writeLast(head ? ByteBuffer.allocate(0) : ByteBuffer.wrap(content));
  }

  /** Answers 303 See Other to {@code location}. */
  void redirect(String location) throws IOException {
    response.setStatus(303);
    response.getHeaders().put("Location", location);
    writeLast(ByteBuffer.allocate(0));
  }

  /**
   * Sends {@code status} and the headers set so far, and returns the body as a stream the caller
   * writes and flushes (an event stream); the router ends the response when the handler returns.
   */
  OutputStream stream(int status, String contentType) throws IOException {
    response.setStatus(status);
    response.getHeaders().put("Content-Type", contentType);
    OutputStream out = Content.Sink.asOutputStream(response);
    out.flush();
    return out;
  }

  private void writeLast(ByteBuffer content) throws IOException {
    try (Blocker.Callback written = Blocker.callback()) {
      response.write(true, content, written);
      written.block();
    }
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
