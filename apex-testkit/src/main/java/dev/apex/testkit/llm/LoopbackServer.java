package dev.apex.testkit.llm;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The HTTP plumbing of a fake model API: a JDK server on {@code 127.0.0.1} and a free port, served
 * concurrently by daemon threads, recording every request, with a latch that releases requests
 * scripted to hang when it closes. The fake supplies only how to answer a recorded request.
 */
final class LoopbackServer implements AutoCloseable {

  /** Answers one request; its exchange is closed afterwards. */
  @FunctionalInterface
  interface Answer {
    void answer(HttpExchange exchange, RecordedRequest request) throws IOException;
  }

  private final HttpServer server;
  private final ExecutorService executor;
  private final CountDownLatch closing = new CountDownLatch(1);
  private final List<RecordedRequest> requests = Collections.synchronizedList(new ArrayList<>());

  private LoopbackServer(HttpServer server, ExecutorService executor) {
    this.server = server;
    this.executor = executor;
  }

  static LoopbackServer start(String name, Answer answer) {
    try {
      HttpServer server =
          HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
      ExecutorService executor =
          Executors.newCachedThreadPool(
              r -> {
                Thread t = new Thread(r, name);
                t.setDaemon(true);
                return t;
              });
      LoopbackServer loopback = new LoopbackServer(server, executor);
      HttpHandler handler =
          exchange -> {
            try (exchange) {
              byte[] body = exchange.getRequestBody().readAllBytes();
              RecordedRequest request =
                  new RecordedRequest(
                      exchange.getRequestMethod(),
                      exchange.getRequestURI().getPath(),
                      exchange.getRequestHeaders(),
                      new String(body, StandardCharsets.UTF_8));
              loopback.requests.add(request);
              answer.answer(exchange, request);
            }
          };
      server.createContext("/", handler);
      server.setExecutor(executor);
      server.start();
      return loopback;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start " + name + " on 127.0.0.1", e);
    }
  }

  int port() {
    return server.getAddress().getPort();
  }

  List<RecordedRequest> requests() {
    synchronized (requests) {
      return List.copyOf(requests);
    }
  }

  /** Blocks until {@link #close()}; then the caller drops its connection by throwing. */
  void awaitClose() {
    try {
      closing.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Sends a 200 with JSON headers and a chunked body, then one space (valid JSON whitespace, so a
   * reader keeps waiting for the value) every {@code interval} until {@link #close()}: a server
   * that trickles its reply so that no read or idle timeout ever fires. Ends by throwing, which
   * drops the connection, once the server closes or the client has gone.
   */
  void trickle(HttpExchange exchange, Duration interval) throws IOException {
    exchange.getResponseHeaders().set("content-type", "application/json");
    exchange.sendResponseHeaders(200, 0);
    OutputStream out = exchange.getResponseBody();
    do {
      out.write(' ');
      out.flush();
    } while (!awaitClose(interval));
    throw new IOException(Thread.currentThread().getName() + ": closed while trickling");
  }

  /** Whether {@link #close()} came within {@code timeout}; an interrupt counts as closing. */
  private boolean awaitClose(Duration timeout) {
    try {
      return closing.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return true;
    }
  }

  static void send(HttpExchange exchange, int status, Map<String, String> headers, byte[] body)
      throws IOException {
    exchange.getResponseHeaders().set("content-type", "application/json");
    headers.forEach((name, value) -> exchange.getResponseHeaders().set(name, value));
    exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  /** {@code body} with {@link FakeReply#REQUEST_KEY} replaced by {@code key}. */
  static byte[] echo(byte[] body, String key) {
    String text = new String(body, StandardCharsets.UTF_8);
    return text.contains(FakeReply.REQUEST_KEY)
        ? text.replace(FakeReply.REQUEST_KEY, key).getBytes(StandardCharsets.UTF_8)
        : body;
  }

  @Override
  public void close() {
    closing.countDown();
    server.stop(0);
    executor.shutdownNow();
  }
}
