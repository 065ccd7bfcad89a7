package dev.apex.runtime.planner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.TaskStatus;
import dev.apex.runtime.TaskOutcome;
import org.junit.jupiter.api.Test;

/** A navigation asked for while the screen already is where it leads is not run again. */
class NavigationSkipTest {

  @Test
  void launchingTheAppWhoseScreenIsShowingIsSkippedAndTheModelIsTold() {
    try (AgentFixture f = new AgentFixture()) {
      f.api.enqueue(
          Replies.launch(AgentFixture.SETTINGS),
          Replies.launch(AgentFixture.SETTINGS),
          Replies.tapText("Wi-Fi"),
          Replies.tapElement(WifiGoalTest.switchHandle()),
          Replies.done("Wi-Fi is on."));

      TaskOutcome outcome = f.run(WifiGoalTest.GOAL);

      assertThat(outcome.status()).as(outcome.reason()).isEqualTo(TaskStatus.SUCCEEDED);
      assertThat(f.device.count("launch")).isEqualTo(1);
      assertThat(f.steps.records)
          .extracting(r -> r.step().action())
          .containsExactly("launch_app", "tap", "tap");
      assertThat(AgentFixture.outsideBlocks(f.user(2)))
          .contains(
              "Not done: launch_app would go where step 1 led, and the screen already is"
                  + " there");
      assertThat(f.steps.records.get(1).extras().llmUsage())
          .as("the skipped call is counted with the step it led to")
          .singleElement()
          .satisfies(u -> assertThat(u.calls()).isEqualTo(2));
    }
  }

  @Test
  void aModelThatInsistsIsObeyedOnItsSecondAsk() {
    try (AgentFixture f = new AgentFixture()) {
      f.api.enqueue(
          Replies.launch(AgentFixture.SETTINGS),
          Replies.launch(AgentFixture.SETTINGS),
          Replies.launch(AgentFixture.SETTINGS),
          Replies.done("Settings is open."));

      TaskOutcome outcome = f.run("Open Settings");

      assertThat(outcome.status()).isEqualTo(TaskStatus.SUCCEEDED);
      assertThat(f.device.count("launch")).isEqualTo(2);
    }
  }

  @Test
  void aTapThatLedHereIsSkippedWhenAskedForAgainFromHere() {
    try (AgentFixture f = new AgentFixture()) {
      f.api.enqueue(
          Replies.launch(AgentFixture.SETTINGS),
          Replies.tapText("Bluetooth"),
          Replies.call("press_key", java.util.Map.of("key", "back")),
          Replies.tapText("Bluetooth"),
          Replies.done("Bluetooth page is open."));

      TaskOutcome outcome = f.run("Open the Bluetooth page");

      // Back on the main page, "Bluetooth" leads somewhere else than where we are: it runs.
      assertThat(outcome.status()).isEqualTo(TaskStatus.SUCCEEDED);
      assertThat(f.device.count("tap")).isEqualTo(2);
      assertThat(f.requests()).hasSize(5);
    }
  }
}
