package dev.apex.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.llm.FailureReason;
import dev.apex.llm.LlmProvider;
import dev.apex.llm.LlmProviders;
import dev.apex.llm.LlmRequest;
import dev.apex.llm.LlmResult;
import dev.apex.llm.LlmUsage;
import dev.apex.llm.SemanticConfig;
import dev.apex.llm.SemanticScene;
import dev.apex.llm.ToolCall;
import dev.apex.llm.ToolDefinition;
import dev.apex.llm.ToolUseRequest;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.RecordingSleeper;
import dev.apex.testkit.llm.FakeChat;
import dev.apex.testkit.llm.FakeChatCompletionsApi;
import dev.apex.testkit.llm.FakeReply;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Both clients: the real OpenAI SDK against {@link FakeChatCompletionsApi}, each failure kind. */
class OpenAiClientsTest {

  private static final String KEY = "sk-proj-test-SECRET-4411aa";

  private final FakeClock clock = new FakeClock();
  private final RecordingSleeper sleeper = new RecordingSleeper(clock);
  private final FakeChatCompletionsApi api = FakeChatCompletionsApi.start();
  private final SemanticConfig config =
      SemanticConfig.defaults().withProvider("openai").withBaseUrl(api.baseUrl());
  private final OpenAiToolUseClient tools = OpenAiToolUseClient.create(config, clock, sleeper);
  private final OpenAiLlmClient labels = OpenAiLlmClient.create(config, clock, sleeper);

  @AfterEach
  void stop() {
    tools.close();
    labels.close();
    api.close();
  }

  static ToolDefinition tap() {
    Map<String, Object> props = new LinkedHashMap<>();
    props.put("element", Map.of("type", "string", "description", "handle"));
    props.put("x", Map.of("type", "integer", "description", "x"));
    return new ToolDefinition(
        "tap",
        "Tap an element.",
        Map.of(
            "type",
            "object",
            "properties",
            props,
            "required",
            List.of("element"),
            "additionalProperties",
            false));
  }

  static ToolUseRequest request(Duration budget) {
    return new ToolUseRequest(
        "qwen2.5:7b", "You operate a phone.", List.of(tap()), "Tap Wi-Fi.", 512, budget, "low");
  }

  static LlmRequest labelRequest() {
    return new LlmRequest("qwen2.5:7b", "Label screens.", "a screen", 256, Duration.ofSeconds(10));
  }

  @Test
  void theProviderIsFoundByName() {
    LlmProvider provider = LlmProviders.require("openai");
    assertThat(provider).isInstanceOf(OpenAiProvider.class);
    assertThat(provider.module()).isEqualTo("apex-openai");
  }

  @Test
  void aToolCallComesBackWithItsArgumentsAndUsage() {
    api.enqueue(
        FakeChat.toolCall("tap", Map.of("element", "3"))
            .withUsage(new FakeChat.Usage(900, 30, 600)));

    LlmResult<ToolCall> result = tools.next(request(Duration.ofSeconds(10)));

    assertThat(result.succeeded()).as(result.detail()).isTrue();
    assertThat(result.value().name()).isEqualTo("tap");
    assertThat(result.value().input()).containsEntry("element", "3");
    assertThat(result.usage()).isEqualTo(new LlmUsage(300, 30, 0, 600));
    JsonNode body = api.requests().get(0).json();
    assertThat(api.requests().get(0).path()).isEqualTo("/v1/chat/completions");
    assertThat(body.path("model").asText()).isEqualTo("qwen2.5:7b");
    assertThat(body.path("stream").asBoolean(false)).isFalse();
    assertThat(body.path("tool_choice").asText()).isEqualTo("auto");
    assertThat(body.path("parallel_tool_calls").asBoolean(true)).isFalse();
    assertThat(body.path("max_tokens").asLong()).isEqualTo(512);
    assertThat(body.has("reasoning_effort")).isFalse();
    assertThat(body.path("messages").get(0).path("role").asText()).isEqualTo("system");
    assertThat(body.path("messages").get(1).path("content").asText()).isEqualTo("Tap Wi-Fi.");
    JsonNode function = body.path("tools").get(0).path("function");
    assertThat(function.path("name").asText()).isEqualTo("tap");
    assertThat(function.path("parameters").path("required").get(0).asText()).isEqualTo("element");
    // No key configured: the SDK's required credential is a placeholder, never OPENAI_API_KEY.
    assertThat(api.requests().get(0).apiKey()).contains(OpenAiSdk.PLACEHOLDER_KEY);
  }

