package dev.apex.runtime.planner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.TaskStatus;
import dev.apex.runtime.TaskOutcome;
import dev.apex.runtime.safety.Confirmer;
import dev.apex.testkit.llm.FakeReply;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Each budget, and the loop detector, stops a task whose model would go on forever; the outcome and
 * the timeline (the listener's status and reason) say which.
 */
class BudgetAndLoopTest {

  /** A model that never finishes: waits of a different length each time, so nothing loops. */
  static void forever(AgentFixture f, int ms) {
    for (int i = 0; i < 30; i++) {
      f.api.enqueue(Replies.waitMs(ms + i));
    }
  }

  static TaskOutcome run(AgentFixture f, Budget budget) {
    return f.run(
        "Keep waiting",
        PlannerConfig.defaults().withBudget(budget),
        AgentFixture.settingsAllowed(),
        Confirmer.DENY);
  }

  static void assertStopped(AgentFixture f, TaskOutcome outcome, TaskStatus status, String reason) {
    assertThat(outcome.status()).as(outcome.reason()).isEqualTo(status);
    assertThat(outcome.reason()).startsWith(reason);
    assertThat(f.steps.status).as("the timeline's status").isEqualTo(status);
    assertThat(f.steps.reason).as("the timeline's reason").isEqualTo(outcome.reason());
  }

  @Test
  void maxStepsStopsBeforeAskingTheModelAgain() {
    try (AgentFixture f = new AgentFixture()) {
      forever(f, 10);

      TaskOutcome outcome = run(f, Budget.DEFAULT.withMaxSteps(3));

      assertStopped(f, outcome, TaskStatus.MAX_STEPS, "reached the step budget (3 steps)");
      assertThat(f.steps.records).hasSize(3);
      assertThat(f.requests()).hasSize(3);
    }
  }

  @Test
  void maxLlmCalls() {
    try (AgentFixture f = new AgentFixture()) {
      forever(f, 10);

      TaskOutcome outcome = run(f, Budget.DEFAULT.withMaxLlmCalls(2));

      assertStopped(
          f,
          outcome,
          TaskStatus.BUDGET_EXCEEDED,
          "budget exceeded (max LLM calls): 2 of at most 2");
      assertThat(f.requests()).hasSize(2);
      assertThat(f.steps.records).hasSize(2);
    }
  }

  @Test
  void maxTokensCountsCachedAndUncachedInputAndOutput() {
    try (AgentFixture f = new AgentFixture()) {
      forever(f, 10);

      // Each scripted call uses 900 + 60 + 2,300 = 3,260 tokens.
      TaskOutcome outcome = run(f, Budget.DEFAULT.withMaxTokens(5_000));

      assertStopped(
          f,
          outcome,
          TaskStatus.BUDGET_EXCEEDED,
          "budget exceeded (max tokens): 6,520 tokens used of at most 5,000");
      assertThat(f.requests()).hasSize(2);
    }
  }

  @Test
  void maxCostUsesThePriceTable() {
    try (AgentFixture f = new AgentFixture()) {
      forever(f, 10);

      // One call on claude-sonnet-5-5: 900 × $2 + 60 × $10 + 2,300 × $0.10 per MTok = $0.00263.
      TaskOutcome outcome = run(f, Budget.DEFAULT.withMaxCostUsd(0.002));

      assertStopped(
          f,
          outcome,
          TaskStatus.BUDGET_EXCEEDED,
          "budget exceeded (max cost): ~$0.0026 estimated of at most $0.00");
      assertThat(f.requests()).hasSize(1);
    }
  }

  @Test
  void maxWallTimeOnTheInjectedClock() {
    try (AgentFixture f = new AgentFixture()) {
      forever(f, 60_000);

      TaskOutcome outcome = run(f, Budget.DEFAULT.withMaxWallTime(Duration.ofMinutes(2)));

      assertStopped(
          f,
          outcome,
          TaskStatus.BUDGET_EXCEEDED,
          "budget exceeded (max wall time): 120 s since the task's first plan, at most 120 s");
      assertThat(f.steps.records).hasSize(2);
    }
  }

  @Test
  void theLastCallBeforeTheWallTimeIsGivenOnlyWhatIsLeft() {
    try (AgentFixture f = new AgentFixture()) {
      forever(f, 50_000);

      run(f, Budget.DEFAULT.withMaxWallTime(Duration.ofSeconds(80)));

      // Two steps: after the first wait 50 s are spent, so the second call may take 30 s, not 60.
      assertThat(f.requests()).hasSize(2);
      assertThat(f.user(1)).contains("time 50s of 80s");
    }
  }

  /** A tap on an empty spot of the launcher: it runs, and changes nothing. */
  static FakeReply.Message tapNothing() {
    return Replies.call("tap", Map.of("x", 20, "y", 1200));
  }

  @Test
  void theSameActionOnTheSameScreenAThirdTimeStopsTheTaskWhenConfiguredTo() {
    try (AgentFixture f = new AgentFixture()) {
      f.api.enqueue(tapNothing(), tapNothing(), tapNothing(), Replies.done("never"));

      TaskOutcome outcome =
          f.run(
              "Open the hidden menu",
              PlannerConfig.defaults().withOnLoop(LoopAction.STOP),
              AgentFixture.settingsAllowed(),
              Confirmer.DENY);

      assertStopped(
          f, outcome, TaskStatus.BUDGET_EXCEEDED, "loop detected: tap {\"x\":20,\"y\":1200}");
      assertThat(outcome.reason()).contains("asked for a 3rd time on the same screen");
      assertThat(f.device.count("tap")).isEqualTo(2);
      assertThat(AgentFixture.outsideBlocks(f.user(1)))
          .contains("Step 1 (tap) ran; it had NO visible effect");
    }
  }

  @Test
  void byDefaultTheModelIsToldOfTheLoopOnceAndMayChooseAgain() {
    try (AgentFixture f = new AgentFixture()) {
      f.api.enqueue(
          tapNothing(), tapNothing(), tapNothing(), Replies.giveUp("There is no hidden menu."));

      TaskOutcome outcome =
          f.run(
              "Open the hidden menu",
              PlannerConfig.defaults(),
              AgentFixture.settingsAllowed(),
              Confirmer.DENY);

      assertThat(outcome.status()).isEqualTo(TaskStatus.FAILED);
      assertThat(outcome.reason()).isEqualTo("the model gave up: There is no hidden menu.");
      assertThat(f.device.count("tap")).isEqualTo(2);
      assertThat(f.requests()).hasSize(4);
      assertThat(AgentFixture.outsideBlocks(f.user(3)))
          .contains("Not done: this exact tap already ran 2 times on this very screen");
    }
  }

  @Test
  void aModelThatLoopsAgainAfterBeingToldIsStopped() {
    try (AgentFixture f = new AgentFixture()) {
      f.api.enqueue(tapNothing(), tapNothing(), tapNothing(), tapNothing(), Replies.done("no"));

      TaskOutcome outcome =
          f.run(
              "Open the hidden menu",
              PlannerConfig.defaults(),
              AgentFixture.settingsAllowed(),
              Confirmer.DENY);

      assertStopped(f, outcome, TaskStatus.BUDGET_EXCEEDED, "loop detected");
      assertThat(f.device.count("tap")).isEqualTo(2);
    }
  }

  @Test
  void aSwitchFlippedBackAndForthIsALoopToo() {
    try (AgentFixture f = new AgentFixture()) {
      String handle = WifiGoalTest.switchHandle();
      f.api.enqueue(
          Replies.launch(AgentFixture.SETTINGS),
          Replies.tapText("Wi-Fi"),
          Replies.tapElement(handle),
          Replies.tapElement(handle),
          Replies.tapElement(handle),
          Replies.tapElement(handle),
          Replies.done("no"));

      TaskOutcome outcome =
          f.run(
              "Turn Wi-Fi on",
              PlannerConfig.defaults().withOnLoop(LoopAction.STOP),
              AgentFixture.settingsAllowed(),
              Confirmer.DENY);

      assertStopped(f, outcome, TaskStatus.BUDGET_EXCEEDED, "loop detected: tap {\"element\":");
      assertThat(f.steps.records).hasSize(4);
      assertThat(AgentFixture.outsideBlocks(f.user(3)))
          .contains("Step 3 (tap) ran; the screen changed");
    }
  }
}
