package dev.apex.runtime.planner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.TaskStatus;
import dev.apex.runtime.TaskOutcome;
import dev.apex.testkit.llm.FakeReply;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * A measurement, not part of the suite (it takes a minute): how long a goal takes to end when the
 * model server trickles its reply forever, at the default call deadline ({@link
 * PlannerConfig#defaults()}). Run it with {@code -Dapex.measure.trickle=true
 * -Dtest=TrickleDeadlineMeasure}; it prints the figure. Nothing is asserted about the time.
 */
@EnabledIfSystemProperty(named = "apex.measure.trickle", matches = "true")
class TrickleDeadlineMeasure {

  @Test
  void timeToTheEndOfATaskWhoseModelTricklesItsReply() {
    try (AgentFixture f = new AgentFixture()) {
      f.api.enqueue(ModelFailureTest.times(3, FakeReply.trickle(Duration.ofMillis(200))));

      long start = System.nanoTime();
      TaskOutcome outcome = f.run(WifiGoalTest.GOAL);
      Duration took = Duration.ofNanos(System.nanoTime() - start);

      System.out.printf(
          "trickling model server, default deadline: task %s after %.1f s, %d request(s): %s%n",
          outcome.status(), took.toMillis() / 1000.0, f.requests().size(), outcome.reason());
      assertThat(outcome.status()).isEqualTo(TaskStatus.FAILED);
    }
  }
}
