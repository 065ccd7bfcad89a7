package dev.apex.runtime.planner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.TaskStatus;
import dev.apex.llm.LlmUsage;
import dev.apex.runtime.PlanListener;
import dev.apex.runtime.TaskOutcome;
import dev.apex.runtime.safety.Confirmer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Claude planner reports every model call through the context's listener: the runner records a
 * plan's calls with its step, in the JSON the timeline has always kept, and the agent's totals and
 * any listener a caller adds hear every call, those that made no step too.
 */
class PlanUsageTest {

  @Test
  void eachCallIsHeardAndAPlansCallsAreRecordedWithItsStep() {
    try (AgentFixture f = new AgentFixture()) {
      WifiGoalTest.scriptWifi(f);
      List<Long> heard = new ArrayList<>();
      List<String> reached = new ArrayList<>();
      ModelAgent agent =
          f.agent(PlannerConfig.defaults(), AgentFixture.settingsAllowed(), Confirmer.DENY);

      TaskOutcome outcome =
          f.runner(
                  agent,
                  agent
                      .parts(f.observer())
                      .withListener(f.steps)
                      .withPlanListener(
                          new PlanListener() {
                            @Override
                            public void modelCalled(String model, LlmUsage usage, double costUsd) {
                              heard.add(usage.totalInputTokens());
                            }

                            @Override
                            public void goalReached(String summary) {
                              reached.add(summary);
                            }
                          }))
              .run(WifiGoalTest.GOAL);

      assertThat(outcome.status()).as(outcome.reason()).isEqualTo(TaskStatus.SUCCEEDED);
      assertThat(heard).as("three steps and the done call").hasSize(4);
      assertThat(reached).containsExactly("Wi-Fi is on: the switch on the Wi-Fi page reads On.");
      // What the timeline stores (the same JSON as before) is pinned by storage's
      // StepExtrasJsonTest.
      assertThat(f.steps.records.get(0).extras().llmUsage())
          .singleElement()
          .satisfies(
              u -> {
                assertThat(u.model()).isEqualTo("claude-sonnet-5-5");
                assertThat(u.calls()).isEqualTo(1);
                assertThat(u.tokens()).isEqualTo(new LlmUsage(850, 70, 2300, 0));
                assertThat(u.costUsd()).isPositive();
              });
      assertThat(agent.totals().calls()).isEqualTo(4);
    }
  }

  @Test
  void theAgentsTotalsAndSummaryStartOverWithEachTask() {
    try (AgentFixture f = new AgentFixture()) {
      WifiGoalTest.scriptWifi(f);
      ModelAgent agent =
          f.agent(PlannerConfig.defaults(), AgentFixture.settingsAllowed(), Confirmer.DENY);
      f.runner(agent, agent.parts(f.observer())).run(WifiGoalTest.GOAL);
      assertThat(agent.totals().calls()).isEqualTo(4);

      f.api.enqueue(Replies.giveUp("Nothing to do."));
      TaskOutcome second = f.runner(agent, agent.parts(f.observer())).run("Do nothing");

      assertThat(second.status()).isEqualTo(TaskStatus.FAILED);
      assertThat(agent.totals().calls()).isEqualTo(1);
      assertThat(agent.summary()).isEmpty();
    }
  }
}
