package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.TaskRecord;
import dev.apex.core.TaskStatus;
import dev.apex.perception.OcrEngine;
import dev.apex.runtime.agent.Agent;
import dev.apex.runtime.agent.AgentOutcome;
import dev.apex.storage.SqliteTimeline;
import dev.apex.storage.StoredStep;
import dev.apex.testkit.RecordingSleeper;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The entry point with a timeline file: the agent opens it through the SQLite provider found on the
 * classpath, records the run, and closes it; the file then reads back like one {@code apex run}
 * wrote, so {@code apex console} and {@code apex timeline} show it.
 */
class AgentTimelineFileTest {

  @TempDir Path dir;

  @Test
  void aRunIsInTheFileTheAgentWasGiven() {
    Path file = dir.resolve("timeline.db");
    AgentOutcome outcome;
    try (Agent agent =
        Agent.builder()
            .ocr(OcrEngine.NONE)
            .sleeper(new RecordingSleeper())
            .timeline(file)
            .build()) {
      outcome = agent.runFlow(Cli.projectRoot().resolve("examples/flows/settings-wifi-on.yaml"));
    }
    assertThat(outcome.status()).isEqualTo(TaskStatus.SUCCEEDED);

    try (SqliteTimeline timeline = SqliteTimeline.open(file, Clock.systemUTC(), 5)) {
      TaskRecord task = timeline.task(outcome.taskId()).orElseThrow();
      assertThat(task.status()).isEqualTo(TaskStatus.SUCCEEDED);
      List<StoredStep> steps = timeline.steps(outcome.taskId());
      assertThat(steps).hasSize(4);
      assertThat(steps.get(0).extras().world()).isNotNull();
    }
  }
}
