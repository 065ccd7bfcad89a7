package dev.apex.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.Sleeper;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.RecordingSleeper;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The client and provider bases a provider module builds on: a client supplies only its exchange,
 * and the call keeps the request's budget as its one deadline; a provider is its name, its module
 * and two factories. And the reply failures every provider words the same way.
 */
class SdkClientsTest {

  private final FakeClock clock = new FakeClock();
  private final RecordingSleeper sleeper = new RecordingSleeper(clock);
  private final FakeSdk fake = new FakeSdk();
  private final SemanticConfig config = SemanticConfig.defaults().withApiKey("k-12345678901");

  private ModelTransport<FakeSdk, Duration> transport() {
    return ModelTransport.open(config, c -> fake.sdk(), clock, sleeper, () -> 0.0);
  }

  /** A structured client whose exchange is the fake SDK's next step. */
  private static final class Structured extends SdkLlmClient<FakeSdk, Duration> {
    Structured(ModelTransport<FakeSdk, Duration> transport) {
      super(transport);
    }

    @Override
    protected <T> ModelTransport.Exchange<FakeSdk, Duration, T> exchange(
        LlmRequest request, Class<T> outputType) {
      return (sdk, left) -> {
        LlmResult<String> reply = sdk.send(left);
        return reply.succeeded()
            ? LlmResult.ok(outputType.cast(reply.value()), reply.usage(), 0)
            : LlmResult.failed(reply.failure(), reply.detail(), reply.usage());
      };
    }
  }

  /** A tool-use client whose exchange names the tool after the fake SDK's reply. */
  private static final class Tools extends SdkToolUseClient<FakeSdk, Duration> {
    Tools(ModelTransport<FakeSdk, Duration> transport) {
      super(transport);
    }

    @Override
    protected ModelTransport.Exchange<FakeSdk, Duration, ToolCall> exchange(
        ToolUseRequest request) {
      return (sdk, left) ->
          LlmResult.ok(new ToolCall("call_1", sdk.send(left).value(), Map.of()), LlmUsage.NONE, 0);
    }
  }

  @Test
  void aStructuredCallIsRetriedWithinTheRequestsBudget() {
    fake.script(FakeSdk.status(529, Map.of()), FakeSdk::ok);
    LlmRequest request = new LlmRequest("m", "system", "user", 10, Duration.ofSeconds(7));

    LlmResult<String> result;
    try (Structured client = new Structured(transport())) {
      result = client.complete(request, String.class);
    }

    assertThat(result.value()).isEqualTo("done");
    assertThat(result.attempts()).isEqualTo(2);
    assertThat(fake.given).containsExactly(Duration.ofSeconds(7), Duration.ofMillis(6500));
    assertThat(fake.closed).isTrue();
  }

  @Test
  void aToolUseTurnKeepsTheRequestsBudgetAndClosesTheSdk() {
    fake.script(FakeSdk::ok);
    ToolUseRequest request =
        new ToolUseRequest(
            "m",
            "system",
            List.of(new ToolDefinition("done", "Done.", Map.of("type", "object"))),
            "user",
            10,
            Duration.ofSeconds(3),
            null);

    LlmResult<ToolCall> result;
    try (Tools client = new Tools(transport())) {
      result = client.next(request);
      assertThatThrownBy(() -> client.next(null)).hasMessage("request");
    }

    assertThat(result.value().name()).isEqualTo("done");
    assertThat(fake.given).containsExactly(Duration.ofSeconds(3));
    assertThat(fake.closed).isTrue();
  }

  @Test
  void aProviderIsItsNameItsModuleAndItsTwoFactories() {
    Structured structured = new Structured(transport());
    Tools tools = new Tools(transport());
    LlmProvider provider =
        new SdkProvider("fake", "apex-fake", (c, k, s) -> structured, (c, k, s) -> tools) {};

    assertThat(provider.name()).isEqualTo("fake");
    assertThat(provider.module()).isEqualTo("apex-fake");
    assertThat(provider.structured(config, Clock.systemUTC(), Sleeper.SYSTEM)).isSameAs(structured);
    assertThat(provider.toolUse(config, Clock.systemUTC(), Sleeper.SYSTEM)).isSameAs(tools);
  }

  @Test
  void aTurnWithoutAToolCallQuotesTheStartOfWhatTheModelSaid() {
    assertThat(ReplyFailures.noToolCall(" ", LlmUsage.NONE).detail())
        .isEqualTo("the reply called no tool and said nothing");
    LlmResult<ToolCall> said =
        ReplyFailures.noToolCall("I would\ntap " + "x".repeat(100), LlmUsage.NONE);
    assertThat(said.failure()).isEqualTo(FailureReason.NO_TOOL_CALL);
    assertThat(said.detail())
        .startsWith("the reply called no tool; it said: I would tap xxx")
        .hasSize("the reply called no tool; it said: ".length() + ReplyFailures.TEXT_IN_DETAIL);
  }

  @Test
  void anUnreadableReplyNamesWhatItShouldHaveBeen() {
    LlmResult<ToolCall> result =
        ReplyFailures.unreadable(
            "a message", new IllegalStateException("no 'content'"), LlmUsage.NONE);

    assertThat(result.failure()).isEqualTo(FailureReason.INVALID_RESPONSE);
    assertThat(result.detail()).isEqualTo("the response is not a message: no 'content'");
  }
}
