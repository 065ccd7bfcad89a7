package dev.apex.anthropic;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.llm.FailureReason;
import dev.apex.llm.LlmUsage;
import dev.apex.llm.SemanticConfig;
import dev.apex.llm.SemanticScene;
import dev.apex.semantic.Enricher;
import dev.apex.semantic.Enrichment;
import dev.apex.semantic.EnrichmentContext;
import dev.apex.semantic.Prompts;
import dev.apex.semantic.Scenes;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.RecordingSleeper;
import dev.apex.testkit.llm.FakeMessagesApi;
import dev.apex.testkit.llm.FakeReply;
import dev.apex.testkit.llm.RecordedRequest;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The real SDK client against {@link FakeMessagesApi}: success, every failure, the budget. */
class EnricherTest {

  private static final String KEY = "sk-ant-api03-test-SECRET-4f2a9c";

  @RegisterExtension final LogCapture logs = new LogCapture();

  private final FakeClock clock = new FakeClock();
  private final RecordingSleeper sleeper = new RecordingSleeper(clock);
  private FakeMessagesApi api;
  private Enricher enricher;

  @BeforeEach
  void startApi() {
    api = FakeMessagesApi.start();
  }

  @AfterEach
  void stop() {
    if (enricher != null) {
      enricher.close();
    }
    api.close();
  }

  private SemanticConfig config() {
    return SemanticConfig.defaults().withEnabled(true).withApiKey(KEY).withBaseUrl(api.baseUrl());
  }

  private Enrichment enrich(SemanticConfig config) {
    enricher = Enricher.create(config, clock, sleeper);
    return enricher.enrich(Scenes.login(), EnrichmentContext.defaults());
  }

  private void assertUnavailable(Enrichment enrichment, FailureReason reason) {
    assertThat(enrichment.semanticScene()).isNull();
    assertThat(enrichment.failure()).isEqualTo(reason);
    assertThat(enrichment.summary()).isEqualTo("semantic: unavailable (" + reason.code() + ")");
    assertThat(logs.linesContaining("semantic: unavailable")).hasSize(1);
    assertThat(logs.linesContaining("semantic: unavailable (" + reason.code() + ")")).hasSize(1);
    assertThat(logs.lines()).noneMatch(line -> line.contains(KEY));
    assertThat(enrichment.detail()).doesNotContain(KEY);
  }

  @Test
  void labelsTheSceneAndRecordsUsage() {
    api.enqueue(
        FakeReply.text(Scenes.json(Scenes.loginReply()))
            .withUsage(new FakeReply.Usage(1200, 150, 0, 3000)));

    Enrichment enrichment = enrich(config());

    assertThat(enrichment.semanticScene()).isEqualTo(Scenes.loginReply());
    assertThat(enrichment.failure()).isNull();
    assertThat(enrichment.droppedWidgets()).isZero();
    assertThat(enrichment.usage()).isEqualTo(new LlmUsage(1200, 150, 0, 3000));
    assertThat(enrichment.summary()).isEqualTo("semantic: login (2 intents, 3 widgets)");
    assertThat(enricher.enrichScene(Scenes.login())).isNull(); // the script is spent: 500, logged
  }

  @Test
  void sendsModelCachedSystemPromptAndSchemaWithoutThinking() {
    api.enqueue(FakeReply.text(Scenes.json(Scenes.loginReply())));

    enrich(config().withModel("claude-haiku-4-5"));

    RecordedRequest request = api.onlyRequest();
    assertThat(request.apiKey()).contains(KEY);
    assertThat(request.header("anthropic-version")).isPresent();
    JsonNode body = request.json();
    assertThat(body.path("model").asText()).isEqualTo("claude-haiku-4-5");
    assertThat(body.path("max_tokens").asLong()).isEqualTo(Enricher.MAX_OUTPUT_TOKENS);
    assertThat(body.has("thinking")).isFalse();
    assertThat(body.path("system")).hasSize(1);
    JsonNode system = body.path("system").get(0);
    assertThat(system.path("text").asText()).isEqualTo(Prompts.SYSTEM);
    assertThat(system.path("cache_control").path("type").asText()).isEqualTo("ephemeral");
    JsonNode messages = body.path("messages");
    assertThat(messages).hasSize(1);
    assertThat(messages.get(0).path("role").asText()).isEqualTo("user");
    assertThat(messages.get(0).path("content").toString())
        .contains("0/0/submit", "Sign in", "com.app:id/login");
    JsonNode output = body.path("output_config");
    assertThat(output.has("effort")).isFalse();
    assertThat(output.path("format").path("type").asText()).isEqualTo("json_schema");
    JsonNode schema = output.path("format").path("schema");
    assertThat(schema.path("additionalProperties").asBoolean(true)).isFalse();
    assertThat(schema.path("properties").has("page")).isTrue();
    assertThat(schema.path("properties").has("intents")).isTrue();
    assertThat(schema.path("properties").has("widgets")).isTrue();
    assertThat(schema.toString())
        .contains("\"element_id\"", "\"purpose\"")
        .doesNotContain("elementId");
  }

