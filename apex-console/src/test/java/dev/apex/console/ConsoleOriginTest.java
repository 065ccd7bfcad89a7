package dev.apex.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.config.ApexConfig;
import dev.apex.core.InvalidInputException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What a console user opens is policy ({@link DeviceOrigins}): the inspector's Connect and New task
 * with a {@code web:file:} selector are a 400 naming the scheme, an origin {@code
 * planner.allowed_urls} does not hold a 403 naming the key, and a loopback address passes only when
 * named exactly. The launcher records every selector that reached it: a refused one never does.
 */
@Timeout(60)
class ConsoleOriginTest {

  @TempDir Path home;
  private TestConsole console;
  private final RecordingLauncher launcher = new RecordingLauncher();

  @AfterEach
  void stop() {
    if (console != null) {
      console.close();
    }
  }

  /** Records the selectors that reached it; opens nothing. */
  private static final class RecordingLauncher implements TaskLauncher {
    final List<String> reached = new CopyOnWriteArrayList<>();
    final List<List<String>> allowedUrls = new CopyOnWriteArrayList<>();

    @Override
    public PreparedTask prepare(TaskRequest request, ApexConfig config) {
      reached.add(request.device());
      allowedUrls.add(config.planner().allowedUrls());
      throw new InvalidInputException("unknown device " + request.device());
    }

    @Override
    public String identity(String selector, ApexConfig config) {
      reached.add(selector);
      return selector;
    }

    @Override
    public HeldDevice hold(String selector, ApexConfig config) {
      reached.add(selector);
      allowedUrls.add(config.planner().allowedUrls());
      throw new InvalidInputException("unknown device " + selector);
    }
  }

  private void start(String allowedUrls) throws Exception {
    if (allowedUrls != null) {
      Files.writeString(
          home.resolve("config.json"), "{\"planner\": {\"allowed_urls\": [" + allowedUrls + "]}}");
    }
    console = TestConsole.start(home, launcher);
  }

  private HttpResponse<String> connect(String device) {
    return console.post(
        "/api/inspector", "{\"device\": " + ConsoleSecurityTest.quoted(device) + "}");
  }

  private HttpResponse<String> newTask(String device) {
    return console.post(
        "/api/tasks",
        "{\"device\": "
            + ConsoleSecurityTest.quoted(device)
            + ", \"flow\": \"name: x\\nsteps:\\n  - press_key: back\\n\"}");
  }

  private static String error(HttpResponse<String> response) {
    return TestConsole.json(response).get("error").asText();
  }

