package dev.apex.anthropic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.llm.FailureReason;
import dev.apex.llm.LlmResult;
import dev.apex.llm.LlmUsage;
import dev.apex.llm.SemanticConfig;
import dev.apex.llm.ToolCall;
import dev.apex.llm.ToolDefinition;
import dev.apex.llm.ToolUseRequest;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.RecordingSleeper;
import dev.apex.testkit.llm.FakeMessagesApi;
import dev.apex.testkit.llm.FakeReply;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The tool-use client: the real SDK against {@link FakeMessagesApi}. */
class AnthropicToolUseClientTest {

  private static final String KEY = "sk-ant-api03-test-SECRET-77aa";

  private final FakeClock clock = new FakeClock();
  private final RecordingSleeper sleeper = new RecordingSleeper(clock);
  private final FakeMessagesApi api = FakeMessagesApi.start();
  private final AnthropicToolUseClient client =
      AnthropicToolUseClient.create(
          SemanticConfig.defaults().withApiKey(KEY).withBaseUrl(api.baseUrl()), clock, sleeper);

  @AfterEach
  void stop() {
    client.close();
    api.close();
  }

  static ToolDefinition tap() {
    Map<String, Object> props = new LinkedHashMap<>();
    props.put("element", Map.of("type", "string", "description", "handle"));
    props.put("x", Map.of("type", "integer", "description", "x"));
    Map<String, Object> schema = new LinkedHashMap<>();
    schema.put("type", "object");
    schema.put("properties", props);
    schema.put("required", List.of());
    schema.put("additionalProperties", false);
    return new ToolDefinition("tap", "Tap an element.", schema);
  }

  static ToolDefinition done() {
    return new ToolDefinition(
        "done",
        "Stop.",
        Map.of(
            "type",
            "object",
            "properties",
            Map.of("summary", Map.of("type", "string")),
            "required",
            List.of("summary"),
            "additionalProperties",
            false));
  }

  static ToolUseRequest request(String effort) {
    return new ToolUseRequest(
        "claude-sonnet-5-5",
        "You operate a phone.",
        List.of(tap(), done()),
        "Tap the switch.",
        1024,
        Duration.ofSeconds(30),
        effort);
  }

  @Test
  void sendsStrictToolsACachedSystemBlockAndAutoChoiceWithoutParallelCalls() {
    api.enqueue(FakeReply.toolUse("toolu_1", "tap", Map.of("element", "7")));

    client.next(request("medium"));

    JsonNode body = api.onlyRequest().json();
    assertThat(body.path("model").asText()).isEqualTo("claude-sonnet-5-5");
    assertThat(body.path("max_tokens").asLong()).isEqualTo(1024);
    assertThat(body.path("system").get(0).path("text").asText()).isEqualTo("You operate a phone.");
    assertThat(body.path("system").get(0).path("cache_control").path("type").asText())
        .isEqualTo("ephemeral");
    assertThat(body.path("messages").get(0).path("role").asText()).isEqualTo("user");
    assertThat(body.path("tool_choice").path("type").asText()).isEqualTo("auto");
    assertThat(body.path("tool_choice").path("disable_parallel_tool_use").asBoolean()).isTrue();
    assertThat(body.path("output_config").path("effort").asText()).isEqualTo("medium");
    JsonNode tap = body.path("tools").get(0);
    assertThat(tap.path("name").asText()).isEqualTo("tap");
    assertThat(tap.path("strict").asBoolean()).isTrue();
    assertThat(tap.path("input_schema").path("properties").path("element").path("type").asText())
        .isEqualTo("string");
    assertThat(tap.path("input_schema").path("required")).isEmpty();
    assertThat(tap.path("input_schema").path("additionalProperties").asBoolean(true)).isFalse();
    assertThat(body.path("tools").get(1).path("input_schema").path("required").get(0).asText())
        .isEqualTo("summary");
  }

  @Test
  void noEffortMeansNoOutputConfig() {
    api.enqueue(FakeReply.toolUse("toolu_1", "done", Map.of("summary", "ok")));

    client.next(request(null));

    assertThat(api.onlyRequest().json().has("output_config")).isFalse();
  }

