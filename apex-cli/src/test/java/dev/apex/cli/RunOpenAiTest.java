package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.testkit.llm.FakeChat;
import dev.apex.testkit.llm.FakeChatCompletionsApi;
import dev.apex.testkit.llm.FakeReply;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code apex run --goal} and {@code apex describe --semantic} on an OpenAI-compatible endpoint
 * ({@code --provider openai --base-url http://127.0.0.1:PORT/v1}): a fake Chat Completions server
 * plans the Wi-Fi goal on the sim and labels screens, and each failure gives its defined outcome.
 */
class RunOpenAiTest {

  private static final String KEY = "sk-openai-canary-5531";

  @TempDir Path dir;
  private FakeChatCompletionsApi api;

  /** Retry backoff does not really wait. */
  private final Wiring wiring = Wiring.DEFAULT.withSleeper(d -> {});

  @BeforeEach
  void start() {
    api = FakeChatCompletionsApi.start();
  }

  @AfterEach
  void stop() {
    api.close();
  }

  /** A home of its own (no user config file), no Anthropic key. */
  private Map<String, String> env(String... pairs) {
    Map<String, String> env = new HashMap<>();
    env.put("APEX_HOME", dir.resolve("home").toString());
    for (int i = 0; i < pairs.length; i += 2) {
      env.put(pairs[i], pairs[i + 1]);
    }
    return env;
  }

  private void scriptWifi() {
    api.enqueue(
        FakeChat.toolCall("launch_app", Map.of("app_id", "com.android.settings")),
        FakeChat.toolCall("tap", Map.of("text", "Wi-Fi")),
        FakeChat.toolCall("tap", Map.of("element", RunGoalTest.switchHandle())),
        FakeChat.toolCall("done", Map.of("summary", "Wi-Fi is on.")));
  }

  private Cli.Result goal(Map<String, String> env, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "run",
                "--goal",
                "turn Wi-Fi on",
                "--allow-app",
                "com.android.settings",
                "--no-ocr"));
    args.addAll(List.of(more));
    return Cli.run(wiring, env, Cli.withDb(dir.resolve("t.db"), args.toArray(String[]::new)));
  }

  private String[] openai(String... more) {
    List<String> args =
        new ArrayList<>(List.of("--provider", "openai", "--base-url", api.baseUrl()));
    args.addAll(List.of(more));
    return args.toArray(String[]::new);
  }

  /** {@code apex describe} on the fake, with {@code more} options. */
  private String[] describe(String... more) {
    List<String> args = new ArrayList<>(List.of("describe"));
    args.addAll(List.of(openai(more)));
    return args.toArray(String[]::new);
  }

  @Test
  void theFakeDrivesTheWifiGoalToSucceeded() {
    scriptWifi();

    Cli.Result run = goal(env("OPENAI_API_KEY", KEY), openai("--planner-model", "qwen2.5:7b"));

    assertThat(run.exit()).as(run.out() + run.err()).isZero();
    assertThat(run.out())
        .contains("step  1  ok      launch_app")
        .contains("SUCCEEDED")
        .contains("model: Wi-Fi is on.")
        .contains("llm: 4 calls to qwen2.5:7b")
        .contains("cost unknown")
        .doesNotContain("$");
    assertThat(api.requests()).hasSize(4);
    JsonNode body = api.requests().get(0).json();
    assertThat(body.path("model").asText()).isEqualTo("qwen2.5:7b");
    assertThat(body.path("max_tokens").asLong()).isEqualTo(2048);
    assertThat(body.path("tools").size()).isGreaterThan(3);
    // The same prompt as Claude's: the screen is delimited as untrusted text.
    String user = body.path("messages").get(1).path("content").asText();
    assertThat(user).contains("turn Wi-Fi on").containsPattern("<untrusted[^>]*>");
    assertThat(api.requests().get(0).apiKey()).contains(KEY);
    assertThat(run.out() + run.err()).doesNotContain(KEY);
  }

  @Test
  void describeSemanticPrintsTheLabels() {
    api.enqueue(
        FakeChat.text(
            "{\"page\":\"launcher\",\"intents\":[\"open settings\"],"
                + "\"widgets\":[{\"element_id\":\"2\",\"purpose\":\"open the Settings app\"}]}"));

    Cli.Result r =
        Cli.run(
            env(), describe("--device", "sim", "--semantic", "--no-ocr", "--model", "qwen2.5:7b"));

    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out())
        .contains("page: launcher")
        .contains("intents: open settings")
        .contains("widget 2: open the Settings app");
    JsonNode body = api.requests().get(0).json();
    assertThat(body.path("response_format").path("type").asText()).isEqualTo("json_schema");
    assertThat(api.requests().get(0).apiKey()).contains("apex-no-key");
  }

  @Test
  void describeNamesAnUnsupportedResponseFormat() {
    api.enqueue(FakeChat.unsupported("response_format"));

    Cli.Result r =
        Cli.run(
            env(),
            describe("--semantic", "--no-ocr", "--model", "llama3", "--semantic-retries", "0"));

    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out())
        .contains("Settings")
        .contains("semantic: unavailable (unsupported_parameter)");
  }

  @Test
  void theConfigFileAndTheEnvironmentChooseTheProviderToo() throws IOException {
    Files.createDirectories(dir.resolve("home"));
    Files.writeString(
        dir.resolve("home/config.json"),
        "{\"llm\":{\"provider\":\"openai\"},\"planner\":{\"model\":\"qwen2.5:7b\"}}");
    scriptWifi();

    Cli.Result run = goal(env("OPENAI_BASE_URL", api.baseUrl()));

    assertThat(run.exit()).as(run.out() + run.err()).isZero();
    assertThat(run.out()).contains("SUCCEEDED").contains("calls to qwen2.5:7b");
    assertThat(api.requests()).hasSize(4);
  }

  @Test
  void anOpenAiKeyAloneNeverSwitchesTheProvider() {
    Cli.Result run = goal(env("OPENAI_API_KEY", KEY, "OPENAI_BASE_URL", api.baseUrl()));

    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err()).contains("no model is configured to plan a goal");
    assertThat(api.requests()).isEmpty();
  }

  @Test
  void withOpenAiThePlanningModelIsRequired() {
    Cli.Result run = goal(env(), openai());

    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err().strip().lines()).hasSize(1);
    assertThat(run.err()).contains("--planner-model is required with --provider openai");
    assertThat(api.requests()).isEmpty();
  }

  @Test
  void withOpenAiTheLabelModelIsRequired() {
    Cli.Result r = Cli.run(env(), describe("--semantic", "--no-ocr"));

    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("--model is required with --provider openai");
  }

  @Test
  void anUnknownProviderIsNamed() {
    Cli.Result r = Cli.run(env(), "describe", "--provider", "gemini");

    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("--provider must be one of anthropic, openai");
  }

  @Test
  void argumentsThatFailValidationTwiceEndTheTaskFailedWithTheReason() {
    api.enqueue(
        FakeChat.toolCallRaw("launch_app", "{\"app_id\": com.android.settings}"),
        FakeChat.toolCall("launch_app", Map.of("package", "com.android.settings")));

    Cli.Result run = goal(env(), openai("--planner-model", "qwen2.5:0.5b"));

    assertThat(run.exit()).as(run.out() + run.err()).isEqualTo(1);
    assertThat(run.out())
        .contains("FAILED")
        .contains("model call failed (invalid_tool_arguments)")
        .contains("launch_app: 1 property the tool does not have (it takes app_id, bundle_id)");
    assertThat(api.requests()).hasSize(2);
    String second = api.requests().get(1).json().path("messages").get(1).path("content").asText();
    assertThat(second).contains("Your previous tool call had invalid arguments");
  }

  @Test
  void argumentsMendedOnTheSecondAskGoOn() {
    api.enqueue(FakeChat.toolCallRaw("launch_app", "not json"));
    scriptWifi();

    Cli.Result run = goal(env(), openai("--planner-model", "qwen2.5:7b"));

    assertThat(run.exit()).as(run.out() + run.err()).isZero();
    assertThat(run.out()).contains("SUCCEEDED");
    assertThat(api.requests()).hasSize(5);
  }

  static Stream<Arguments> failures() {
    return Stream.of(
        Arguments.of(FakeChat.error(401, "invalid_request_error", "bad key"), "unauthorized"),
        Arguments.of(FakeChat.error(500, "server_error", "boom"), "server_error"),
        Arguments.of(FakeChat.rateLimited(Duration.ofSeconds(600)), "rate_limited"),
        Arguments.of(FakeChat.garbage("<html>not json</html>"), "invalid_response"),
        Arguments.of(FakeChat.unsupported("tools"), "unsupported_parameter"),
        Arguments.of(FakeChat.dropConnection(), "connection_failed"));
  }

  @ParameterizedTest
  @MethodSource("failures")
  void eachFailureEndsTheTaskFailedWithItsReason(FakeChat reply, String reason) {
    for (int i = 0; i < 9; i++) {
      api.enqueue(reply);
    }

    Cli.Result run = goal(env("OPENAI_API_KEY", KEY), openai("--planner-model", "qwen2.5:7b"));

    assertThat(run.exit()).as(run.out() + run.err()).isEqualTo(1);
    assertThat(run.out()).contains("FAILED").contains("model call failed (" + reason + ")");
    assertThat(run.out() + run.err()).doesNotContain(KEY);
  }

  @Test
  void aRefusedConnectionEndsTheTaskFailed() throws IOException {
    int port;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    }

    Cli.Result run =
        goal(
            env(),
            "--provider",
            "openai",
            "--base-url",
            "http://127.0.0.1:" + port + "/v1",
            "--planner-model",
            "qwen2.5:7b");

    assertThat(run.exit()).as(run.out() + run.err()).isEqualTo(1);
    assertThat(run.out()).contains("model call failed (connection_failed)").contains("refused");
  }

  @Test
  void theKeyEchoedByAServerNeverShows() {
    api.enqueue(FakeChat.error(401, "invalid_request_error", "key " + FakeReply.REQUEST_KEY));

    Cli.Result run = goal(env("OPENAI_API_KEY", KEY), openai("--planner-model", "m"));

    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.out() + run.err()).contains("unauthorized").doesNotContain(KEY);
  }
}
