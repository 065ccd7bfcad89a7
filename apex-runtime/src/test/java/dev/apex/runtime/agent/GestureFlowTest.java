package dev.apex.runtime.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.TaskStatus;
import dev.apex.perception.OcrEngine;
import dev.apex.runtime.flow.Flow;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.RecordingSleeper;
import org.junit.jupiter.api.Test;

/** A flow's long_press on the sim opens a long-press menu; hover is refused naming the sim. */
class GestureFlowTest {

  private static Agent sim() {
    FakeClock clock = new FakeClock();
    return Agent.builder()
        .device("sim")
        .ocr(OcrEngine.NONE)
        .clock(clock)
        .sleeper(new RecordingSleeper(clock))
        .build();
  }

  @Test
  void aLongPressOpensNotesMenuAndTheMenuClearsTheList() {
    String yaml =
        """
        name: Clear the notes
        steps:
          - launch_app: com.apex.sim.notes
          - long_press: "New note"
          - tap: "Clear all notes"
          - assert_visible: "No notes yet"
        """;
    try (Agent agent = sim()) {
      AgentOutcome outcome = agent.run(Flow.parse(yaml, "clear.yaml", agent.tools()));
      assertThat(outcome.status()).as(outcome.reason()).isEqualTo(TaskStatus.SUCCEEDED);
    }
  }

  @Test
  void aGestureTheSimCannotMakeFailsTheStepNamingTheDeviceKind() {
    String yaml =
        """
        name: Hover
        steps:
          - launch_app: com.android.settings
          - hover: "Wi-Fi"
        """;
    try (Agent agent = sim()) {
      AgentOutcome outcome = agent.run(Flow.parse(yaml, "hover.yaml", agent.tools()));
      assertThat(outcome.status()).isEqualTo(TaskStatus.FAILED);
      assertThat(outcome.reason())
          .isEqualTo(
              "step 2 (hover) failed after 1 attempt(s): hover: the sim device cannot hover; use a"
                  + " device that can (the README's Gestures table says which can)");
    }
  }
}
