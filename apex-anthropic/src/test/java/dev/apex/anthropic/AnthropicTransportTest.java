package dev.apex.anthropic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.apex.llm.FailureReason;
import dev.apex.llm.LlmRequest;
import dev.apex.llm.LlmResult;
import dev.apex.llm.SemanticConfig;
import dev.apex.llm.SemanticScene;
import dev.apex.llm.ToolCall;
import dev.apex.llm.ToolUseRequest;
import dev.apex.semantic.Scenes;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.RecordingSleeper;
import dev.apex.testkit.llm.FakeMessagesApi;
import dev.apex.testkit.llm.FakeReply;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Both clients share one transport and one retry loop: the same backoff, drawn from the jitter
 * source they were given, the same visible retry decisions, the same redaction. The real SDK
 * against {@link FakeMessagesApi}.
 */
class AnthropicTransportTest {

  private static final String KEY = "sk-ant-api03-test-SECRET-transport-5e";

  @RegisterExtension final LogCapture logs = new LogCapture();

  private final FakeClock clock = new FakeClock();
  private final RecordingSleeper sleeper = new RecordingSleeper(clock);
  private final FakeMessagesApi api = FakeMessagesApi.start();
  private final SemanticConfig config =
      SemanticConfig.defaults().withEnabled(true).withApiKey(KEY).withBaseUrl(api.baseUrl());

  @AfterEach
  void stop() {
    api.close();
  }

  private static LlmRequest labelRequest() {
    return new LlmRequest("claude-haiku-4-5", "Label.", "The screen.", 512, Duration.ofSeconds(30));
  }

  @Test
  void theToolUseClientBacksOffWithTheInjectedJitter() {
    api.enqueue(
        FakeReply.error(529, "overloaded_error", "Overloaded"),
        FakeReply.error(500, "api_error", "Internal"),
        FakeReply.toolUse("toolu_1", "done", Map.of("summary", "ok")));

    LlmResult<ToolCall> result;
    try (AnthropicToolUseClient client =
        AnthropicToolUseClient.create(config, clock, sleeper, () -> 1.0)) {
      result = client.next(AnthropicToolUseClientTest.request("low"));
    }

    assertThat(result.succeeded()).isTrue();
    assertThat(result.attempts()).isEqualTo(3);
    // 0.5 s and 1 s, each less the full 25 % the draw of 1.0 takes off.
    assertThat(sleeper.sleeps()).containsExactly(Duration.ofMillis(375), Duration.ofMillis(750));
  }

  @Test
  void theStructuredClientRetriesTheSameWayAndSaysSoInTheLog() {
    api.enqueue(
        FakeReply.error(503, "api_error", "Unavailable"),
        FakeReply.text(Scenes.json(Scenes.loginReply())));

    LlmResult<SemanticScene> result;
    try (AnthropicLlmClient client = AnthropicLlmClient.create(config, clock, sleeper, () -> 0.0)) {
      result = client.complete(labelRequest(), SemanticScene.class);
    }

    assertThat(result.value()).isEqualTo(Scenes.loginReply());
    assertThat(result.attempts()).isEqualTo(2);
    assertThat(sleeper.sleeps()).containsExactly(Duration.ofMillis(500));
    assertThat(logs.linesContaining("LLM call: attempt 1/3 failed"))
        .singleElement()
        .satisfies(line -> assertThat(line).contains("server_error", "HTTP 503", "500 ms"));
  }

  @Test
  void aKeyEchoedByTheServerIsInNoDetailAndNoLogLine() {
    api.enqueue(
        FakeReply.echoingKey().withHeader("x-should-retry", "true"), FakeReply.echoingKey());

    LlmResult<ToolCall> result;
    try (AnthropicToolUseClient client =
        AnthropicToolUseClient.create(config.withMaxRetries(1), clock, sleeper, () -> 0.0)) {
      result = client.next(AnthropicToolUseClientTest.request("low"));
    }

    assertThat(result.failure()).isEqualTo(FailureReason.UNAUTHORIZED);
    assertThat(result.attempts()).isEqualTo(2);
    assertThat(result.detail()).doesNotContain(KEY);
    assertThat(logs.linesContaining("LLM call: attempt")).hasSize(1);
    assertThat(logs.lines()).noneMatch(line -> line.contains(KEY));
  }

  @Test
  void aReplyTrickledPastTheDeadlineEndsTheCallThereAsATimeout() {
    // Headers at once, then a byte every 200 ms: no read timeout ever fires.
    api.enqueue(
        FakeReply.error(503, "api_error", "Unavailable"),
        FakeReply.trickle(Duration.ofMillis(200)),
        FakeReply.trickle(Duration.ofMillis(200)));
    ToolUseRequest asked = AnthropicToolUseClientTest.request("low");
    ToolUseRequest request =
        new ToolUseRequest(
            asked.model(),
            asked.system(),
            asked.tools(),
            asked.user(),
            asked.maxTokens(),
            Duration.ofSeconds(2),
            asked.effort());

    LlmResult<ToolCall> result;
    try (AnthropicToolUseClient client =
        AnthropicToolUseClient.create(config, clock, sleeper, () -> 0.0)) {
      result = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> client.next(request));
    }

    assertThat(result.failure()).isEqualTo(FailureReason.TIMEOUT);
    assertThat(result.detail())
        .isEqualTo("model call timed out after 2 s (deadline for the whole call, 2 attempts)");
    // The trickle ended the call: it was not retried (nor re-read as garbage).
    assertThat(api.requests()).hasSize(2);
  }

  @Test
  void theStructuredClientEndsATrickledReplyAtItsDeadlineToo() {
    api.enqueue(FakeReply.trickle(Duration.ofMillis(200)));

    LlmResult<SemanticScene> result;
    try (AnthropicLlmClient client = AnthropicLlmClient.create(config, clock, sleeper, () -> 0.0)) {
      LlmRequest request =
          new LlmRequest("claude-haiku-4-5", "Label.", "The screen.", 512, Duration.ofSeconds(2));
      result =
          assertTimeoutPreemptively(
              Duration.ofSeconds(30), () -> client.complete(request, SemanticScene.class));
    }

    assertThat(result.failure()).isEqualTo(FailureReason.TIMEOUT);
    assertThat(result.detail()).startsWith("model call timed out after 2 s");
  }
}