  @Test
  void theLabelsAskForAJsonSchemaAndParseTheReply() {
    api.enqueue(
        FakeChat.text(
            "{\"page\":\"settings\",\"intents\":[\"open wifi\"],"
                + "\"widgets\":[{\"element_id\":\"e1\",\"purpose\":\"opens Wi-Fi\"}]}"));

    LlmResult<SemanticScene> result = labels.complete(labelRequest(), SemanticScene.class);

    assertThat(result.succeeded()).as(result.detail()).isTrue();
    assertThat(result.value().page()).isEqualTo("settings");
    JsonNode format = api.requests().get(0).json().path("response_format");
    assertThat(format.path("type").asText()).isEqualTo("json_schema");
    assertThat(format.path("json_schema").path("strict").asBoolean()).isTrue();
    assertThat(format.path("json_schema").path("schema").path("properties").has("widgets"))
        .isTrue();
  }

  @Test
  void aReplyThatIsNotJsonOrOfTheWrongShapeIsNamed() {
    api.enqueue(FakeChat.text("Sure! The page is settings."), FakeChat.text("{\"page\":\"x\"}"));

    assertThat(labels.complete(labelRequest(), SemanticScene.class).failure())
        .isEqualTo(FailureReason.INVALID_JSON);
    LlmResult<SemanticScene> mismatch = labels.complete(labelRequest(), SemanticScene.class);
    assertThat(mismatch.failure()).isEqualTo(FailureReason.SCHEMA_MISMATCH);
    assertThat(mismatch.detail()).contains("SemanticScene");
  }

  @Test
  void garbageOnTheWireIsAnInvalidResponse() {
    api.enqueue(FakeChat.garbage("<html>502 Bad Gateway</html>"));

    LlmResult<ToolCall> result = tools.next(request(Duration.ofSeconds(10)));

    assertThat(result.failure()).isEqualTo(FailureReason.INVALID_RESPONSE);
  }

  @Test
  void malformedOrInvalidArgumentsAreInvalidToolArguments() {
    api.enqueue(
        FakeChat.toolCallRaw("tap", "{\"element\": \"3\""),
        FakeChat.toolCall("tap", Map.of("x", "left")));

    LlmResult<ToolCall> notJson = tools.next(request(Duration.ofSeconds(10)));
    LlmResult<ToolCall> invalid = tools.next(request(Duration.ofSeconds(10)));

    assertThat(notJson.failure()).isEqualTo(FailureReason.INVALID_TOOL_ARGUMENTS);
    assertThat(notJson.detail()).contains("not a JSON object");
    assertThat(invalid.failure()).isEqualTo(FailureReason.INVALID_TOOL_ARGUMENTS);
    assertThat(invalid.detail())
        .isEqualTo("tap: 'element' is required; 'x' must be an integer")
        .doesNotContain("left");
  }

  @Test
  void aTextOnlyReplyIsNoToolCallAndLengthIsMaxTokens() {
    api.enqueue(
        FakeChat.text("I would tap Wi-Fi."), FakeChat.text("I would").withFinishReason("length"));

    assertThat(tools.next(request(Duration.ofSeconds(10))).failure())
        .isEqualTo(FailureReason.NO_TOOL_CALL);
    assertThat(tools.next(request(Duration.ofSeconds(10))).failure())
        .isEqualTo(FailureReason.MAX_TOKENS);
  }

  @Test
  void aRateLimitIsRetriedOnceAfterTheServersWait() {
    api.enqueue(
        FakeChat.rateLimited(Duration.ofSeconds(2)),
        FakeChat.toolCall("tap", Map.of("element", "1")));

    LlmResult<ToolCall> result = tools.next(request(Duration.ofSeconds(30)));

    assertThat(result.succeeded()).as(result.detail()).isTrue();
    assertThat(result.attempts()).isEqualTo(2);
    assertThat(sleeper.sleeps()).containsExactly(Duration.ofSeconds(2));
  }

  @Test
  void aRateLimitWaitBeyondTheBudgetIsNotTaken() {
    api.enqueue(FakeChat.rateLimited(Duration.ofSeconds(60)));

    LlmResult<ToolCall> result = tools.next(request(Duration.ofSeconds(10)));

    assertThat(result.failure()).isEqualTo(FailureReason.RATE_LIMITED);
    assertThat(result.detail()).contains("HTTP 429").contains("not retried");
    assertThat(sleeper.sleeps()).isEmpty();
  }

  @Test
  void serverErrorsAreRetriedAndThenReported() {
    api.enqueue(
        FakeChat.error(500, "server_error", "boom"),
        FakeChat.error(503, "server_error", "busy"),
        FakeChat.error(502, "server_error", "bad gateway"));

    LlmResult<ToolCall> result = tools.next(request(Duration.ofSeconds(30)));

    assertThat(result.failure()).isEqualTo(FailureReason.SERVER_ERROR);
    assertThat(result.attempts()).isEqualTo(3);
    assertThat(result.detail()).startsWith("HTTP 502");
  }

