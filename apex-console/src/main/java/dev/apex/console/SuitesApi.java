package dev.apex.console;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.apex.core.Json;
import dev.apex.storage.Timeline;
import java.io.IOException;

/**
 * The suites API: {@code GET /api/suites?limit=20}, the newest suite runs ({@code apex test}) of
 * the timeline, most recently started first, each as {@link Views#suite}; {@code limit} is 1 to
 * {@value Timeline#MAX_SUITES}. A suite's tasks are {@code GET /api/tasks?suite=ID}.
 */
final class SuitesApi {

  private final Timeline timeline;

  SuitesApi(Timeline timeline) {
    this.timeline = timeline;
  }

  void register(Router router) {
    router.route("GET", "/api/suites", this::list);
  }

  private void list(Call call) throws IOException {
    int limit = call.intQuery("limit", 20, 1, Timeline.MAX_SUITES);
    ObjectNode body = Json.mapper().createObjectNode();
    ArrayNode suites = body.putArray("suites");
    timeline.suites(limit).forEach(s -> suites.add(Views.suite(s)));
    body.put("limit", limit);
    call.json(200, body);
  }
}