  @Test
  void dropsAndCountsWidgetsWhoseElementIdIsNotInTheScene() {
    SemanticScene reply =
        new SemanticScene(
            "login",
            List.of("sign in"),
            List.of(
                new SemanticScene.Widget("0/0/submit", "submit the login form"),
                new SemanticScene.Widget("0/0/ghost", "a made-up element"),
                new SemanticScene.Widget("submit", "an id shortened by the model")));
    api.enqueue(FakeReply.text(Scenes.json(reply)));

    Enrichment enrichment = enrich(config());

    assertThat(enrichment.available()).isTrue();
    assertThat(enrichment.semanticScene().widgets())
        .containsExactly(new SemanticScene.Widget("0/0/submit", "submit the login form"));
    assertThat(enrichment.droppedWidgets()).isEqualTo(2);
    assertThat(logs.linesContaining("dropped 2 widgets"))
        .singleElement()
        .asString()
        .contains("0/0/ghost", "submit");
  }

  @Test
  void resolvesHandlesThroughTheContextsResolverAndStillChecksTheScene() {
    SemanticScene reply =
        new SemanticScene(
            "login",
            List.of("sign in"),
            List.of(
                new SemanticScene.Widget("e3", "submit the login form"),
                new SemanticScene.Widget("e9", "resolved to an id the scene lacks"),
                new SemanticScene.Widget("e7", "not a handle at all")));
    api.enqueue(FakeReply.text(Scenes.json(reply)));
    Map<String, String> handles = Map.of("e3", "0/0/submit", "e9", "0/0/nowhere");
    EnrichmentContext context =
        EnrichmentContext.defaults()
            .withEncoding(
                scene -> "e3 button \"Sign in\"", h -> Optional.ofNullable(handles.get(h)));
    enricher = Enricher.create(config(), clock, sleeper);

    Enrichment enrichment = enricher.enrich(Scenes.login(), context);

    assertThat(enrichment.semanticScene().widgets())
        .containsExactly(new SemanticScene.Widget("0/0/submit", "submit the login form"));
    assertThat(enrichment.droppedWidgets()).isEqualTo(2);
    assertThat(api.onlyRequest().json().path("messages").toString()).contains("e3 button");
  }

  @Test
  void disabledSendsNothing() {
    Enrichment enrichment = enrich(config().withEnabled(false));

    assertUnavailable(enrichment, FailureReason.DISABLED);
    assertThat(api.requests()).isEmpty();
  }

  @Test
  void noApiKeySendsNothing() {
    Enrichment enrichment = enrich(config().withApiKey(""));

    assertThat(enrichment.failure()).isEqualTo(FailureReason.NO_API_KEY);
    assertThat(logs.linesContaining("semantic: unavailable (no_api_key)")).hasSize(1);
    assertThat(api.requests()).isEmpty();
  }

  @Test
  void timesOutWithinTheBudget() {
    api.enqueue(FakeReply.hang());

    Enrichment enrichment = enrich(config().withTimeout(Duration.ofMillis(300)));

    assertUnavailable(enrichment, FailureReason.TIMEOUT);
    assertThat(api.requests()).hasSize(1);
    assertThat(sleeper.sleeps()).isEmpty();
  }

  @Test
  void connectionRefused() throws IOException {
    String closedPort;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closedPort = "http://127.0.0.1:" + socket.getLocalPort();
    }

    Enrichment enrichment = enrich(config().withBaseUrl(closedPort));

