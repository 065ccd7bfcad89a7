package dev.apex.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whole web tasks over MCP in real headless Chromium, as a model drives them by the handles the
 * results give, counted as apex-bench counts tokens: click-checkboxes, login-user and click-tab.
 * Every result's fixed wrapper stays within {@link TaskTokensTest#MAX_WRAPPER} tokens, and each
 * task is solved without listing the screen a second time.
 */
@Tag("e2e")
@Timeout(300)
class WebTaskTokensTest {

  private static HttpServer pages;

  @TempDir Path dir;

  @BeforeAll
  static void servePages() throws IOException {
    pages = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    pages.createContext(
        "/",
        exchange -> {
          String name = exchange.getRequestURI().getPath().substring(1);
          try (InputStream in = WebTaskTokensTest.class.getResourceAsStream("pages/" + name)) {
            byte[] body = in == null ? new byte[0] : in.readNBytes(64 * 1024);
            exchange.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(
                in == null ? 404 : 200, body.length == 0 ? -1 : body.length);
            try (OutputStream out = exchange.getResponseBody()) {
              out.write(body);
            }
          }
        });
    pages.start();
  }

  @AfterAll
  static void stopPages() {
    pages.stop(0);
  }

  private McpFixture open(String page) {
    String url = "http://127.0.0.1:" + pages.getAddress().getPort() + "/" + page;
    return McpFixture.in(dir)
        .device("web:" + url)
        .elicitation(
            r ->
                McpSchema.ElicitResult.builder(McpSchema.ElicitResult.Action.ACCEPT)
                    .content(Map.of(McpConfirmer.FIELD, true))
                    .build())
        .start();
  }

  @Test
  void clickCheckboxes() {
    try (McpFixture mcp = open("click-checkboxes.html")) {
      ClientTokens tokens = new ClientTokens();
      String listing = tokens.call(mcp, "describe_screen", Map.of());
      tokens.call(mcp, "tap", Map.of("element", handle(listing, "off .*Apple")));
      tokens.call(mcp, "tap", Map.of("element", handle(listing, "off .*Cherry")));
      String done = tokens.call(mcp, "tap", Map.of("element", handle(listing, "tap @\\S+ Submit")));
      report("click-checkboxes", mcp, tokens);
      assertThat(done).contains("solved");
    }
  }

  @Test
  void loginUser() {
    try (McpFixture mcp = open("login-user.html")) {
      ClientTokens tokens = new ClientTokens();
      String listing = tokens.call(mcp, "describe_screen", Map.of());
      tokens.call(mcp, "tap", Map.of("element", handle(listing, "input.*")));
      tokens.call(mcp, "type_text", Map.of("text", "keli"));
      tokens.call(mcp, "tap", Map.of("element", handle(listing, "input password.*")));
      tokens.call(mcp, "type_text", Map.of("text", "hunter2"));
      String done = tokens.call(mcp, "tap", Map.of("element", handle(listing, "tap .*Login")));
      report("login-user", mcp, tokens);
      assertThat(done).contains("solved");
    }
  }

  @Test
  void clickTab() {
    try (McpFixture mcp = open("click-tab.html")) {
      ClientTokens tokens = new ClientTokens();
      String listing = tokens.call(mcp, "describe_screen", Map.of());
      String opened =
          tokens.call(mcp, "tap", Map.of("element", handle(listing, "tab @\\S+ Tab #2")));
      String done =
          tokens.call(
              mcp,
              "tap",
              Map.of(
                  "element",
                  TaskTokensTest.handle(opened, "tap @\\S+ Continue")
                      .orElseThrow(() -> new AssertionError(tokens))));
      report("click-tab", mcp, tokens);
      assertThat(done).contains("solved");
    }
  }

  private static String handle(String text, String what) {
    Optional<String> found = TaskTokensTest.handle(text, what);
    return found.orElseThrow(() -> new AssertionError("no line for " + what + " in " + text));
  }

  private static void report(String task, McpFixture mcp, ClientTokens tokens) {
    int tools = ClientTokens.toolList(mcp.client.listTools().tools());
    int instructions = ClientTokens.count(ApexMcpServer.INSTRUCTIONS);
    System.out.printf(
        "%s: calls %d, results %d, wrappers %d, requests %d, tools/list %d, instructions %d,"
            + " total %d%n%s",
        task,
        tokens.calls.size(),
        tokens.results(),
        tokens.wrappers(),
        tokens.requests(),
        tools,
        instructions,
        tools + instructions + tokens.results() + tokens.requests(),
        tokens);
    tokens.assertWrappersWithin(TaskTokensTest.MAX_WRAPPER);
    assertThat(tools + instructions)
        .as("tools/list and instructions on a web page")
        .isLessThanOrEqualTo(MAX_WEB_LISTING);
    // Issue 30's goal: a whole task costs at most Playwright MCP's total for it ÷ 2.5, measured
    // with
    // the official client on the same pages and tokenizer (click-checkboxes 8,117, login-user
    // 7,594, click-tab 7,781).
    assertThat(tools + instructions + tokens.results() + tokens.requests())
        .as("%s in all", task)
        .isLessThanOrEqualTo(PLAYWRIGHT_TOTALS.get(task) * 2 / 5);
  }

  /** tools/list and instructions on a web page, in tokens (issue 30's goal). */
  static final int MAX_WEB_LISTING = 2_400;

  private static final Map<String, Integer> PLAYWRIGHT_TOTALS =
      Map.of("click-checkboxes", 8_117, "login-user", 7_594, "click-tab", 7_781);
}
