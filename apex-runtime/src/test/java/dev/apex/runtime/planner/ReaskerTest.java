package dev.apex.runtime.planner;

import static dev.apex.runtime.planner.ScriptedModel.context;
import static dev.apex.runtime.planner.ScriptedModel.failed;
import static dev.apex.runtime.planner.ScriptedModel.step;
import static dev.apex.runtime.planner.ScriptedModel.turn;
import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.llm.FailureReason;
import dev.apex.tools.TestScenes;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The re-asker alone in a chain in front of a scripted model. */
class ReaskerTest {

  private final ScriptedModel model = new ScriptedModel();
  private final PlanChain chain = new PlanChain(List.of(new Reasker(), model));
  private static final Decision WAIT = step("wait", Map.of("ms", 5));

  @Test
  void anUnusableReplyIsAskedAgainWithWhatWasWrong() {
    model.answer(failed(FailureReason.NO_TOOL_CALL), WAIT);

    assertThat(chain.proceed(turn(TestScenes.home(), context(), 2))).isEqualTo(WAIT);
    assertThat(model.asks.get(1))
        .containsExactly("Your previous reply called no tool. Reply by calling exactly one tool.");
  }

  @Test
  void aFinalFailureGoesOutAsItCame() {
    Decision unauthorized = failed(FailureReason.UNAUTHORIZED);
    model.answer(unauthorized);

    assertThat(chain.proceed(turn(TestScenes.home(), context(), 2))).isSameAs(unauthorized);
  }

  @Test
  void reasksStopAtThePlansLimit() {
    Decision cut = failed(FailureReason.MAX_TOKENS);
    model.answer(failed(FailureReason.MAX_TOKENS), cut);

    PlanTurn turn = turn(TestScenes.home(), context(), 1);

    assertThat(chain.proceed(turn)).isSameAs(cut);
    assertThat(turn.reasks()).isEqualTo(1);
  }
}
