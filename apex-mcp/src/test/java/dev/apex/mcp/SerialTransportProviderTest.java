package dev.apex.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransport;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import java.io.OutputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import reactor.core.publisher.Mono;

/**
 * Many threads sending at once through the SDK's real stdio transport (issue 28, item 4). Its
 * unicast sink must be signalled serially: unserialised, concurrent sends fail with {@code
 * FAIL_NON_SERIALIZED} ("Failed to enqueue message"), which is how replies finishing on two threads
 * made the server deaf. Through {@link SerialTransportProvider} every send succeeds and every
 * message is written, whole, once.
 */
@Timeout(120)
class SerialTransportProviderTest {

  static final int THREADS = 8;
  static final int EACH = 2_000;
  static final Duration BOUND = Duration.ofSeconds(30);

  @Test
  void messagesSentFromManyThreadsAtOnceAreEachWrittenWholeAndNoSendFails() throws Exception {
    Pipe stdin = new Pipe();
    LineCounter stdout = new LineCounter();
    List<String> stopped = new CopyOnWriteArrayList<>();
    AtomicReference<McpServerTransport> session = new AtomicReference<>();
    SerialTransportProvider provider =
        new SerialTransportProvider(
            new StdioServerTransportProvider(McpJsonDefaults.getMapper(), stdin.source(), stdout),
            stopped::add,
            line -> {});
    provider.setSessionFactory(
        transport -> {
          session.set(transport);
          return new McpServerSession(
              "test", BOUND, transport, init -> Mono.empty(), Map.of(), Map.of());
        });

    List<Throwable> failed = sendAtOnce(session.get());

    assertThat(failed).as("sends that failed").isEmpty();
    assertThat(stdout.awaitLines(THREADS * EACH, BOUND)).isEqualTo(THREADS * EACH);
    assertThat(stdout.brokenLines()).isZero();
    assertThat(stopped).isEmpty();
    stdin.close();
  }

  @Test
  void aSendTheTransportRefusesOrItsClosingIsToldAsTheTransportStopping() {
    RefusingTransport sdk = new RefusingTransport();
    List<String> stopped = new CopyOnWriteArrayList<>();
    SerialTransportProvider provider = new SerialTransportProvider(sdk, stopped::add, line -> {});
    AtomicReference<McpServerTransport> session = new AtomicReference<>();
    provider.setSessionFactory(
        transport -> {
          session.set(transport);
          return null;
        });
    sdk.factory.create(sdk);

    assertThatThrownBy(
            () ->
                session
                    .get()
                    .sendMessage(
                        new McpSchema.JSONRPCNotification("2.0", "notifications/message", Map.of()))
                    .block(BOUND))
        .hasMessage("Failed to enqueue message");
    session.get().closeGracefully().block(BOUND);

    assertThat(stopped)
        .containsExactly(
            "it could not send a message (Failed to enqueue message)", "its session closed");
  }

  /** The SDK's transport as it is once its sink failed: every send refused, as the SDK words it. */
  static final class RefusingTransport implements McpServerTransportProvider, McpServerTransport {
    McpServerSession.Factory factory;

    @Override
    public void setSessionFactory(McpServerSession.Factory factory) {
      this.factory = factory;
    }

    @Override
    public Mono<Void> notifyClients(String method, Object params) {
      return Mono.empty();
    }

    @Override
    public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
      return Mono.error(new RuntimeException("Failed to enqueue message"));
    }

    @Override
    public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
      throw new UnsupportedOperationException("nothing is read here");
    }

    @Override
    public Mono<Void> closeGracefully() {
      return Mono.empty();
    }

    @Override
    public List<String> protocolVersions() {
      return List.of("2025-06-18");
    }

    @Override
    public void close() {}
  }

  /** Each thread sends {@link #EACH} notifications, all starting together; the failures. */
  private static List<Throwable> sendAtOnce(McpServerTransport transport) throws Exception {
    CountDownLatch start = new CountDownLatch(1);
    List<Throwable> failed = new CopyOnWriteArrayList<>();
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      List<CompletableFuture<Void>> senders = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        int thread = t;
        senders.add(
            CompletableFuture.runAsync(
                () -> {
                  awaitQuietly(start);
                  for (int i = 0; i < EACH; i++) {
                    McpSchema.JSONRPCNotification message =
                        new McpSchema.JSONRPCNotification(
                            "2.0", "notifications/message", Map.of("thread", thread, "n", i));
                    try {
                      transport.sendMessage(message).block(BOUND);
                    } catch (RuntimeException e) {
                      failed.add(e);
                    }
                  }
                },
                pool));
      }
      start.countDown();
      CompletableFuture.allOf(senders.toArray(CompletableFuture[]::new))
          .get(BOUND.toSeconds(), TimeUnit.SECONDS);
    } finally {
      pool.shutdownNow();
    }
    return failed;
  }

  private static void awaitQuietly(CountDownLatch start) {
    try {
      start.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Stdout that counts whole lines, and lines that are not one JSON object. */
  static final class LineCounter extends OutputStream {
    private final StringBuilder line = new StringBuilder();
    private int lines;
    private int broken;

    @Override
    public synchronized void write(int b) {
      if (b != '\n') {
        line.append((char) b);
        return;
      }
      String text = line.toString();
      line.setLength(0);
      if (!text.startsWith("{\"jsonrpc\"") || !text.endsWith("}}")) {
        broken++;
      }
      lines++;
      notifyAll();
    }

    synchronized int brokenLines() {
      return broken;
    }

    /** Waits, bounded, for {@code n} lines; the lines written by then. */
    synchronized int awaitLines(int n, Duration bound) throws InterruptedException {
      long deadline = System.nanoTime() + bound.toNanos();
      while (lines < n) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          break;
        }
        TimeUnit.NANOSECONDS.timedWait(this, left);
      }
      return lines;
    }
  }
}
