package dev.apex.runtime.planner;

import static dev.apex.runtime.planner.ScriptedModel.context;
import static dev.apex.runtime.planner.ScriptedModel.turn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.tools.TestScenes;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PlanChainTest {

  @Test
  void theFirstInterceptorIsOutermostAndTheLastDecides() {
    List<String> order = new ArrayList<>();
    PlanInterceptor outer =
        chain -> {
          order.add("outer in");
          Decision d = chain.proceed();
          order.add("outer out");
          return d;
        };
    PlanInterceptor inner =
        chain -> {
          order.add("inner");
          return chain.proceed();
        };
    ScriptedModel model = new ScriptedModel().answer(new Decision.Done("ok"));

    Decision d =
        new PlanChain(List.of(outer, inner, model)).proceed(turn(TestScenes.home(), context(), 0));

    assertThat(d).isEqualTo(new Decision.Done("ok"));
    assertThat(order).containsExactly("outer in", "inner", "outer out");
  }

  @Test
  void theLastInterceptorMayNotProceed() {
    PlanChain chain = new PlanChain(List.of(PlanInterceptor.Chain::proceed));

    assertThatThrownBy(() -> chain.proceed(turn(TestScenes.home(), context(), 0)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("must decide");
  }

  @Test
  void aTurnTellsEachReasonOnce() {
    PlanTurn turn = turn(TestScenes.home(), context(), 3);

    assertThat(turn.firstTime("loop")).isTrue();
    assertThat(turn.firstTime("loop")).isFalse();
    turn.reask("a");
    turn.reask("b");
    assertThat(turn.notes()).containsExactly("a", "b");
    assertThat(turn.mayReask()).isTrue();
    turn.reask("c");
    assertThat(turn.mayReask()).isFalse();
  }
}
