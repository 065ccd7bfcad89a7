package dev.apex.console;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.Json;
import dev.apex.core.Secrets;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Fans console events out to the open event streams. Each subscriber has a bounded queue; one that
 * falls {@value #QUEUE_SIZE} events behind is closed (its browser reconnects and reloads), so a
 * slow client never holds up the others or the poller. Thread-safe.
 */
final class EventHub {

  static final int MAX_SUBSCRIBERS = 16;
  static final int QUEUE_SIZE = 1024;

  /**
   * One event.
   *
   * @param id increasing per hub, sent as the SSE {@code id}
   * @param type {@code task_started}, {@code step}, {@code task_finished}, {@code timeline}, …
   * @param taskId the task it is about, or empty for an event about the console (every stream gets
   *     it, a task's stream too)
   * @param data the JSON payload, on one line
   */
  record Event(long id, String type, String taskId, String data) {}

  private static final Event END = new Event(-1, "end", "", "");

  private final Set<Subscription> subscriptions = ConcurrentHashMap.newKeySet();
  private final AtomicLong ids = new AtomicLong();
  private volatile boolean closed;

  /**
   * A new subscription to every event, or only those of {@code taskId} when it is not null; null
   * when the hub is closed or has {@value #MAX_SUBSCRIBERS} subscribers already.
   */
  synchronized Subscription subscribe(String taskId) {
    if (closed || subscriptions.size() >= MAX_SUBSCRIBERS) {
      return null;
    }
    Subscription subscription = new Subscription(taskId);
    subscriptions.add(subscription);
    return subscription;
  }

  void publish(String type, String taskId, JsonNode data) {
    // Redacted once here, so no subscriber's stream can carry a secret a task's text held.
    Event event = new Event(ids.incrementAndGet(), type, taskId, Secrets.redact(Json.write(data)));
    for (Subscription subscription : subscriptions) {
      subscription.offer(event);
    }
  }

  int subscribers() {
    return subscriptions.size();
  }

  /** Ends every stream; later subscriptions are refused. */
  synchronized void close() {
    closed = true;
    for (Subscription subscription : subscriptions) {
      subscription.close();
    }
  }

  /** One open stream's queue. Read by one thread, fed by any. */
  final class Subscription implements AutoCloseable {
    private final String taskId;
    private final BlockingQueue<Event> queue = new ArrayBlockingQueue<>(QUEUE_SIZE + 1);
    private volatile boolean ended;

    private Subscription(String taskId) {
      this.taskId = taskId;
    }

    private void offer(Event event) {
      if (ended
          || (taskId != null && !event.taskId().isEmpty() && !taskId.equals(event.taskId()))) {
        return;
      }
      if (queue.remainingCapacity() <= 1 || !queue.offer(event)) {
        close();
      }
    }

    /**
     * The next event; empty-handed ({@code null}) after {@code wait} with none, so the caller can
     * send a keep-alive; {@link #isEnd} once the stream must end.
     */
    Event next(Duration wait) throws InterruptedException {
      if (ended && queue.isEmpty()) {
        return END;
      }
      return queue.poll(wait.toMillis(), TimeUnit.MILLISECONDS);
    }

    boolean isEnd(Event event) {
      return event == END;
    }

    /** Ends the stream: the reader gets the end marker next. Idempotent. */
    @Override
    public void close() {
      if (!ended) {
        ended = true;
        queue.clear();
        queue.offer(END);
      }
      subscriptions.remove(this);
    }
  }
}
