package dev.apex.console;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.apex.core.Json;
import dev.apex.core.Secrets;
import dev.apex.storage.TimelineException;
import dev.apex.timeline.TimelineUnreachableException;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether the console can read its timeline: reachable, or unreachable since when and why (a
 * timeline on a database server whose server is down). Every read that fails because the server is
 * gone marks it unreachable ({@link #failed}); the next read that works marks it reachable again
 * ({@link #reachable}). Each change is published once on the event stream as a {@code timeline}
 * event (the same JSON as {@link #json()}) and logged once, so the page shows a banner while it
 * lasts and drops it on return. The timeline is named by {@code Timeline.location()}, which never
 * holds a password. Thread-safe.
 */
final class TimelineHealth {

  /** The longest reason kept, in characters (after redaction). */
  static final int MAX_REASON = 300;

  private static final Logger log = LoggerFactory.getLogger(TimelineHealth.class);

  private record Down(Instant since, String reason) {}

  private final String location;
  private final EventHub hub;
  private final Clock clock;
  private Down down;

  TimelineHealth(String location, EventHub hub, Clock clock) {
    this.location = Secrets.redact(Objects.requireNonNull(location, "location"));
    this.hub = Objects.requireNonNull(hub, "hub");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /**
   * Whether {@code e} says the timeline's server cannot be reached (rather than a bad query or a
   * bug): a {@link TimelineUnreachableException}, or a {@link TimelineException} whose message says
   * {@code unreachable}, anywhere in its causes.
   */
  static boolean isUnreachable(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof TimelineUnreachableException) {
        return true;
      }
      if (t instanceof TimelineException
          && String.valueOf(t.getMessage()).contains("unreachable")) {
        return true;
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return false;
  }

  /** A read worked: the timeline is reachable (again). */
  void reachable() {
    synchronized (this) {
      if (down == null) {
        return;
      }
      down = null;
      log.info("the timeline {} is reachable again", location);
      hub.publish("timeline", "", json());
    }
  }

  /**
   * A read failed with {@code e}: when it says the server is unreachable, marks the timeline so
   * (keeping the first moment it was seen down) and returns the 503 a request answers with.
   */
  Optional<HttpError> failed(RuntimeException e) {
    if (!isUnreachable(e)) {
      return Optional.empty();
    }
    synchronized (this) {
      if (down == null) {
        down = new Down(clock.instant(), reason(e));
        log.warn("the timeline {} is unreachable; retrying: {}", location, down.reason());
        hub.publish("timeline", "", json());
      }
      String reason = reason(e);
      String message =
          reason.contains(location)
              ? reason
              : "the timeline " + location + " is unreachable (" + reason + ")";
      return Optional.of(
          new HttpError(503, message + "; retry soon", Map.of("timeline", location)));
    }
  }

  boolean isReachable() {
    synchronized (this) {
      return down == null;
    }
  }

  /**
   * {@code {"location": …, "reachable": true}}, or with {@code "reachable": false} the {@code
   * unreachable_since} instant (ISO-8601) and the {@code reason}.
   */
  ObjectNode json() {
    synchronized (this) {
      ObjectNode node = Json.mapper().createObjectNode();
      node.put("location", location);
      node.put("reachable", down == null);
      if (down != null) {
        node.put("unreachable_since", down.since().toString());
        node.put("reason", down.reason());
      }
      return node;
    }
  }

  private static String reason(Throwable e) {
    // Redacted before it is cut, so no cut can leave part of a secret.
    String message = Secrets.redact(String.valueOf(e.getMessage()));
    int newline = message.indexOf('\n');
    String line = newline < 0 ? message : message.substring(0, newline);
    return line.length() <= MAX_REASON ? line : line.substring(0, MAX_REASON) + "…";
  }
}