    assertUnavailable(enrichment, FailureReason.CONNECTION_FAILED);
    assertThat(enrichment.detail()).contains("connection refused", "3 attempts");
    assertThat(sleeper.sleeps()).hasSize(2);
  }

  @Test
  void rateLimitWithRetryAfterBeyondTheBudgetFailsAtOnceWithoutWaiting() {
    api.enqueue(FakeReply.rateLimited(Duration.ofSeconds(60)));

    Enrichment enrichment = enrich(config().withTimeout(Duration.ofSeconds(10)));

    assertUnavailable(enrichment, FailureReason.RATE_LIMITED);
    assertThat(enrichment.detail()).contains("HTTP 429", "not retried");
    assertThat(sleeper.sleeps()).isEmpty();
    assertThat(api.requests()).hasSize(1);
  }

  @Test
  void retriesWaitOnlyAsLongAsTheBudgetAllows() {
    for (int i = 0; i < 3; i++) {
      api.enqueue(FakeReply.rateLimited(Duration.ofSeconds(4)));
    }

    Enrichment enrichment = enrich(config().withTimeout(Duration.ofSeconds(10)).withMaxRetries(5));

    assertUnavailable(enrichment, FailureReason.RATE_LIMITED);
    assertThat(sleeper.sleeps()).containsExactly(Duration.ofSeconds(4), Duration.ofSeconds(4));
    assertThat(sleeper.total()).isLessThan(Duration.ofSeconds(10));
    assertThat(api.requests()).hasSize(3);
  }

  @Test
  void retriesAfterTheServersRetryAfterMsThenSucceeds() {
    api.enqueue(
        FakeReply.error(529, "overloaded_error", "Overloaded").withHeader("retry-after-ms", "250"),
        FakeReply.text(Scenes.json(Scenes.loginReply())));

    Enrichment enrichment = enrich(config());

    assertThat(enrichment.semanticScene()).isEqualTo(Scenes.loginReply());
    assertThat(sleeper.sleeps()).containsExactly(Duration.ofMillis(250));
    assertThat(api.requests()).hasSize(2);
    assertThat(logs.linesContaining("semantic: unavailable")).isEmpty();
  }

  static Stream<Arguments> failures() {
    String good = Scenes.json(Scenes.loginReply());
    return Stream.of(
        Arguments.of(
            "500 api_error, retried twice",
            List.of(error(500, "api_error"), error(500, "api_error"), error(500, "api_error")),
            FailureReason.SERVER_ERROR,
            3,
            "HTTP 500 api_error"),
        Arguments.of(
            "503, retried twice",
            List.of(error(503, "api_error"), error(503, "api_error"), error(503, "api_error")),
            FailureReason.SERVER_ERROR,
            3,
            "HTTP 503"),
        Arguments.of(
            "529 overloaded, retried twice",
            List.of(
                error(529, "overloaded_error"),
                error(529, "overloaded_error"),
                error(529, "overloaded_error")),
            FailureReason.OVERLOADED,
            3,
            "HTTP 529 overloaded_error"),
        Arguments.of(
            "500 with x-should-retry false",
            List.of(error(500, "api_error").withHeader("x-should-retry", "false")),
            FailureReason.SERVER_ERROR,
            1,
            "(1 attempt)"),
        Arguments.of(
            "400 invalid request, not retried",
            List.of(error(400, "invalid_request_error")),
            FailureReason.BAD_REQUEST,
            1,
            "HTTP 400 invalid_request_error"),
        Arguments.of(
            "401 authentication error",
            List.of(error(401, "authentication_error")),
            FailureReason.UNAUTHORIZED,
            1,
            "HTTP 401"),
        Arguments.of(
            "connection closed without a response, retried twice",
            List.of(
                FakeReply.dropConnection(), FakeReply.dropConnection(), FakeReply.dropConnection()),
            FailureReason.CONNECTION_FAILED,
            3,
            "connection closed before a response"),
        Arguments.of(
            "refusal with no content",
            List.of(FakeReply.message("refusal", List.of())),
            FailureReason.REFUSAL,
            1,
            "stop_reason refusal"),
        Arguments.of(
            "cut off at max_tokens",
            List.of(FakeReply.text(good.substring(0, 30)).withStopReason("max_tokens")),
            FailureReason.MAX_TOKENS,
            1,
            "stop_reason max_tokens"),
        Arguments.of(
            "a tool call instead of text",
            List.of(FakeReply.toolUse("toolu_1", "tap", Map.of("x", 1))),
            FailureReason.UNEXPECTED_STOP,
            1,
            "stop_reason tool_use"),
        Arguments.of(
            "text that is not JSON",
            List.of(FakeReply.text("Sure! This looks like a login page.")),
            FailureReason.INVALID_JSON,
            1,
            "not JSON"),
        Arguments.of(
            "JSON cut short despite end_turn",
            List.of(FakeReply.text(good.substring(0, 30))),
            FailureReason.INVALID_JSON,
            1,
            "not JSON"),
        Arguments.of(
            "JSON missing widgets",
            List.of(FakeReply.text("{\"page\":\"login\",\"intents\":[\"sign in\"]}")),
            FailureReason.SCHEMA_MISMATCH,
            1,
            "'widgets'"),
        Arguments.of(
            "JSON with an extra field",
            List.of(FakeReply.text(good.replace("{\"page\"", "{\"confidence\":0.9,\"page\""))),
            FailureReason.SCHEMA_MISMATCH,
            1,
            "\"confidence\""),
        Arguments.of(
            "widget missing its purpose",
            List.of(
                FakeReply.text(
                    "{\"page\":\"login\",\"intents\":[],\"widgets\":[{\"element_id\":\"0/0/submit\"}]}")),
            FailureReason.SCHEMA_MISMATCH,
            1,
            "'purpose'"),
        Arguments.of(
            "garbage bytes instead of a message",
            List.of(FakeReply.garbage("\u0000\u0001<html>oops")),
            FailureReason.INVALID_RESPONSE,
            1,
            "not a message"));
  }

  private static FakeReply.ApiError error(int status, String type) {
    return FakeReply.error(status, type, "scripted " + type);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("failures")
  void everyExpectedFailureGivesNoSceneAndOneLogLine(
      String name, List<FakeReply> replies, FailureReason reason, int requests, String detail) {
    api.enqueue(replies.toArray(FakeReply[]::new));

    Enrichment enrichment = enrich(config());

    assertUnavailable(enrichment, reason);
    assertThat(enrichment.detail()).contains(detail);
    assertThat(api.requests()).hasSize(requests);
    assertThat(sleeper.total()).isLessThan(SemanticConfig.DEFAULT_TIMEOUT);
  }
}
