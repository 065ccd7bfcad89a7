package dev.apex.runtime.planner;

import static dev.apex.runtime.planner.SimScenes.resourceId;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.apex.core.ElementFlag;
import dev.apex.core.Sleeper;
import dev.apex.core.TaskStatus;
import dev.apex.device.sim.SimDevice;
import dev.apex.llm.SemanticConfig;
import dev.apex.runtime.Cancellation;
import dev.apex.runtime.Observation;
import dev.apex.runtime.RunAssembly;
import dev.apex.runtime.TaskOutcome;
import dev.apex.runtime.safety.Confirmer;
import dev.apex.runtime.safety.SafetyPolicy;
import java.time.Clock;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The Wi-Fi goal on the simulated phone against the real API — only when {@code ANTHROPIC_API_KEY}
 * is set; skipped, saying so, otherwise. Capped at 10 steps and $0.50; prints what it spent.
 */
class LiveClaudePlannerTest {

  @Test
  void turnsWifiOnOnTheSimulatedPhone() {
    SemanticConfig connection = SemanticConfig.fromEnv();
    if (!ModelAgent.available(connection)) {
      System.out.println("LiveClaudePlannerTest: skipped, ANTHROPIC_API_KEY is not set");
    }
    assumeTrue(
        ModelAgent.available(connection),
        "ANTHROPIC_API_KEY is not set; skipping the live planner test against the real API");

    try (SimDevice sim = SimDevice.create();
        ModelAgent agent =
            ModelAgent.create(
                connection,
                PlannerConfig.defaults()
                    .withBudget(Budget.DEFAULT.withMaxSteps(10).withMaxCostUsd(0.50)),
                SafetyPolicy.defaults().withAllowedApps(Set.of(AgentFixture.SETTINGS)),
                Confirmer.DENY)) {
      RecordingSteps steps = new RecordingSteps();
      TaskOutcome outcome =
          RunAssembly.of(sim, agent.registry(), agent.policy(), Clock.systemUTC(), Sleeper.SYSTEM)
              .runner(
                  agent.parts(() -> Observation.of(SimScenes.capture(sim))).withListener(steps),
                  new Cancellation())
              .run("Turn Wi-Fi on");

      System.out.printf(
          "live: %s (%s) in %d steps; %s%n",
          outcome.status(), outcome.reason(), steps.records.size(), agent.totals().summary());
      assertThat(outcome.status()).as(outcome.reason()).isEqualTo(TaskStatus.SUCCEEDED);
      assertThat(
              SimScenes.element(SimScenes.capture(sim), resourceId("wifi_switch"))
                  .has(ElementFlag.CHECKED))
          .isTrue();
      assertThat(agent.totals().calls()).isPositive();
    }
  }
}