  @Test
  void aFileUrlIsRefusedForConnectAndNewTaskBeforeAnythingOpens() throws Exception {
    start("\"*\"");

    for (HttpResponse<String> refused :
        List.of(connect("web:file:///etc/passwd"), newTask("web:file:///etc/passwd"))) {
      assertThat(refused.statusCode()).as(refused.body()).isEqualTo(400);
      assertThat(error(refused)).contains("it is a file: URL").doesNotContain("\n");
    }
    assertThat(launcher.reached).isEmpty();
    assertThat(console.timeline.tasks(10, 0)).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"data:", "javascript:", "chrome:", "about:"})
  void otherSchemesAreRefusedNamingTheScheme(String scheme) throws Exception {
    start(null);
    String url =
        switch (scheme) {
          case "data:" -> "data:text/html,hi";
          case "javascript:" -> "javascript:alert(1)";
          case "chrome:" -> "chrome://settings";
          default -> "about:config";
        };

    HttpResponse<String> refused = connect("web:" + url);

    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(400);
    assertThat(error(refused)).contains("it is a " + scheme + " URL");
    assertThat(launcher.reached).isEmpty();
  }

  @Test
  void anOriginTheConfigDoesNotAllowIsForbiddenNamingTheKey() throws Exception {
    start(null);

    for (HttpResponse<String> refused :
        List.of(
            connect("web:https://shop.example.com/cart"),
            newTask("web:https://shop.example.com/"))) {
      assertThat(refused.statusCode()).as(refused.body()).isEqualTo(403);
      assertThat(error(refused))
          .contains("https://shop.example.com")
          .contains("planner.allowed_urls");
    }
    assertThat(launcher.reached).isEmpty();
  }

  @Test
  void anAllowedOriginReachesTheLauncher() throws Exception {
    start("\"https://shop.example.com\"");

    HttpResponse<String> connected = connect("web:https://shop.example.com/cart");

    assertThat(connected.statusCode()).as(connected.body()).isEqualTo(400);
    assertThat(error(connected)).startsWith("unknown device");
    assertThat(launcher.reached).contains("web:https://shop.example.com/cart");
  }

  @Test
  void loopbackIsForbiddenUnderAWildcardAndOpensWhenNamedExactly() throws Exception {
    start("\"*\"");
    HttpResponse<String> refused = connect("ios:http://127.0.0.1:8100");
    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(403);
    assertThat(error(refused)).contains("http://127.0.0.1:8100 is a local address");
    assertThat(launcher.reached).isEmpty();
    console.close();

    start("\"*\", \"http://127.0.0.1:8100\"");
    HttpResponse<String> reached = connect("ios:http://127.0.0.1:8100");
    assertThat(error(reached)).startsWith("unknown device");
    assertThat(launcher.reached).contains("ios:http://127.0.0.1:8100");
  }

  private HttpResponse<String> allowed(String path, String device, String allowOrigin) {
    String rest =
        path.equals("/api/tasks")
            ? ", \"flow\": \"name: x\\nsteps:\\n  - press_key: back\\n\""
            : "";
    return console.post(
        path,
        "{\"device\": "
            + ConsoleSecurityTest.quoted(device)
            + rest
            + ", \"allow_origin\": "
            + allowOrigin
            + "}");
  }

  @Test
  void aForbiddenOriginIsNamedInTheAnswerForTheAllowButton() throws Exception {
    start(null);

    for (HttpResponse<String> refused :
        List.of(
            connect("web:https://shop.example.com/cart"),
            newTask("web:https://shop.example.com/"))) {
      assertThat(refused.statusCode()).as(refused.body()).isEqualTo(403);
      assertThat(TestConsole.json(refused).get("origin").asText())
          .isEqualTo("https://shop.example.com");
    }
    HttpResponse<String> local = connect("ios:http://127.0.0.1:8100");
    assertThat(TestConsole.json(local).get("origin").asText()).isEqualTo("http://127.0.0.1:8100");
    assertThat(launcher.reached).isEmpty();
  }

  @Test
  void theAllowOfThatOriginOpensItForThatRequestOnlyAndTheTaskRunsWithIt() throws Exception {
    start(null);

    HttpResponse<String> task =
        allowed("/api/tasks", "web:https://shop.example.com/cart", "\"https://shop.example.com\"");
    assertThat(error(task)).as(task.body()).startsWith("unknown device");
    assertThat(launcher.reached).contains("web:https://shop.example.com/cart");
    assertThat(launcher.allowedUrls).containsExactly(List.of("https://shop.example.com"));

    HttpResponse<String> connected =
        allowed("/api/inspector", "web:https://shop.example.com/", "\"https://shop.example.com\"");
    assertThat(error(connected)).as(connected.body()).startsWith("unknown device");
    assertThat(launcher.allowedUrls)
        .hasSize(2)
        .last()
        .isEqualTo(List.of("https://shop.example.com"));

    // The config did not change: the next request without the Allow asks again.
    HttpResponse<String> again = newTask("web:https://shop.example.com/cart");
    assertThat(again.statusCode()).as(again.body()).isEqualTo(403);
    assertThat(console.config.current().planner().allowedUrls()).isEmpty();
  }

  @Test
  void anAllowOfAnotherOriginOrOfAFileUrlOpensNothing() throws Exception {
    start(null);

    HttpResponse<String> other =
        allowed("/api/inspector", "web:https://shop.example.com/", "\"https://evil.example\"");
    assertThat(other.statusCode()).as(other.body()).isEqualTo(403);
    HttpResponse<String> wider =
        allowed("/api/inspector", "web:https://shop.example.com/", "\"*\"");
    assertThat(wider.statusCode()).as(wider.body()).isEqualTo(403);
    HttpResponse<String> file = allowed("/api/tasks", "web:file:///etc/passwd", "\"file://\"");
    assertThat(file.statusCode()).as(file.body()).isEqualTo(400);
    assertThat(error(file)).contains("it is a file: URL");
    HttpResponse<String> notText =
        allowed("/api/inspector", "web:https://shop.example.com/", "[1]");
    assertThat(notText.statusCode()).as(notText.body()).isEqualTo(400);
    assertThat(error(notText)).startsWith("allow_origin must be the origin a 403 named");
    assertThat(launcher.reached).isEmpty();
  }
}
