package dev.apex.console;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * Reads a server-sent event stream on a background thread into a queue; {@link #next} waits for the
 * next event (up to a generous deadline that only guards against a hang), {@link #awaitEnd} for the
 * server to end the stream.
 */
final class EventClient implements AutoCloseable {

  /** One event as received. */
  record Event(String type, JsonNode data) {}

  private static final Duration DEADLINE = Duration.ofSeconds(60);
  private static final Event END = new Event("<end>", null);

  private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
  private final CompletableFuture<Void> open = new CompletableFuture<>();
  private final CompletableFuture<Void> ended = new CompletableFuture<>();
  private volatile Stream<String> lines;

  EventClient(HttpClient http, HttpRequest request, List<String> transcript) {
    http.sendAsync(request, HttpResponse.BodyHandlers.ofLines())
        .thenAccept(
            response -> {
              transcript.add(response.statusCode() + " " + response.headers().map());
              lines = response.body();
              Thread reader = new Thread(() -> read(lines, transcript), "test-sse-reader");
              reader.setDaemon(true);
              reader.start();
            })
        .exceptionally(
            e -> {
              open.completeExceptionally(e);
              return null;
            });
  }

  private void read(Stream<String> body, List<String> transcript) {
    String type = "message";
    StringBuilder data = new StringBuilder();
    try {
      for (String line : (Iterable<String>) body::iterator) {
        transcript.add(line);
        if (line.startsWith(": connected")) {
          open.complete(null);
        } else if (line.startsWith("event: ")) {
          type = line.substring(7);
        } else if (line.startsWith("data: ")) {
          data.append(line.substring(6));
        } else if (line.isEmpty() && data.length() > 0) {
          events.add(new Event(type, Json.mapper().readTree(data.toString())));
          type = "message";
          data.setLength(0);
        }
      }
    } catch (IOException | UncheckedIOException e) {
      // The stream broke off; the end marker below says so.
    } finally {
      ended.complete(null);
      events.add(END);
    }
  }

  void awaitOpen() {
    open.orTimeout(DEADLINE.toSeconds(), TimeUnit.SECONDS).join();
  }

  /** The next event; fails if the stream ended or nothing came before the deadline. */
  Event next() {
    try {
      Event event = events.poll(DEADLINE.toSeconds(), TimeUnit.SECONDS);
      if (event == null || event == END) {
        throw new AssertionError(event == null ? "no event came" : "the stream ended");
      }
      return event;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  /** Skips events until one matches; fails if the stream ends first. */
  Event next(Predicate<Event> wanted) {
    while (true) {
      Event event = next();
      if (wanted.test(event)) {
        return event;
      }
    }
  }

  /** Waits for the server to end the stream. */
  void awaitEnd() {
    ended.orTimeout(DEADLINE.toSeconds(), TimeUnit.SECONDS).join();
  }

  @Override
  public void close() {
    Stream<String> body = lines;
    if (body != null) {
      body.close();
    }
  }
}
