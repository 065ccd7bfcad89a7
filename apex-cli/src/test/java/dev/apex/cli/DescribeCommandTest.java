package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.Json;
import dev.apex.testkit.TestData;
import dev.apex.testkit.llm.FakeMessagesApi;
import dev.apex.testkit.llm.FakeReply;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code apex describe}: live sim, saved dumps, and semantic labels against a fake Claude. */
class DescribeCommandTest {

  private FakeMessagesApi claude;

  @BeforeEach
  void startFake() {
    claude = FakeMessagesApi.start();
  }

  @AfterEach
  void stopFake() {
    claude.close();
  }

  private Map<String, String> env() {
    return Map.of(
        "ANTHROPIC_API_KEY", "sk-test-canary-123", "ANTHROPIC_BASE_URL", claude.baseUrl());
  }

  @Test
  void theSimulatedPhoneCompact() {
    Cli.Result r = Cli.run("describe", "--device", "sim", "--no-ocr");

    assertThat(r.exit()).isZero();
    assertThat(r.out()).startsWith("720x1600\n").contains("Settings").contains("Notes");
  }

  @Test
  void theSimulatedPhoneAsJsonIsAScene() throws Exception {
    Cli.Result r = Cli.run("describe", "--format", "json", "--no-ocr");

    JsonNode scene = Json.mapper().readTree(r.out());
    assertThat(scene.get("width").asInt()).isEqualTo(720);
    assertThat(scene.get("elements")).isNotEmpty();
  }

  @Test
  void aSavedAndroidDump() {
    String dump =
        TestData.file("android/samsung_open_with_chooser_dialog_1080x2178.xml").toString();

    Cli.Result r = Cli.run("describe", "--from-dump", dump);

    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("1080x2178\n");
  }

  @Test
  void aSavedIosDumpWithItsScale() {
    String dump = TestData.file("ios/shirates_settings_top_390x844.xml").toString();

    Cli.Result r = Cli.run("describe", "--from-dump", dump, "--scale", "3");

    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("1170x2532\n").contains("General");
  }

  @Test
  void semanticLabelsASettingsScreen() {
    claude.enqueue(
        FakeReply.text(
            "{\"page\":\"launcher\",\"intents\":[\"open settings\",\"open notes\"],"
                + "\"widgets\":[{\"element_id\":\"2\",\"purpose\":\"open the Settings app\"}]}"));

    Cli.Result r = Cli.run(env(), "describe", "--device", "sim", "--semantic", "--no-ocr");

    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out())
        .contains("Settings")
        .contains("page: launcher")
        .contains("intents: open settings; open notes")
        .contains("widget 2: open the Settings app");
    assertThat(claude.requests()).hasSize(1);
    assertThat(r.out() + r.err()).doesNotContain("sk-test-canary-123");
  }

  @Test
  void semanticJsonHasTheSceneAndTheLabels() throws Exception {
    claude.enqueue(FakeReply.text("{\"page\":\"launcher\",\"intents\":[],\"widgets\":[]}"));

    Cli.Result r = Cli.run(env(), "describe", "--semantic", "--format", "json", "--no-ocr");

    JsonNode root = Json.mapper().readTree(r.out());
    assertThat(root.get("scene").get("elements")).isNotEmpty();
    assertThat(root.at("/semantic_scene/page").asText()).isEqualTo("launcher");
  }

  static Stream<Arguments> failures() {
    return Stream.of(
        Arguments.of(FakeReply.error(529, "overloaded_error", "Overloaded"), "overloaded"),
        Arguments.of(FakeReply.error(500, "api_error", "boom"), "server_error"),
        Arguments.of(FakeReply.error(401, "authentication_error", "bad key"), "unauthorized"),
        Arguments.of(FakeReply.error(400, "invalid_request_error", "bad"), "bad_request"),
        Arguments.of(FakeReply.rateLimited(Duration.ofSeconds(60)), "rate_limited"),
        Arguments.of(FakeReply.garbage("not json at all"), "invalid_response"),
        Arguments.of(FakeReply.text("this is not JSON"), "invalid_json"),
        Arguments.of(FakeReply.message("refusal", java.util.List.of()), "refusal"),
        Arguments.of(FakeReply.dropConnection(), "connection_failed"));
  }

  @ParameterizedTest
  @MethodSource("failures")
  void aFailingServerStillPrintsTheSceneAndTheReasonWithExitZero(FakeReply reply, String reason) {
    for (int i = 0; i < 5; i++) {
      claude.enqueue(reply);
    }

    Cli.Result r =
        Cli.run(
            env(),
            "describe",
            "--device",
            "sim",
            "--semantic",
            "--no-ocr",
            "--semantic-timeout",
            "5");

    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).contains("Settings").contains("semantic: unavailable (" + reason + ")");
    assertThat(r.out() + r.err()).doesNotContain("sk-test-canary-123");
  }

  @Test
  void withoutAKeySemanticIsUnavailableAndTheSceneIsStillPrinted() {
    Cli.Result r = Cli.run(Map.of(), "describe", "--semantic", "--no-ocr");

    assertThat(r.exit()).isZero();
    assertThat(r.out()).contains("Settings").contains("semantic: unavailable (no_api_key)");
    assertThat(claude.requests()).isEmpty();
  }
}
