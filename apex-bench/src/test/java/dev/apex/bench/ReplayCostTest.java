package dev.apex.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.TaskStatus;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * M7 in CI: the real labeller and Claude planner against the scripted Messages API on loopback; the
 * recording replays with no call and each drift heals within its goal.
 */
@Tag("e2e")
class ReplayCostTest {

  private static ReplayCostResult result;
  private static String progress;

  @BeforeAll
  static void measure() {
    StringWriter out = new StringWriter();
    result = ReplayCost.measure(new PrintWriter(out));
    progress = out.toString();
  }

  @Test
  void theGoalRunsItsTwentyStepsOverSixScreensAndLabelsEachScreenOnce() {
    assertThat(result.goal().steps()).isEqualTo(20);
    assertThat(result.goal().distinctScreens()).isEqualTo(6);
    assertThat(result.goal().planningCalls()).isEqualTo(21);
    assertThat(result.goal().labellingCalls()).isEqualTo(result.goal().distinctScreens());
    // Without the cache every observation is labelled, the waits of a tap included.
    assertThat(result.goal().uncachedLabellingCalls())
        .isGreaterThan(result.goal().observations() - 1);
    assertThat(result.goal().savedCalls())
        .isEqualTo(result.goal().uncachedLabellingCalls() - result.goal().labellingCalls());
    assertThat(result.goal().savedTokens()).isPositive();
    assertThat(result.goals().get(0).met()).isTrue();
  }

  @Test
  void theRecordingReplaysWithNoModelCallToTheSameEnd() {
    assertThat(result.replay().status()).isEqualTo(TaskStatus.SUCCEEDED);
    assertThat(result.replay().modelCalls()).isZero();
    assertThat(result.replay().sameEnd()).isTrue();
    assertThat(result.replay().end()).endsWith("Wi-Fi off");
  }

  @Test
  void eachDriftHealsWithinTwoPlannerCallsAStepAndTheHealedFlowNeedsNone() {
    assertThat(result.drifts())
        .extracting(ReplayCostResult.Drift::variant)
        .containsExactly("drift-renamed", "drift-popup", "drift-row");
    for (ReplayCostResult.Drift d : result.drifts()) {
      assertThat(d.status()).as(d.variant()).isEqualTo(TaskStatus.SUCCEEDED);
      assertThat(d.maxPerStep()).as(d.variant()).isLessThanOrEqualTo(2);
    }
    ReplayCostResult.Drift renamed = result.drifts().get(0);
    assertThat(renamed.healedSteps()).isPositive();
    assertThat(renamed.plannerCalls()).isEqualTo(renamed.healedSteps());
    assertThat(renamed.healedReplay()).isEqualTo(TaskStatus.SUCCEEDED);
    assertThat(renamed.healedReplayCalls()).isZero();
    ReplayCostResult.Drift popup = result.drifts().get(1);
    assertThat(popup.healedSteps()).isPositive();
    assertThat(popup.healedReplayCalls()).isZero();
    ReplayCostResult.Drift row = result.drifts().get(2);
    assertThat(row.plannerCalls()).isZero();
    assertThat(row.screenDrifts()).isPositive();
    assertThat(row.healedReplay()).isNull();
    assertThat(result.goals().get(1).met()).isTrue();
    assertThat(result.goals().get(2).met()).isTrue();
    assertThat(progress).contains("drift-renamed: SUCCEEDED");
  }
}