  @Test
  void readsTheToolCallPastThinkingBlocksWithItsUsage() {
    Map<String, Object> thinking = new LinkedHashMap<>();
    thinking.put("type", "thinking");
    thinking.put("thinking", "tap 7");
    thinking.put("signature", "sig");
    api.enqueue(
        FakeReply.message(
                "tool_use",
                List.of(
                    thinking,
                    FakeReply.textBlock("Tapping."),
                    FakeReply.toolUseBlock("toolu_9", "tap", Map.of("element", "7")),
                    FakeReply.toolUseBlock("toolu_10", "done", Map.of("summary", "x"))))
            .withUsage(new FakeReply.Usage(500, 40, 0, 2200)));

    LlmResult<ToolCall> result = client.next(request("low"));

    assertThat(result.succeeded()).isTrue();
    assertThat(result.value()).isEqualTo(new ToolCall("toolu_9", "tap", Map.of("element", "7")));
    assertThat(result.usage()).isEqualTo(new LlmUsage(500, 40, 0, 2200));
    assertThat(result.attempts()).isEqualTo(1);
  }

  static Stream<Arguments> failures() {
    return Stream.of(
        Arguments.of(FakeReply.message("refusal", List.of()), FailureReason.REFUSAL),
        Arguments.of(
            FakeReply.message("max_tokens", List.of(FakeReply.textBlock("Let me"))),
            FailureReason.MAX_TOKENS),
        Arguments.of(FakeReply.text("I'd tap it."), FailureReason.NO_TOOL_CALL),
        Arguments.of(FakeReply.message("pause_turn", List.of()), FailureReason.UNEXPECTED_STOP),
        Arguments.of(FakeReply.garbage("{\"not\": \"a message\""), FailureReason.INVALID_RESPONSE),
        Arguments.of(
            FakeReply.error(400, "invalid_request_error", "forced tool choice is not supported"),
            FailureReason.BAD_REQUEST),
        Arguments.of(
            FakeReply.error(401, "authentication_error", "invalid x-api-key " + KEY),
            FailureReason.UNAUTHORIZED));
  }

  @ParameterizedTest(name = "{1}")
  @MethodSource("failures")
  void eachFailureComesBackAsAReasonNeverAThrow(FakeReply reply, FailureReason reason) {
    api.enqueue(reply);

    LlmResult<ToolCall> result = client.next(request("low"));

    assertThat(result.failure()).isEqualTo(reason);
    assertThat(result.detail()).isNotBlank().doesNotContain(KEY);
    assertThat(api.requests()).hasSize(1);
  }

  @Test
  void aRefusalWithAToolCallIsStillARefusal() {
    api.enqueue(
        FakeReply.message(
            "refusal", List.of(FakeReply.toolUseBlock("toolu_1", "tap", Map.of("element", "1")))));

    assertThat(client.next(request("low")).failure()).isEqualTo(FailureReason.REFUSAL);
  }

  @Test
  void overloadIsRetriedThroughTheInjectedSleeper() {
    api.enqueue(
        FakeReply.error(529, "overloaded_error", "Overloaded"),
        FakeReply.toolUse("toolu_1", "done", Map.of("summary", "ok")));

    LlmResult<ToolCall> result = client.next(request("low"));

    assertThat(result.succeeded()).isTrue();
    assertThat(result.attempts()).isEqualTo(2);
    assertThat(sleeper.sleeps()).hasSize(1);
  }

  @Test
  void requestsAreCheckedAtTheBoundary() {
    List<ToolDefinition> tooMany = new ArrayList<>();
    for (int i = 0; i < 21; i++) {
      tooMany.add(
          new ToolDefinition("t" + i, "", Map.of("type", "object", "properties", Map.of())));
    }
    assertThatThrownBy(
            () -> new ToolUseRequest("m", "s", tooMany, "u", 1, Duration.ofSeconds(1), null))
        .hasMessageContaining("1 to 20 strict tools");
    assertThatThrownBy(
            () ->
                new ToolUseRequest(
                    "m", "s", List.of(done(), done()), "u", 1, Duration.ofSeconds(1), null))
        .hasMessageContaining("given twice");
    assertThatThrownBy(
            () ->
                new ToolUseRequest(
                    "m", "s", List.of(done()), "u", 1, Duration.ofSeconds(1), "max!"))
        .hasMessageContaining("effort");
    assertThatThrownBy(() -> new ToolDefinition("bad name", "", Map.of("type", "object")))
        .hasMessageContaining("tool name");
  }
}
