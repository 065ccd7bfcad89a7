package dev.apex.console;

import dev.apex.core.Json;
import dev.apex.core.Secrets;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * {@code GET /api/events[?task=ID]}: a server-sent event stream of {@code task_started}, {@code
 * step} and {@code task_finished} events (data: the same JSON as the tasks API), for every task or
 * one, and of {@code timeline} events when the timeline becomes unreachable or reachable again
 * (data: as {@link TimelineHealth#json()}; a stream opened while it is unreachable starts with
 * one). A comment line (the heartbeat) is sent when nothing happened for a heartbeat interval: it
 * is how a client that left is noticed, since nothing reads the socket while the response streams.
 * The first write after the client closed still succeeds (the peer answers it with a reset), the
 * next fails, so a slot is freed at the latest two heartbeats after its client left. The handler's
 * thread waits on its subscription's queue with a timeout, never on the socket alone, and returns
 * as soon as the hub closes, so stopping the console does not hang on an open stream.
 */
final class EventStream {

  private final EventHub hub;
  private final TimelineHealth health;
  private final Duration heartbeat;

  EventStream(EventHub hub, TimelineHealth health, Duration heartbeat) {
    this.hub = hub;
    this.health = health;
    this.heartbeat = heartbeat;
  }

  void register(Router router) {
    router.route("GET", "/api/events", this::stream);
  }

  private void stream(Call call) throws IOException {
    String task = call.query("task");
    if (task != null && !task.matches("[A-Za-z0-9_-]{1,64}")) {
      throw HttpError.badRequest("task must be 1 to 64 letters, digits, '-' or '_'");
    }
    EventHub.Subscription subscription = hub.subscribe(task);
    if (subscription == null) {
      call.setHeader("Retry-After", "2");
      throw new HttpError(503, "too many open event streams; close a console tab and retry");
    }
    try (subscription) {
      call.setHeader("X-Accel-Buffering", "no");
      OutputStream out = call.stream(200, "text/event-stream; charset=utf-8");
      write(out, "retry: 2000\n: connected\n\n");
      if (!health.isReachable()) {
        // A stream opened during an outage hears of it at once; the change back comes as an event.
        write(out, "event: timeline\ndata: " + Secrets.redact(Json.write(health.json())) + "\n\n");
      }
      while (true) {
        EventHub.Event event = subscription.next(heartbeat);
        if (event == null) {
          write(out, ": keep-alive\n\n");
        } else if (subscription.isEnd(event)) {
          return;
        } else {
          write(
              out,
              "id: "
                  + event.id()
                  + "\nevent: "
                  + event.type()
                  + "\ndata: "
                  + event.data()
                  + "\n\n");
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void write(OutputStream out, String text) throws IOException {
    out.write(text.getBytes(StandardCharsets.UTF_8));
    out.flush();
  }
}
