package dev.apex.cli;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A tiny web site on {@code 127.0.0.1:0} (JDK HttpServer): {@code /form} asks for a name and
 * submits it with GET to {@code /result}, which greets it. Records every request's path and query.
 * Also checks that headless Chromium can run here. Thread-safe; close it at the end.
 *
 * <p>A test class serves it for all its tests with {@code @RegisterExtension static final FormSite
 * site = FormSite.forTests();}: it is stopped after the class, and each test is skipped (failed
 * under CI) where Chromium is missing.
 */
final class FormSite implements AutoCloseable, BeforeEachCallback, AfterAllCallback {

  static final String FORM =
      """
      <!doctype html><html><head><title>Greeting</title></head><body>
      <h1>Say hello</h1>
      <form action="/result" method="get">
        <label for="name">Your name</label> <input id="name" name="name" type="text">
        <button id="send" type="submit">Send</button>
      </form>
      </body></html>
      """;

  /**
   * A Submit button that slides 300 CSS pixels right after each of the first two observations apex
   * makes of the page, then stays: the page counts DOM snapshot passes by wrapping {@code
   * getBoundingClientRect} (which the snapshot calls) and moves the button in a task queued after
   * the pass. A click on it writes "clicked" into the page.
   */
  static final String SLIDING =
      """
      <!doctype html><html><head><title>Sliding</title></head><body>
      <p id="status">waiting</p>
      <button id="submit" style="position:absolute;left:20px;top:200px;width:160px;height:50px"
        onclick="document.getElementById('status').textContent='clicked'">Submit</button>
      <script>
        var button = document.getElementById('submit');
        var passes = 0, queued = false;
        var rect = Element.prototype.getBoundingClientRect;
        Element.prototype.getBoundingClientRect = function () {
          if (!queued) {
            queued = true;
            setTimeout(function () {
              queued = false;
              passes++;
              if (passes <= 2) { button.style.left = (20 + 300 * passes) + 'px'; }
            }, 0);
          }
          return rect.apply(this, arguments);
        };
      </script>
      </body></html>
      """;

  /** A drop-down list with a label, saying which plan was chosen on each change. */
  static final String PLANS =
      """
      <!doctype html><html><head><title>Plans</title></head><body>
      <label for="plan">Plan</label>
      <select id="plan"><option value="free">Free</option><option value="pro" selected>Pro</option>
        <option value="team">Team</option></select>
      <p id="status">Nothing chosen</p>
      <script>plan.addEventListener('change', () => document.getElementById('status')
          .textContent = plan.options[plan.selectedIndex].text + ' chosen');</script>
      </body></html>
      """;

  /** Asks a JavaScript confirm() while it loads and writes the answer into the page. */
  static final String CONFIRM =
      """
      <!doctype html><html><head><title>Confirm</title></head><body>
      <p id="status">Waiting</p>
      <script>document.getElementById('status').textContent =
        confirm('Delete the file?') ? 'Deleted' : 'Kept';</script>
      </body></html>
      """;

  private final HttpServer server;
  private final List<String> requests = new ArrayList<>();

  private FormSite(HttpServer server) {
    this.server = server;
    server.createContext("/", this::serve);
    server.start();
  }

  static FormSite start() {
    try {
      return new FormSite(
          HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot bind the test site on loopback", e);
    }
  }

  /** The site, started, for {@code @RegisterExtension}: each test first needs Chromium. */
  static FormSite forTests() {
    return start();
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    requireChromium();
  }

  @Override
  public void afterAll(ExtensionContext context) {
    close();
  }

  /**
   * Skips the calling test when {@code /usr/bin/chromium} or {@code /usr/bin/chromedriver} is
   * missing, except under CI ({@code CI=true}), where it fails: CI installs both.
   */
  static void requireChromium() {
    for (String binary : List.of("/usr/bin/chromium", "/usr/bin/chromedriver")) {
      if (!Files.isExecutable(Path.of(binary))) {
        String why =
            binary
                + " is not installed, so web devices cannot run here"
                + " (apt-get install chromium chromium-driver)";
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
          throw new AssertionError(why);
        }
        Assumptions.abort(why);
      }
    }
  }

  /** {@code http://127.0.0.1:PORT/PATH}. */
  String url(String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + path;
  }

  /** Every request so far, as {@code /path} or {@code /path?query}. */
  synchronized List<String> requests() {
    return List.copyOf(requests);
  }

  private void serve(HttpExchange exchange) throws IOException {
    try (exchange) {
      String path = exchange.getRequestURI().getPath();
      String query = exchange.getRequestURI().getRawQuery();
      synchronized (this) {
        requests.add(query == null ? path : path + "?" + query);
      }
      String page =
          switch (path) {
            case "/form" -> FORM;
            case "/sliding" -> SLIDING;
            case "/plans" -> PLANS;
            case "/confirm" -> CONFIRM;
            case "/result" -> result(query);
            default -> null;
          };
      byte[] body = (page == null ? "<h1>Not found</h1>" : page).getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
      exchange.sendResponseHeaders(page == null ? 404 : 200, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    }
  }

  private static String result(String query) {
    String name = "";
    for (String pair : query == null ? new String[0] : query.split("&")) {
      if (pair.startsWith("name=")) {
        name = URLDecoder.decode(pair.substring(5), StandardCharsets.UTF_8);
      }
    }
    String escaped = name.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    return "<!doctype html><html><head><title>Result</title></head><body>"
        + "<h1 id=\"greeting\">Hello, "
        + escaped
        + "!</h1></body></html>";
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
