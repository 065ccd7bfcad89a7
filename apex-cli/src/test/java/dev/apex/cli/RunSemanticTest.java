package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.Json;
import dev.apex.testkit.llm.FakeMessagesApi;
import dev.apex.testkit.llm.FakeReply;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code apex run --semantic}: each observed scene is labelled; the timeline keeps labels and
 * usage.
 */
class RunSemanticTest {

  @TempDir Path dir;

  @Test
  void theTimelineStoresEachStepsSemanticSceneAndUsageAndTheWorldFollowsThePage() throws Exception {
    Path db = dir.resolve("t.db");
    Path flow = Cli.projectRoot().resolve("examples/flows/apps-world.yaml");
    try (FakeMessagesApi claude = FakeMessagesApi.start()) {
      claude.enqueue(
          FakeReply.text("{\"page\":\"launcher\",\"intents\":[\"open an app\"],\"widgets\":[]}"),
          FakeReply.error(529, "overloaded_error", "Overloaded"),
          FakeReply.error(529, "overloaded_error", "Overloaded"),
          FakeReply.error(529, "overloaded_error", "Overloaded"),
          FakeReply.text("{\"page\":\"notes list\",\"intents\":[],\"widgets\":[]}"),
          FakeReply.text("{\"page\":\"launcher\",\"intents\":[],\"widgets\":[]}"));
      Map<String, String> env =
          Map.of("ANTHROPIC_API_KEY", "sk-canary-9", "ANTHROPIC_BASE_URL", claude.baseUrl());

      Cli.Result run =
          Cli.run(
              env,
              Cli.withDb(
                  db,
                  "run",
                  "--flow",
                  flow.toString(),
                  "--semantic",
                  "--no-ocr",
                  "--semantic-retries",
                  "2"));

      assertThat(run.exit()).as(run.err()).isZero();
      Matcher m = Pattern.compile("task id: (\\w+)").matcher(run.out());
      assertThat(m.find()).isTrue();
      JsonNode steps =
          Json.mapper()
              .readTree(Cli.run(Cli.withDb(db, "timeline", m.group(1), "--json")).out())
              .get("stepList");

      assertThat(steps.get(0).at("/semantic_scene/page").asText()).isEqualTo("launcher");
      assertThat(steps.get(0).at("/llm_usage/inputTokens").asLong()).isPositive();
      assertThat(steps.get(0).at("/world/currentPage").asText()).isEqualTo("launcher");
      assertThat(steps.get(1).has("semantic_scene")).isFalse();
      assertThat(steps.get(1).at("/semantic_unavailable").asText()).isEqualTo("overloaded");
      assertThat(steps.get(1).at("/world/currentPage").asText()).isEqualTo("launcher");
      assertThat(steps.get(2).at("/semantic_scene/page").asText()).isEqualTo("notes list");
      assertThat(run.out() + run.err()).doesNotContain("sk-canary-9");
    }
  }

  @Test
  void withoutAKeySemanticIsSaidOnceAsAnApexLineNotAWarningPerObservation() {
    Path flow = Cli.projectRoot().resolve("examples/flows/settings-wifi-on.yaml");

    // The logger writes to the process's stderr: watch it for the per-observation warning.
    PrintStream processErr = System.err;
    ByteArrayOutputStream logged = new ByteArrayOutputStream();
    Cli.Result run;
    try {
      System.setErr(new PrintStream(logged, true, StandardCharsets.UTF_8));
      run =
          Cli.run(
              Map.of(),
              Cli.withDb(
                  dir.resolve("t.db"), "run", "--flow", flow.toString(), "--semantic", "--no-ocr"));
    } finally {
      System.setErr(processErr);
    }

    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(logged.toString(StandardCharsets.UTF_8)).doesNotContain("semantic: unavailable");
    assertThat(run.errLines())
        .containsExactly(
            "apex: --semantic needs ANTHROPIC_API_KEY: this task's screens are not labelled");
  }
}
