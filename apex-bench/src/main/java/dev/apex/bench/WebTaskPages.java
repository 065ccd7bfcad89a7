package dev.apex.bench;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Serves the suite's pages from 127.0.0.1 on a free port, each at {@code /NAME.html}; anything else
 * is a 404. The pages are read once, when it starts. Close it to free the port.
 */
final class WebTaskPages implements AutoCloseable {

  private final HttpServer server;
  private final Map<String, byte[]> pages = new HashMap<>();

  WebTaskPages(List<WebTask> tasks) {
    for (WebTask t : tasks) {
      if (t.web()) {
        pages.put("/" + t.page(), WebTasks.read(t.page()).getBytes(StandardCharsets.UTF_8));
      }
    }
    try {
      server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot serve the web-task pages on 127.0.0.1", e);
    }
    server.createContext("/", this::serve);
    server.start();
  }

  /** Where the browser finds {@code task}'s page. */
  String url(WebTask task) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/" + task.page();
  }

  private void serve(HttpExchange exchange) throws IOException {
    try (exchange) {
      byte[] page = pages.get(exchange.getRequestURI().getPath());
      byte[] body = page != null ? page : "<h1>Not found</h1>".getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
      exchange.sendResponseHeaders(page != null ? 200 : 404, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
