package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.TaskStatus;
import dev.apex.llm.SemanticConfig;
import dev.apex.perception.OcrEngine;
import dev.apex.runtime.agent.Agent;
import dev.apex.runtime.agent.AgentOutcome;
import dev.apex.runtime.flow.Flow;
import dev.apex.runtime.observe.LabelCacheMode;
import dev.apex.storage.SqliteTimeline;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.RecordingSleeper;
import dev.apex.testkit.llm.FakeMessagesApi;
import dev.apex.testkit.llm.FakeReply;
import dev.apex.tools.ToolRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With {@code semantic.cache timeline}, a screen labelled by one task is labelled with no call by
 * later ones, across a restart (the timeline file closed and opened again), until the entry expires
 * on the timeline's clock; another labelling model does not reuse it.
 */
class LabelCacheAcrossTasksTest {

  /** Home, then Settings: two screens, two labelling calls when nothing is cached. */
  private static final String FLOW =
      """
      name: open settings
      steps:
        - launch_app: com.android.settings
      """;

  private static final FakeReply LABELS =
      FakeReply.text("{\"page\":\"some page\",\"intents\":[],\"widgets\":[]}");

  @TempDir Path dir;

  private final FakeClock clock = new FakeClock(Instant.parse("2026-12-01T10:00:00Z"));

  /** Runs the flow as a new process would: a new timeline on the file, a new agent. */
  private AgentOutcome runTask(FakeMessagesApi claude, String model, Duration ttl) {
    try (SqliteTimeline timeline = SqliteTimeline.open(dir.resolve("t.db"), clock, 5);
        Agent agent =
            Agent.builder()
                .device("sim")
                .ocr(OcrEngine.NONE)
                .sleeper(new RecordingSleeper())
                .model(
                    SemanticConfig.defaults()
                        .withApiKey("test")
                        .withBaseUrl(claude.baseUrl())
                        .withModel(model))
                .labels(true)
                .labelCache(LabelCacheMode.TIMELINE)
                .labelCacheTtl(ttl)
                .timeline(timeline)
                .build()) {
      AgentOutcome outcome =
          agent.run(Flow.parse(FLOW, "open settings", ToolRegistry.defaultRegistry()));
      assertThat(outcome.status()).isEqualTo(TaskStatus.SUCCEEDED);
      return outcome;
    }
  }

  @Test
  void aKnownScreenCostsNoCallAfterARestartUntilItExpires() {
    Duration ttl = Duration.ofHours(168);
    try (FakeMessagesApi claude = FakeMessagesApi.start()) {
      claude.enqueue(LABELS, LABELS, LABELS, LABELS, LABELS, LABELS);

      AgentOutcome first = runTask(claude, "claude-haiku-4-5", ttl);
      assertThat(first.labels().calls()).isEqualTo(2);
      assertThat(claude.requests()).hasSize(2);

      clock.advance(ttl.minusMinutes(1));
      AgentOutcome second = runTask(claude, "claude-haiku-4-5", ttl);
      assertThat(claude.requests()).as("both screens from the timeline").hasSize(2);
      assertThat(second.labels().calls()).isZero();
      assertThat(second.labelSavings().timelineCalls()).isEqualTo(2);
      assertThat(second.labelSavings().tokens()).isEqualTo(240);

      AgentOutcome otherModel = runTask(claude, "claude-sonnet-4-5", ttl);
      assertThat(claude.requests()).as("another model labels anew").hasSize(4);
      assertThat(otherModel.labelSavings().calls()).isZero();

      clock.advance(Duration.ofMinutes(1));
      AgentOutcome expired = runTask(claude, "claude-haiku-4-5", ttl);
      assertThat(claude.requests()).as("expired: labelled again").hasSize(6);
      assertThat(expired.labelSavings().timelineCalls()).isZero();
    }
  }

  @Test
  void apexRunPrintsTheLabelsLineAndASecondRunIsServedFromTheTimeline() throws IOException {
    Path flow = Files.writeString(dir.resolve("open-settings.yaml"), FLOW);
    Path db = dir.resolve("cli.db");
    try (FakeMessagesApi claude = FakeMessagesApi.start()) {
      claude.enqueue(LABELS, LABELS);
      Map<String, String> env =
          Map.of(
              "ANTHROPIC_API_KEY",
              "sk-canary-7",
              "ANTHROPIC_BASE_URL",
              claude.baseUrl(),
              "APEX_HOME",
              dir.toString(),
              "APEX_SEMANTIC_CACHE",
              "timeline");
      String[] args = Cli.withDb(db, "run", "--flow", flow.toString(), "--semantic", "--no-ocr");

      Cli.Result first = Cli.run(env, args);
      Cli.Result second = Cli.run(env, args);

      assertThat(first.exit()).as(first.err()).isZero();
      assertThat(second.exit()).as(second.err()).isZero();
      assertThat(claude.requests()).hasSize(2);
      assertThat(first.out())
          .contains(
              "labels: 2 calls to claude-haiku-4-5: 200 tokens in (0 from cache, 0 written to"
                  + " it), 40 out, ~$0.0004; label cache (timeline) saved nothing");
      assertThat(second.out())
          .contains(
              "labels: 0 calls to claude-haiku-4-5: 0 tokens in (0 from cache, 0 written to it),"
                  + " 0 out, ~$0.0000; label cache (timeline) saved 2 calls, 240 tokens"
                  + " (task 0, timeline 2)");
      assertThat(first.out() + first.err() + second.out() + second.err())
          .doesNotContain("sk-canary-7");
      String task = Cli.taskIds(second.out()).get(0);
      assertThat(Cli.timeline(db, task).at("/stepList/0/label_cache/level").asText())
          .isEqualTo("timeline");
    }
  }
}