  @Test
  void aWrongKeyIsUnauthorizedAndTheKeyNeverShows() {
    api.requireKey("the-right-key-123456");
    api.enqueue(FakeChat.error(401, "invalid_request_error", "bad key " + FakeReply.REQUEST_KEY));
    try (OpenAiToolUseClient keyed =
        OpenAiToolUseClient.create(config.withApiKey(KEY), clock, sleeper)) {
      LlmResult<ToolCall> result = keyed.next(request(Duration.ofSeconds(10)));

      assertThat(result.failure()).isEqualTo(FailureReason.UNAUTHORIZED);
      assertThat(result.attempts()).isEqualTo(1);
      assertThat(result.detail()).contains("HTTP 401").doesNotContain(KEY);
      assertThat(api.requests().get(0).apiKey()).contains(KEY);
    }
  }

  @Test
  void aServerEchoingTheKeyInAnErrorHasItRedacted() {
    api.enqueue(
        FakeChat.error(400, "invalid_request_error", "bad request " + FakeReply.REQUEST_KEY));
    try (OpenAiToolUseClient keyed =
        OpenAiToolUseClient.create(config.withApiKey(KEY), clock, sleeper)) {
      LlmResult<ToolCall> result = keyed.next(request(Duration.ofSeconds(10)));

      assertThat(result.failure()).isEqualTo(FailureReason.BAD_REQUEST);
      assertThat(result.detail()).doesNotContain(KEY).doesNotContain("SECRET");
    }
  }

  @Test
  void anUnsupportedParameterIsNamedInOneLine() {
    api.enqueue(FakeChat.unsupported("tools"), FakeChat.unsupported("response_format"));

    LlmResult<ToolCall> noTools = tools.next(request(Duration.ofSeconds(10)));
    LlmResult<SemanticScene> noFormat = labels.complete(labelRequest(), SemanticScene.class);

    assertThat(noTools.failure()).isEqualTo(FailureReason.UNSUPPORTED_PARAMETER);
    assertThat(noTools.detail())
        .startsWith("the server does not support 'tools' (use a model or server with tool calling)")
        .doesNotContain("\n");
    assertThat(noTools.attempts()).isEqualTo(1);
    assertThat(noFormat.failure()).isEqualTo(FailureReason.UNSUPPORTED_PARAMETER);
    assertThat(noFormat.detail()).contains("'response_format'").contains("structured outputs");
  }

  @Test
  void aLocalServersMessageAloneNamesTheParameter() {
    assertThat(OpenAiFailures.unsupportedParameter("", "tools param requires --jinja flag"))
        .contains("tools");
    assertThat(
            OpenAiFailures.unsupportedParameter(
                "", "registry.ollama.ai/library/gemma:2b does not support tools"))
        .contains("tools");
    assertThat(OpenAiFailures.unsupportedParameter("", "model not found")).isEmpty();
  }

  @Test
  void noAnswerInTimeIsATimeout() {
    api.enqueue(FakeChat.hang());

    LlmResult<ToolCall> result = tools.next(request(Duration.ofMillis(400)));

    assertThat(result.failure()).isEqualTo(FailureReason.TIMEOUT);
  }

  @Test
  void aReplyTrickledPastTheDeadlineEndsTheCallThereAsATimeout() {
    // Headers at once, then a byte every 200 ms: no read timeout ever fires.
    api.enqueue(
        FakeChat.error(503, "server_error", "Unavailable"),
        FakeChat.trickle(Duration.ofMillis(200)),
        FakeChat.trickle(Duration.ofMillis(200)));

    LlmResult<ToolCall> result =
        assertTimeoutPreemptively(
            Duration.ofSeconds(30), () -> tools.next(request(Duration.ofSeconds(2))));

    assertThat(result.failure()).isEqualTo(FailureReason.TIMEOUT);
    assertThat(result.detail())
        .isEqualTo("model call timed out after 2 s (deadline for the whole call, 2 attempts)");
    // The trickle ended the call: it was not retried (nor re-read as garbage).
    assertThat(api.requests()).hasSize(2);
  }

  @Test
  void aRefusedConnectionIsNamedAfterTheRetries() throws IOException {
    int port;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    }
    try (OpenAiToolUseClient refused =
        OpenAiToolUseClient.create(
            config.withBaseUrl("http://127.0.0.1:" + port + "/v1"), clock, sleeper)) {
      LlmResult<ToolCall> result = refused.next(request(Duration.ofSeconds(30)));

      assertThat(result.failure()).isEqualTo(FailureReason.CONNECTION_FAILED);
      assertThat(result.detail()).isEqualTo("connection refused");
      assertThat(result.attempts()).isEqualTo(3);
    }
  }

  @Test
  void openAisOwnApiGetsMaxCompletionTokens() {
    assertThat(OpenAiToolUseClient.isOpenAiHost("https://api.openai.com/v1")).isTrue();
    assertThat(OpenAiToolUseClient.isOpenAiHost("http://localhost:11434/v1")).isFalse();
    assertThat(
            OpenAiToolUseClient.params(request(Duration.ofSeconds(1)), true).maxCompletionTokens())
        .contains(512L);
  }
}
