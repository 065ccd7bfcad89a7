package dev.apex.mcp;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whole tasks over MCP as a model drives them, by the handles the results give: the sim's Wi-Fi
 * task and three web pages (click-checkboxes, login-user, click-tab; served by {@link Pages}). What
 * each costs the client's model is what {@link TaskTokens} counts while it runs; apex-bench's M6
 * and apex-mcp's token tests both run them here.
 */
public final class McpTasks {

  private McpTasks() {}

  /** A task, and how a model drives it. */
  public enum Task {
    /** Launch Settings, list the screen, tap Wi-Fi, then the switch the tap's result names. */
    SIM_WIFI("sim Wi-Fi", null),
    /** Tick Apple and Cherry, then Submit. */
    CLICK_CHECKBOXES("click-checkboxes", "click-checkboxes.html"),
    /** Type a user name and password, then Login. */
    LOGIN_USER("login-user", "login-user.html"),
    /** Open Tab #2, then Continue, which only that tab shows. */
    CLICK_TAB("click-tab", "click-tab.html");

    private final String label;
    private final String page;

    Task(String label, String page) {
      this.label = label;
      this.page = page;
    }

    public String label() {
      return label;
    }

    /** The page it runs on ({@link Pages}), or empty for the sim. */
    public Optional<String> page() {
      return Optional.ofNullable(page);
    }

    public boolean web() {
      return page != null;
    }
  }

  /**
   * One task's run.
   *
   * @param solved whether the last result says the task is done
   * @param why why it was not solved (a handle it needed was not listed), or null
   * @param listing tools/list and instructions, in tokens
   */
  public record Run(Task task, boolean solved, String why, TaskTokens tokens, int listing) {

    /** Everything the model read: listing, requests and results. */
    public int total() {
      return listing + tokens.requests() + tokens.results();
    }
  }

  /** The sim's Wi-Fi switch, as a result lists it. */
  private static final String SWITCH = "switch off.*";

  /**
   * Drives {@code task} through {@code tokens}' client, whose session is on the task's device (the
   * sim, or a browser at the task's page).
   */
  public static Run run(Task task, TaskTokens tokens) {
    try {
      boolean solved =
          switch (task) {
            case SIM_WIFI -> simWifi(tokens);
            case CLICK_CHECKBOXES -> clickCheckboxes(tokens);
            case LOGIN_USER -> loginUser(tokens);
            case CLICK_TAB -> clickTab(tokens);
          };
      return new Run(
          task,
          solved,
          solved ? null : "the last result does not say it is done",
          tokens,
          tokens.listing());
    } catch (MissingLine e) {
      return new Run(task, false, e.getMessage(), tokens, tokens.listing());
    }
  }

  private static boolean simWifi(TaskTokens t) {
    t.call("launch_app", Map.of("app_id", "com.android.settings"));
    String listing = t.call("describe_screen", Map.of());
    String row = need(listing, "Wi-Fi");
    String opened = t.call("tap", Map.of("element", row));
    Optional<String> named = handle(opened, SWITCH);
    String toggle;
    if (named.isPresent()) {
      toggle = named.get();
    } else {
      toggle = need(t.call("describe_screen", Map.of()), SWITCH);
    }
    String done = t.call("tap", Map.of("element", toggle));
    return done.contains(toggle + " switch off → on");
  }

  private static boolean clickCheckboxes(TaskTokens t) {
    String listing = t.call("describe_screen", Map.of());
    t.call("tap", Map.of("element", need(listing, "checkbox off .*Apple")));
    t.call("tap", Map.of("element", need(listing, "checkbox off .*Cherry")));
    return t.call("tap", Map.of("element", need(listing, "tap @\\S+ Submit"))).contains("solved");
  }

  private static boolean loginUser(TaskTokens t) {
    String listing = t.call("describe_screen", Map.of());
    t.call("tap", Map.of("element", need(listing, "input.*")));
    t.call("type_text", Map.of("text", "keli"));
    t.call("tap", Map.of("element", need(listing, "input password.*")));
    t.call("type_text", Map.of("text", "hunter2"));
    return t.call("tap", Map.of("element", need(listing, "tap .*Login"))).contains("solved");
  }

  private static boolean clickTab(TaskTokens t) {
    String listing = t.call("describe_screen", Map.of());
    String opened = t.call("tap", Map.of("element", need(listing, "tab @\\S+ Tab #2")));
    return t.call("tap", Map.of("element", need(opened, "tap @\\S+ Continue"))).contains("solved");
  }

  /** The handle of the first listed line whose rest matches {@code what}. */
  public static Optional<String> handle(String text, String what) {
    Matcher m = Pattern.compile("(?m)^(\\d+) .*" + what + ".*$").matcher(text);
    return m.find() ? Optional.of(m.group(1)) : Optional.empty();
  }

  private static String need(String text, String what) {
    return handle(text, what).orElseThrow(() -> new MissingLine("no listed line matches " + what));
  }

  private static final class MissingLine extends RuntimeException {
    MissingLine(String message) {
      super(message, null, false, false);
    }
  }

  /**
   * Serves the web tasks' pages from 127.0.0.1 on a free port, each at {@code /PAGE}; anything else
   * is a 404. Close it to free the port.
   */
  public static final class Pages implements AutoCloseable {

    /** The most bytes of a page served. */
    private static final int MAX_PAGE = 64 * 1024;

    private final HttpServer server;

    public Pages() {
      try {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot serve the task pages on 127.0.0.1", e);
      }
      server.createContext("/", Pages::serve);
      server.start();
    }

    /** Where a browser finds {@code task}'s page. */
    public String url(Task task) {
      return "http://127.0.0.1:"
          + server.getAddress().getPort()
          + "/"
          + task.page().orElseThrow(() -> new IllegalArgumentException(task + " has no page"));
    }

    private static void serve(HttpExchange exchange) throws IOException {
      try (exchange) {
        String name = exchange.getRequestURI().getPath().substring(1);
        byte[] body = page(name);
        exchange.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
        exchange.sendResponseHeaders(body == null ? 404 : 200, body == null ? -1 : body.length);
        if (body != null) {
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        }
      }
    }

    private static byte[] page(String name) throws IOException {
      if (List.of(Task.values()).stream().noneMatch(t -> t.page().orElse("").equals(name))) {
        return null;
      }
      try (InputStream in = McpTasks.class.getResourceAsStream("tasks/" + name)) {
        return in == null ? null : in.readNBytes(MAX_PAGE);
      }
    }

    @Override
    public void close() {
      server.stop(0);
    }

    @Override
    public String toString() {
      return "task pages on 127.0.0.1:" + server.getAddress().getPort();
    }
  }
}
