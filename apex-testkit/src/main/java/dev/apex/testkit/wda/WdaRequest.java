package dev.apex.testkit.wda;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.apex.core.Json;
import java.io.IOException;
import java.util.Objects;

/**
 * One request {@link FakeWda} received.
 *
 * @param method {@code GET}, {@code POST}, {@code DELETE}
 * @param path the path without the query, e.g. {@code /session/S1/wda/tap}
 * @param query the query string, or empty
 * @param body the body as sent (empty for none)
 */
public record WdaRequest(String method, String path, String query, String body) {

  public WdaRequest {
    Objects.requireNonNull(method, "method");
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(query, "query");
    Objects.requireNonNull(body, "body");
  }

  /** The body as JSON ({@code null} node when empty). */
  public JsonNode json() {
    if (body.isBlank()) {
      return NullNode.getInstance();
    }
    try {
      return Json.mapper().readTree(body);
    } catch (IOException e) {
      throw new IllegalStateException("request body is not JSON: " + body, e);
    }
  }

  /** Whether the path ends with {@code suffix}, e.g. {@code /wda/tap}. */
  public boolean is(String method, String suffix) {
    return this.method.equals(method) && path.endsWith(suffix);
  }
}
