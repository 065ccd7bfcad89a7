package dev.apex.testkit.llm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.Json;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One request {@link FakeMessagesApi} received, as sent.
 *
 * @param method the HTTP method
 * @param path the request path, e.g. {@code /v1/messages}
 * @param headers the request headers, names lower-cased
 * @param body the request body as UTF-8 text
 */
public record RecordedRequest(
    String method, String path, Map<String, List<String>> headers, String body) {

  public RecordedRequest {
    Objects.requireNonNull(method, "method");
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(body, "body");
    Map<String, List<String>> lower = new TreeMap<>();
    headers.forEach((k, v) -> lower.put(k.toLowerCase(Locale.ROOT), List.copyOf(v)));
    headers = Map.copyOf(lower);
  }

  /** The first value of a header (name case-insensitive), if present. */
  public Optional<String> header(String name) {
    List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
    return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
  }

  /**
   * The key the client authenticated with: {@code x-api-key}, else {@code Authorization: Bearer}.
   */
  public Optional<String> apiKey() {
    Optional<String> key = header("x-api-key").filter(k -> !k.isBlank());
    if (key.isPresent()) {
      return key;
    }
    return header("authorization")
        .filter(v -> v.regionMatches(true, 0, "Bearer ", 0, 7))
        .map(v -> v.substring(7).strip())
        .filter(k -> !k.isEmpty());
  }

  /** The body parsed as JSON; fails the test when it is not JSON. */
  public JsonNode json() {
    try {
      return Json.mapper().readTree(body);
    } catch (JsonProcessingException e) {
      throw new AssertionError("request body is not JSON: " + e.getOriginalMessage(), e);
    }
  }
}
