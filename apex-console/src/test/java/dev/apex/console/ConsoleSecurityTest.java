package dev.apex.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Who may call the console, and what a bad call gets: the token, the cookie the UI trades it for,
 * Host and Origin checks, remote binding, and every 400. The canary API key in the console's
 * environment must never appear in a response or a log line.
 */
class ConsoleSecurityTest {

  @RegisterExtension final LogCapture logs = new LogCapture();
  @TempDir Path home;
  private TestConsole console;

  @BeforeEach
  void start() {
    console = TestConsole.start(home, SimLauncher.free());
  }

  @AfterEach
  void stop() {
    console.close();
    assertThat(console.responses).noneMatch(r -> r.contains(TestConsole.CANARY));
    assertThat(logs.text()).doesNotContain(TestConsole.CANARY);
  }

  private HttpRequest.Builder anonymous(String path) {
    return HttpRequest.newBuilder(console.uri(path));
  }

  @Test
  void theTokenIsRandomUrlSafeAndInTheUrlToOpen() {
    String token = console.server.token();

    assertThat(token).matches("[A-Za-z0-9_-]{43}");
    assertThat(console.server.url().toString())
        .isEqualTo("http://127.0.0.1:" + console.server.port() + "/?token=" + token);
    try (TestConsole other = TestConsole.start(home.resolve("other"), SimLauncher.free())) {
      assertThat(other.server.token()).isNotEqualTo(token);
    }
    assertThat(logs.text()).doesNotContain(token);
  }

  @Test
  void everyApiCallNeedsTheToken() {
    HttpResponse<String> none = console.send(anonymous("/api/status"));
    HttpResponse<String> wrong =
        console.send(anonymous("/api/tasks").header("Authorization", "Bearer nope"));
    HttpResponse<String> events = console.send(anonymous("/api/events"));
    HttpResponse<String> config =
        console.send(
            anonymous("/api/config")
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString("{\"max_steps\": 3}")));

