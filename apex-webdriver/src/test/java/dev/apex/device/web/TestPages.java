package dev.apex.device.web;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Serves the test pages from 127.0.0.1 on a free port: a form, a long list, a dialog and any page a
 * test adds. {@code /submitted?...} echoes a GET form's fields.
 */
final class TestPages implements AutoCloseable {

  static final String FORM =
      """
      <!doctype html><html><head><title>Form</title></head><body>
      <h1>Sign up</h1>
      <form action="/submitted" method="get">
        <label for="email">E-mail</label> <input id="email" name="email" type="email">
        <label><input id="keep" name="keep" type="checkbox"> Keep me signed in</label>
        <select id="plan" name="plan"><option>Free</option><option selected>Pro</option></select>
        <button id="submit" type="submit">Create account</button>
      </form>
      <p>Clicked <span id="count">0</span> times</p>
      <button id="counter" onclick="document.getElementById('count').textContent++">Count</button>
      <a id="elsewhere" href="/list.html">See the list</a>
      </body></html>
      """;

  static final String DIALOG =
      """
      <!doctype html><html><head><title>Dialog</title></head><body>
      <p id="status">Nothing chosen</p>
      <button id="open" onclick="document.getElementById('d').showModal()">Open dialog</button>
      <dialog id="d"><p>Delete the file?</p>
        <button id="confirm" onclick="choose('Confirmed')">Confirm</button>
        <button id="cancel" onclick="choose('Cancelled')">Cancel</button></dialog>
      <script>function choose(s){document.getElementById('status').textContent=s;
        document.getElementById('d').close();}</script>
      </body></html>
      """;

  static final String INDEX =
      """
      <!doctype html><html><head><title>Test pages</title></head><body><h1>Test pages</h1><ul>
      <li><a href="/form.html">Form</a></li><li><a href="/list.html">List</a></li>
      <li><a href="/dialog.html">Dialog</a></li><li><a href="/modal.html">Modal</a></li>
      </ul></body></html>
      """;

  private final HttpServer server;
  private final Map<String, Function<String, String>> pages = new ConcurrentHashMap<>();

  TestPages() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/", this::serve);
    server.start();
    add("/form.html", FORM);
    add("/", INDEX);
    add("/dialog.html", DIALOG);
    add("/modal.html", DIALOG.replace("</body>", "<script>d.showModal()</script></body>"));
    add("/list.html", list(200));
    pages.put(
        "/submitted",
        query -> "<!doctype html><title>Submitted</title><h1>Thanks " + decode(query) + "</h1>");
  }

  /** A page of {@code n} buttons, one per line, each reporting its click in {@code #status}. */
  static String list(int n) {
    StringBuilder html =
        new StringBuilder(
            "<!doctype html><html><head><title>List</title></head><body>"
                + "<p id=\"status\" style=\"position:fixed;top:0;right:0\">None</p><ul>");
    for (int i = 1; i <= n; i++) {
      html.append("<li><button id=\"item-")
          .append(i)
          .append(
              "\" onclick=\"document.getElementById('status').textContent='Clicked '+this.textContent\">Item ")
          .append(i)
          .append("</button></li>");
    }
    return html.append("</ul></body></html>").toString();
  }

  void add(String path, String html) {
    pages.put(path, query -> html);
  }

  String url(String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + path;
  }

  String origin() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  private void serve(HttpExchange exchange) throws IOException {
    try (exchange) {
      Function<String, String> page = pages.get(exchange.getRequestURI().getPath());
      byte[] body =
          (page == null ? "<h1>Not found</h1>" : page.apply(exchange.getRequestURI().getRawQuery()))
              .getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
      exchange.sendResponseHeaders(page == null ? 404 : 200, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    }
  }

  private static String decode(String query) {
    if (query == null) {
      return "";
    }
    return URLDecoder.decode(query, StandardCharsets.UTF_8).replace("&", " ").replace("<", "&lt;");
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
