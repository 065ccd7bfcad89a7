package dev.apex.device;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One HTTP exchange with a device endpoint (WebDriverAgent, a WebDriver server) held to {@link
 * DeviceLimits}: the whole exchange, headers and body, must end before the deadline, and the body
 * is read into memory only up to the cap. {@code java.net.http}'s own request timeout stops at the
 * response headers, so a server that sends them and then trickles or floods the body would hold a
 * call forever or fill the heap; here it fails with {@link DeadlineExceeded} or {@link TooLarge}.
 * Stateless and thread-safe.
 */
public final class BoundedBody {

  private BoundedBody() {}

  /** The whole exchange did not end within its deadline; the request was cancelled. */
  public static final class DeadlineExceeded extends IOException {
    private final Duration deadline;

    DeadlineExceeded(Duration deadline) {
      super("no whole answer within " + DeviceLimits.describe(deadline));
      this.deadline = deadline;
    }

    public Duration deadline() {
      return deadline;
    }
  }

  /** The body was longer than the cap; reading stopped there. */
  public static final class TooLarge extends IOException {
    private final long limit;

    TooLarge(long limit) {
      super("the answer was longer than " + limit + " bytes");
      this.limit = limit;
    }

    public long limit() {
      return limit;
    }
  }

  /**
   * Sends {@code request} and reads its answer whole, within {@code deadline} and {@code maxBytes}.
   *
   * @throws DeadlineExceeded when the exchange ran past the deadline
   * @throws TooLarge when the body was longer than {@code maxBytes}
   * @throws IOException for a connection failure (as {@link HttpClient#send} throws it)
   */
  public static HttpResponse<byte[]> send(
      HttpClient http, HttpRequest request, Duration deadline, long maxBytes)
      throws IOException, InterruptedException {
    CompletableFuture<HttpResponse<byte[]>> call = http.sendAsync(request, handler(maxBytes));
    try {
      return call.get(deadline.toNanos(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      call.cancel(true);
      throw new DeadlineExceeded(deadline);
    } catch (InterruptedException e) {
      call.cancel(true);
      throw e;
    } catch (CancellationException e) {
      throw new DeadlineExceeded(deadline);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      while (cause instanceof java.util.concurrent.CompletionException
          && cause.getCause() != null) {
        cause = cause.getCause();
      }
      if (cause instanceof TooLarge large) {
        throw new TooLarge(large.limit());
      }
      if (cause instanceof IOException io) {
        throw io;
      }
      throw new IOException(cause);
    }
  }

  /** A body handler that keeps at most {@code maxBytes} and fails with {@link TooLarge} past it. */
  public static HttpResponse.BodyHandler<byte[]> handler(long maxBytes) {
    if (maxBytes <= 0) {
      throw new IllegalArgumentException("maxBytes must be positive, got " + maxBytes);
    }
    return info -> new Capped(maxBytes, info.headers().firstValueAsLong("Content-Length"));
  }

  private static final class Capped implements HttpResponse.BodySubscriber<byte[]> {
    private final long maxBytes;
    private final CompletableFuture<byte[]> body = new CompletableFuture<>();
    private final ByteArrayOutputStream bytes;
    private Flow.Subscription subscription;
    private long total;

    Capped(long maxBytes, java.util.OptionalLong declared) {
      this.maxBytes = maxBytes;
      long hint = declared.orElse(8192);
      this.bytes = new ByteArrayOutputStream((int) Math.max(0, Math.min(hint, 1 << 20)));
      if (declared.isPresent() && declared.getAsLong() > maxBytes) {
        body.completeExceptionally(new TooLarge(maxBytes));
      }
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
      subscription = s;
      if (body.isDone()) {
        s.cancel();
      } else {
        s.request(Long.MAX_VALUE);
      }
    }

    @Override
    public void onNext(List<ByteBuffer> items) {
      if (body.isDone()) {
        return;
      }
      for (ByteBuffer item : items) {
        total += item.remaining();
        if (total > maxBytes) {
          subscription.cancel();
          body.completeExceptionally(new TooLarge(maxBytes));
          return;
        }
        byte[] chunk = new byte[item.remaining()];
        item.get(chunk);
        bytes.write(chunk, 0, chunk.length);
      }
    }

    @Override
    public void onError(Throwable error) {
      body.completeExceptionally(error);
    }

    @Override
    public void onComplete() {
      body.complete(bytes.toByteArray());
    }

    @Override
    public CompletionStage<byte[]> getBody() {
      return body;
    }
  }
}
