package dev.apex.runtime.planner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.Json;
import dev.apex.core.TaskStatus;
import dev.apex.llm.LlmUsage;
import dev.apex.runtime.Observation;
import dev.apex.runtime.PlanListener;
import dev.apex.runtime.TaskOutcome;
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
      ClaudeAgent agent =
          f.agent(PlannerConfig.defaults(), AgentFixture.settingsAllowed(), Confirmer.DENY);

      TaskOutcome outcome =
          agent
              .runner(f.device, () -> Observation.of(SimScenes.capture(f.device)))
              .listener(f.steps)
              .planListener(
                  new PlanListener() {
                    @Override
                    public void modelCalled(String model, LlmUsage usage, double costUsd) {
                      heard.add(usage.totalInputTokens());
                    }

                    @Override
                    public void goalReached(String summary) {
                      reached.add(summary);
                    }
                  })
              .build()
              .run(WifiGoalTest.GOAL);

      assertThat(outcome.status()).as(outcome.reason()).isEqualTo(TaskStatus.SUCCEEDED);
      assertThat(heard).as("three steps and the done call").hasSize(4);
      assertThat(reached).containsExactly("Wi-Fi is on: the switch on the Wi-Fi page reads On.");
      assertThat(Json.write(f.steps.records.get(0).annotations().get(ClaudePlanner.LLM_USAGE)))
          .matches(
              "\\{\"model\":\"claude-sonnet-5-5\",\"calls\":1,\"input_tokens\":850,"
                  + "\"output_tokens\":70,\"cache_creation_tokens\":2300,\"cache_read_tokens\":0,"
                  + "\"cost_usd\":0\\.[0-9]+\\}");
      assertThat(agent.totals().calls()).isEqualTo(4);
    }
  }

  @Test
  void theAgentsTotalsAndSummaryStartOverWithEachTask() {
    try (AgentFixture f = new AgentFixture()) {
      WifiGoalTest.scriptWifi(f);
      ClaudeAgent agent =
          f.agent(PlannerConfig.defaults(), AgentFixture.settingsAllowed(), Confirmer.DENY);
      agent
          .runner(f.device, () -> Observation.of(SimScenes.capture(f.device)))
          .build()
          .run(WifiGoalTest.GOAL);
      assertThat(agent.totals().calls()).isEqualTo(4);

      f.api.enqueue(Replies.giveUp("Nothing to do."));
      TaskOutcome second =
          agent
              .runner(f.device, () -> Observation.of(SimScenes.capture(f.device)))
              .build()
              .run("Do nothing");

      assertThat(second.status()).isEqualTo(TaskStatus.FAILED);
      assertThat(agent.totals().calls()).isEqualTo(1);
      assertThat(agent.summary()).isEmpty();
    }
  }
}
