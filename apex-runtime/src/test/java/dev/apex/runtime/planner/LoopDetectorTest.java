package dev.apex.runtime.planner;

import static dev.apex.runtime.planner.ScriptedModel.context;
import static dev.apex.runtime.planner.ScriptedModel.ok;
import static dev.apex.runtime.planner.ScriptedModel.step;
import static dev.apex.runtime.planner.ScriptedModel.turn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.Scene;
import dev.apex.core.TaskStatus;
import dev.apex.runtime.StopTaskException;
import dev.apex.runtime.TaskContext;
import dev.apex.tools.TestScenes;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The loop detector alone in a chain in front of a scripted model. */
class LoopDetectorTest {

  private static final Scene HOME = TestScenes.home();
  private static final Decision TAP = step("tap", Map.of("x", 20, "y", 1200));
  private static final Decision WAIT = step("wait", Map.of("ms", 5));

  private final ScriptedModel model = new ScriptedModel();

  private PlanChain chain(LoopAction onLoop) {
    return new PlanChain(List.of(new LoopDetector(onLoop), model));
  }

  /** Plans the tap twice on the home screen, as two earlier steps that ran. */
  private static TaskContext twiceBefore(PlanChain chain) {
    TaskContext context = context();
    assertThat(chain.proceed(turn(HOME, context, 2))).isEqualTo(TAP);
    context.addStepResult(ok(TAP));
    assertThat(chain.proceed(turn(HOME, context, 2))).isEqualTo(TAP);
    context.addStepResult(ok(TAP));
    return context;
  }

  @Test
  void theThirdSameActionOnTheSameScreenStopsTheTask() {
    PlanChain chain = chain(LoopAction.STOP);
    model.answer(TAP, TAP, TAP);
    TaskContext context = twiceBefore(chain);

    assertThatThrownBy(() -> chain.proceed(turn(HOME, context, 2)))
        .isInstanceOfSatisfying(
            StopTaskException.class,
            e -> assertThat(e.status()).isEqualTo(TaskStatus.BUDGET_EXCEEDED))
        .hasMessageStartingWith("loop detected: tap {\"x\":20,\"y\":1200} asked for a 3rd time")
        .hasMessageContaining("on the same screen (signature ");
  }

  @Test
  void replanTellsTheModelOnceAndTakesADifferentAnswer() {
    PlanChain chain = chain(LoopAction.REPLAN);
    model.answer(TAP, TAP, TAP, WAIT);
    TaskContext context = twiceBefore(chain);

    assertThat(chain.proceed(turn(HOME, context, 2))).isEqualTo(WAIT);
    assertThat(model.asks.get(3))
        .singleElement()
        .asString()
        .startsWith("Not done: this exact tap already ran 2 times on this very screen");
  }

  @Test
  void replanStopsAModelThatLoopsAgainAfterBeingTold() {
    PlanChain chain = chain(LoopAction.REPLAN);
    model.answer(TAP, TAP, TAP, TAP);
    TaskContext context = twiceBefore(chain);

    assertThatThrownBy(() -> chain.proceed(turn(HOME, context, 2)))
        .hasMessageStartingWith("loop detected");
    assertThat(model.asks).hasSize(4);
  }

  @Test
  void replanWithNoReaskLeftStops() {
    PlanChain chain = chain(LoopAction.REPLAN);
    model.answer(TAP, TAP, TAP);
    TaskContext context = twiceBefore(chain);

    assertThatThrownBy(() -> chain.proceed(turn(HOME, context, 0)))
        .hasMessageStartingWith("loop detected");
  }

  @Test
  void theSameActionOnAnotherScreenIsNoLoop() {
    PlanChain chain = chain(LoopAction.STOP);
    model.answer(TAP, TAP, TAP);
    TaskContext context = twiceBefore(chain);

    assertThat(chain.proceed(turn(TestScenes.settingsMain(), context, 2))).isEqualTo(TAP);
  }

  @Test
  void whatIsNotAStepPassesUntouched() {
    PlanChain chain = chain(LoopAction.STOP);
    Decision done = new Decision.Done("reached");
    model.answer(done);

    assertThat(chain.proceed(turn(HOME, context(), 2))).isSameAs(done);
  }
}
