package dev.apex.device.ios;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.DeviceException;
import dev.apex.core.DeviceText;
import java.util.Map;
import java.util.function.Function;

/**
 * The WDA session the session-scoped routes ({@code /session/{id}/wda/…}) need: created on first
 * use, created again once per call when WDA has forgotten it (it restarted), deleted on close. Not
 * thread-safe, like the device that owns it.
 */
final class WdaSession {

  private final WdaClient wda;
  private final String deviceId;
  private String sessionId;

  WdaSession(WdaClient wda, String deviceId) {
    this.wda = wda;
    this.deviceId = deviceId;
  }

  /**
   * Runs {@code action} with the session's path prefix ({@code /session/ID}). Error envelopes other
   * than a lost session reach the caller as {@link WdaErrorResponse}.
   */
  JsonNode call(Function<String, JsonNode> action) {
    try {
      return action.apply("/session/" + id());
    } catch (WdaErrorResponse e) {
      if (!e.isInvalidSession()) {
        throw e;
      }
      sessionId = null;
      return action.apply("/session/" + id());
    }
  }

  /** Deletes the session, if one was made; never throws. */
  void delete() {
    String s = sessionId;
    sessionId = null;
    if (s != null) {
      try {
        wda.delete("/session/" + s);
      } catch (RuntimeException ignored) {
        // WDA may already be gone; closing must not fail the task that is ending.
      }
    }
  }

  private String id() {
    if (sessionId == null) {
      JsonNode value;
      try {
        // Empty capabilities: attach to whatever is on screen, launching nothing.
        value = wda.post("/session", Map.of("capabilities", Map.of()));
      } catch (WdaErrorResponse e) {
        throw new DeviceException(
            deviceId,
            "WebDriverAgent at " + wda.base() + " refused a session: " + e.getMessage(),
            e);
      }
      String created = value.path("sessionId").asText("");
      if (created.isBlank()) {
        throw new DeviceException(
            deviceId,
            "POST /session answered without a sessionId: "
                + DeviceText.excerpt(value.toString(), 200));
      }
      sessionId = created;
    }
    return sessionId;
  }
}
