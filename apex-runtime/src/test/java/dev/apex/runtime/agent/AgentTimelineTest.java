package dev.apex.runtime.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.InvalidInputException;
import dev.apex.core.TaskStatus;
import dev.apex.perception.OcrEngine;
import dev.apex.runtime.FakeTaskTimeline;
import dev.apex.testkit.RecordingSleeper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The agent records its runs through the one recorder into the timeline it is given. */
class AgentTimelineTest {

  @TempDir Path dir;

  private static Path wifiFlow() {
    return Path.of("..")
        .toAbsolutePath()
        .normalize()
        .resolve("examples/flows/settings-wifi-on.yaml");
  }

  @Test
  void aRunIsRecordedStartStepsAndEnd() {
    FakeTaskTimeline timeline = new FakeTaskTimeline();
    AgentOutcome outcome;
    try (Agent agent =
        Agent.builder()
            .ocr(OcrEngine.NONE)
            .sleeper(new RecordingSleeper())
            .timeline(timeline)
            .build()) {
      outcome = agent.runFlow(wifiFlow());
    }

    assertThat(outcome.status()).isEqualTo(TaskStatus.SUCCEEDED);
    assertThat(timeline.steps).hasSize(4);
    assertThat(timeline.steps).allSatisfy(s -> assertThat(s.taskId()).isEqualTo(outcome.taskId()));
    assertThat(timeline.writes.get(0)).startsWith("start " + outcome.taskId());
    assertThat(timeline.writes)
        .last()
        .asString()
        .startsWith("end " + outcome.taskId() + " SUCCEEDED");
  }

  @Test
  void aTimelineFileWithNoStoreOnTheClasspathIsRefusedAtBuild() {
    // This module's tests have no apex-storage.
    assertThatThrownBy(() -> Agent.builder().timeline(dir.resolve("t.db")).build())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("apex-storage");
  }

  @Test
  void aCancelAskedThroughTheTimelineEndsAParkedSession() {
    FakeTaskTimeline timeline = new FakeTaskTimeline();
    try (Agent agent =
        Agent.builder()
            .ocr(OcrEngine.NONE)
            .sleeper(new RecordingSleeper())
            .confirmer(dev.apex.runtime.safety.Confirmer.AUTHORED)
            .timeline(timeline)
            .build()) {
      Session session = agent.session("cancel me");
      // What the console's Cancel button reaches through the timeline's heartbeat.
      timeline.stopListeners.get(session.taskId()).accept("cancelled from the console");

      TaskStatus status = session.end(TaskStatus.SUCCEEDED, "not reached").status();
      assertThat(status).isEqualTo(TaskStatus.CANCELLED);
      assertThat(timeline.writes)
          .last()
          .asString()
          .startsWith("end " + session.taskId() + " CANCELLED: cancelled from the console");
    }
  }
}
