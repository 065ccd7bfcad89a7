package dev.apex.console;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * Reads a request's body without holding a thread while a slow client sends it: Jetty calls back
 * when bytes arrive ({@link Request#demand}). At most {@code max} bytes are kept (a larger body is
 * cut there, so the handler can answer 413); past {@code deadline} the read fails with a {@link
 * TimeoutException}. Reading stops at the first of the end of the body, the limit, the deadline or
 * a failure of the connection.
 */
final class RequestBody implements Runnable {

  private final Request request;
  private final int max;
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final CompletableFuture<byte[]> done = new CompletableFuture<>();

  private RequestBody(Request request, int max) {
    this.request = request;
    this.max = max;
  }

  /** The body, at most {@code max} bytes, once read; failed when it is late or the client left. */
  static CompletableFuture<byte[]> read(
      Request request, int max, Duration deadline, Scheduler scheduler) {
    RequestBody body = new RequestBody(request, max);
    Scheduler.Task timer =
        scheduler.schedule(
            () ->
                body.done.completeExceptionally(
                    new TimeoutException(
                        "the request did not arrive within " + deadline.toMillis() + " ms")),
            deadline.toMillis(),
            TimeUnit.MILLISECONDS);
    body.done.whenComplete((read, failure) -> timer.cancel());
    body.run();
    return body.done;
  }

  /** Takes what has arrived; asks to be called again when more does. */
  @Override
  public void run() {
    while (!done.isDone()) {
      Content.Chunk chunk = request.read();
      if (chunk == null) {
        request.demand(this);
        return;
      }
      if (Content.Chunk.isFailure(chunk)) {
        done.completeExceptionally(chunk.getFailure());
        return;
      }
      ByteBuffer buffer = chunk.getByteBuffer();
      int take = Math.min(buffer.remaining(), max - bytes.size());
      byte[] part = new byte[take];
      buffer.get(part);
      bytes.write(part, 0, take);
      boolean last = chunk.isLast();
      chunk.release();
      if (last || bytes.size() >= max) {
        done.complete(bytes.toByteArray());
      }
    }
  }
}