    for (HttpResponse<String> response : new HttpResponse[] {none, wrong, events, config}) {
      assertThat(response.statusCode()).isEqualTo(401);
      assertThat(response.headers().firstValue("WWW-Authenticate")).hasValue("Bearer");
    }
    assertThat(console.config.current().maxSteps()).isEqualTo(20);
    assertThat(console.get("/api/status").statusCode()).isEqualTo(200);
  }

  @Test
  void theUiTradesTheTokenForAStrictHttpOnlyCookieAndDropsItFromTheAddress() {
    HttpResponse<String> exchange = console.send(anonymous("/?token=" + console.server.token()));

    assertThat(exchange.statusCode()).isEqualTo(303);
    assertThat(exchange.headers().firstValue("Location")).hasValue("/");
    String cookie = exchange.headers().firstValue("Set-Cookie").orElseThrow();
    assertThat(cookie)
        .startsWith("apex_console_" + console.server.port() + "=" + console.server.token())
        .contains("HttpOnly")
        .contains("SameSite=Strict")
        .contains("Path=/");
    String pair = cookie.substring(0, cookie.indexOf(';'));

    HttpResponse<String> page = console.send(anonymous("/").header("Cookie", pair));
    HttpResponse<String> api = console.send(anonymous("/api/tasks").header("Cookie", pair));

    assertThat(page.statusCode()).isEqualTo(200);
    assertThat(page.body()).contains("src=\"/ui/app.js\"");
    assertThat(api.statusCode()).isEqualTo(200);
  }

  @Test
  void aWrongTokenOrNoneGetsTheSignInPageAndNoCookie() {
    HttpResponse<String> wrong = console.send(anonymous("/?token=guess"));
    HttpResponse<String> none = console.send(anonymous("/"));
    HttpResponse<String> forgedCookie =
        console.send(
            anonymous("/").header("Cookie", "apex_console_" + console.server.port() + "=x"));

    for (HttpResponse<String> response : new HttpResponse[] {wrong, none, forgedCookie}) {
      assertThat(response.statusCode()).isEqualTo(401);
      assertThat(response.headers().firstValue("Set-Cookie")).isEmpty();
      assertThat(response.body()).contains("needs its access token");
    }
    assertThat(console.send(anonymous("/ui/app.css")).statusCode()).isEqualTo(200);
  }

  @Test
  void aForeignOriginIsRefused() {
    String own = "http://127.0.0.1:" + console.server.port();
    HttpResponse<String> foreign =
        console.send(console.request("/api/status").header("Origin", "http://evil.example"));
    HttpResponse<String> otherPort =
        console.send(console.request("/api/status").header("Origin", "http://127.0.0.1:1"));
    HttpResponse<String> opaque =
        console.send(console.request("/api/status").header("Origin", "null"));
    HttpResponse<String> post =
        console.send(
            console
                .request("/api/tasks")
                .header("Origin", "https://evil.example")
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"device\":\"sim\",\"goal\":\"x\"}")));
    HttpResponse<String> tokenExchange =
        console.send(
            anonymous("/?token=" + console.server.token()).header("Origin", "http://evil.example"));

    for (HttpResponse<String> response :
        new HttpResponse[] {foreign, otherPort, opaque, post, tokenExchange}) {
      assertThat(response.statusCode()).isEqualTo(403);
      assertThat(response.headers().firstValue("Set-Cookie")).isEmpty();
    }
    assertThat(TestConsole.json(console.get("/api/tasks")).get("tasks")).isEmpty();
    assertThat(console.send(console.request("/api/status").header("Origin", own)).statusCode())
        .isEqualTo(200);
    assertThat(
            console
                .send(
                    console
                        .request("/api/status")
                        .header("Origin", "http://localhost:" + console.server.port()))
                .statusCode())
        .isEqualTo(200);
  }

  @Test
  void aHostThatIsNotUsIsRefusedAgainstDnsRebinding() {
    int port = console.server.port();

    assertThat(hostStatus("evil.example:" + port)).isEqualTo(403);
    assertThat(hostStatus("127.0.0.1.evil.example:" + port)).isEqualTo(403);
    assertThat(hostStatus("127.0.0.1:" + (port == 1 ? 2 : 1))).isEqualTo(403);
    assertThat(hostStatus("10.1.2.3:" + port)).isEqualTo(403);
    assertThat(hostStatus("localhost:" + port)).isEqualTo(200);
    assertThat(hostStatus("127.0.0.1:" + port)).isEqualTo(200);
    assertThat(hostStatus("[::1]:" + port)).isEqualTo(200);
  }

  private int hostStatus(String host) {
    return console.send(console.request("/api/status").header("Host", host)).statusCode();
  }

  @Test
  void bindingAnotherInterfaceNeedsAllowRemote() {
    assertThatThrownBy(() -> TestConsole.start(home.resolve("r"), b -> b.host("0.0.0.0")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("--allow-remote");

    try (TestConsole remote =
        TestConsole.start(home.resolve("r2"), b -> b.host("0.0.0.0").allowRemote(true))) {
      assertThat(remote.server.baseUrl().getHost()).isEqualTo("0.0.0.0");
      HttpResponse<String> status =
          remote.send(
              HttpRequest.newBuilder(
                      java.net.URI.create(
                          "http://127.0.0.1:" + remote.server.port() + "/api/status"))
                  .header("Authorization", "Bearer " + remote.server.token()));
      assertThat(status.statusCode()).isEqualTo(200);
      console.responses.addAll(remote.responses);
    }
    assertThat(logs.text()).contains("reachable from other machines");
  }

  @Test
  void responsesCarrySecurityHeaders() {
    HttpResponse<String> response = console.get("/api/status");

    assertThat(response.headers().firstValue("Content-Security-Policy").orElseThrow())
        .contains("default-src 'self'")
        .contains("frame-ancestors 'none'");
    assertThat(response.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
    assertThat(response.headers().firstValue("Referrer-Policy")).hasValue("no-referrer");
    assertThat(response.headers().firstValue("Cache-Control")).hasValue("no-store");
  }

  static Stream<Arguments> badRequests() {
    return Stream.of(
        Arguments.of("GET", "/api/tasks?limit=0", null, "limit must be an integer in [1, 200]"),
        Arguments.of("GET", "/api/tasks?limit=abc", null, "limit must be an integer"),
        Arguments.of("GET", "/api/tasks?offset=-1", null, "offset must be an integer"),
        Arguments.of("GET", "/api/tasks?status=DONE", null, "status must be one or more of"),
        Arguments.of("GET", "/api/tasks?since=yesterday", null, "since must be an ISO-8601"),
        Arguments.of(
            "GET",
            "/api/tasks?since=2026-02-01T00:00:00Z&until=2026-01-01T00:00:00Z",
            null,
            "since must be before until"),
        Arguments.of("GET", "/api/tasks?host=" + "h".repeat(201), null, "host must be at most 200"),
        Arguments.of("GET", "/api/tasks?suite=a%20b", null, "suite must be a suite run's id"),
        Arguments.of("GET", "/api/suites?limit=0", null, "limit must be an integer in [1, 200]"),
        Arguments.of("GET", "/api/suites?limit=201", null, "limit must be an integer in [1, 200]"),
        Arguments.of("GET", "/api/tasks/bad%20id", null, "task id must be"),
        Arguments.of("GET", "/api/tasks/t1/steps?after=-1", null, "after must be an integer"),
        Arguments.of("GET", "/api/tasks/t1/steps/0/screenshot.png", null, "step index must be"),
        Arguments.of("GET", "/api/tasks/t1/steps/x/screenshot.png", null, "step index must be"),
        Arguments.of("GET", "/api/events?task=a%20b", null, "task must be"),
        Arguments.of("POST", "/api/tasks", "{\"device\": \"sim\"", "the body is not valid JSON"),
        Arguments.of("POST", "/api/tasks", "[]", "the body must be a JSON object"),
        Arguments.of("POST", "/api/tasks", "{\"goal\": \"x\"}", "device is required"),
        Arguments.of(
            "POST", "/api/tasks", "{\"device\": 7, \"goal\": \"x\"}", "device must be a string"),
        Arguments.of("POST", "/api/tasks", "{\"device\": \"sim\"}", "give exactly one of goal"),
        Arguments.of(
            "POST",
            "/api/tasks",
            "{\"device\": \"sim\", \"goal\": \"x\", \"flow\": \"y\"}",
            "give exactly one of goal"),
        Arguments.of(
            "POST",
            "/api/tasks",
            "{\"device\": \"sim\", \"goal\": \"x\", \"prio\": 1}",
            "unknown key prio"),
        Arguments.of(
            "POST",
            "/api/tasks",
            "{\"device\": \"phone\", \"goal\": \"x\"}",
            "unknown device phone"),
        Arguments.of(
            "POST",
            "/api/tasks",
            "{\"device\": \"sim\", \"flow\": \"steps:\\n  - fly: away\\n\"}",
            "fly"),
        Arguments.of("PUT", "/api/config", "{\"max_stepz\": 3}", "unknown config key max_stepz"),
        Arguments.of(
            "PUT",
            "/api/config",
            "{\"max_steps\": 0}",
            "max_steps must be an integer in [1, 1000]"),
        Arguments.of(
            "PUT",
            "/api/config",
            "{\"semantic\": {\"enabled\": \"yes\"}}",
            "semantic.enabled must be true or false"),
        Arguments.of(
            "PUT",
            "/api/config",
            "{\"semantic\": {\"model\": \"a b\"}}",
            "semantic.model must be a model id"),
        Arguments.of(
            "PUT",
            "/api/config",
            "{\"semantic\": {\"timeout_ms\": 50}}",
            "semantic.timeout_ms must be"),
        Arguments.of(
            "PUT",
            "/api/config",
            "{\"semantic\": {\"max_retries\": 6}}",
            "semantic.max_retries must be"),
        Arguments.of(
            "PUT", "/api/config", "{\"world\": {\"enabled\": null}}", "world.enabled must be"),
        Arguments.of(
            "PUT",
            "/api/config",
            "{\"world\": {\"history_size\": 0}}",
            "world.history_size must be"),
        Arguments.of(
            "PUT",
            "/api/config",
            "{\"screenshot_retention\": 1.5}",
            "screenshot_retention must be"),
        Arguments.of("PUT", "/api/config", "{\"world\": 3}", "world must be a JSON object"),
        Arguments.of(
            "PUT",
            "/api/config",
            "{\"anthropic_api_key\": \"" + TestConsole.CANARY + "\"}",
            "anthropic_api_key cannot be set here"),
        Arguments.of(
            "PUT",
            "/api/config",
            "{\"semantic\": {\"model\": \"" + TestConsole.CANARY + "\"}}",
            "semantic.model must not be the API key"),
        Arguments.of(
            "PUT", "/api/config", "{\"max_steps\": " + TestConsole.CANARY + "}", "not valid JSON"));
  }

  @ParameterizedTest(name = "{0} {1} {2}")
  @MethodSource("badRequests")
  void badRequestsAre400WithAMessageNamingWhatIsWrong(
      String method, String path, String body, String message) {
    HttpRequest.Builder request = console.request(path);
    if (body != null) {
      request
          .header("Content-Type", "application/json")
          .method(method, HttpRequest.BodyPublishers.ofString(body));
    }
    HttpResponse<String> response = console.send(request);

    assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
    assertThat(TestConsole.json(response).get("error").asText()).contains(message);
    assertThat(console.config.current().maxSteps()).isEqualTo(20);
    assertThat(TestConsole.json(console.get("/api/tasks")).get("tasks")).isEmpty();
  }

  @Test
  void otherBadCallsGetTheirOwnStatus() {
    HttpResponse<String> notJson =
        console.send(
            console
                .request("/api/tasks")
                .header("Content-Type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofString("{}")));
    HttpResponse<String> tooBig =
        console.post(
            "/api/tasks",
            "{\"device\": \"sim\", \"goal\": \"" + "x".repeat(Call.MAX_BODY_BYTES) + "\"}");
    HttpResponse<String> wrongMethod = console.send(console.request("/api/status").DELETE());

    assertThat(notJson.statusCode()).isEqualTo(415);
    assertThat(tooBig.statusCode()).isEqualTo(413);
    assertThat(wrongMethod.statusCode()).isEqualTo(405);
    assertThat(wrongMethod.headers().firstValue("Allow")).hasValue("GET");
  }

  @Test
  void aConsoleWithoutALauncherCannotStartTasks() {
    try (TestConsole readOnly = TestConsole.start(home.resolve("ro"), b -> b)) {
      HttpResponse<String> start =
          readOnly.post("/api/tasks", "{\"device\": \"sim\", \"goal\": \"x\"}");
      assertThat(start.statusCode()).isEqualTo(503);
      assertThat(TestConsole.json(readOnly.get("/api/status")).get("can_start_tasks").asBoolean())
          .isFalse();
      console.responses.addAll(readOnly.responses);
    }
  }

  @Test
  void runningTaskWithTheKeyInItsConfigLeaksItNowhere() {
    try (EventClient events = console.events("")) {
      HttpResponse<String> start =
          console.post(
              "/api/tasks",
              "{\"device\": \"sim\", \"flow\": " + quoted(SimLauncher.WIFI_FLOW) + "}");
      assertThat(start.statusCode()).isEqualTo(201);
      String id = TestConsole.json(start).get("id").asText();

      events.next(e -> e.type().equals("task_finished"));
      console.get("/api/tasks/" + id + "/steps");
      console.get("/api/status");
      console.get("/api/config");
    }
    assertThat(
            TestConsole.json(console.get("/api/tasks")).get("tasks").get(0).get("status").asText())
        .isEqualTo("SUCCEEDED");
  }

  static String quoted(String text) {
    return dev.apex.core.Json.write(text);
  }
}
