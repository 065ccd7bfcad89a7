package dev.apex.runtime.planner;

import static dev.apex.runtime.planner.ScriptedModel.context;
import static dev.apex.runtime.planner.ScriptedModel.failedStep;
import static dev.apex.runtime.planner.ScriptedModel.ok;
import static dev.apex.runtime.planner.ScriptedModel.step;
import static dev.apex.runtime.planner.ScriptedModel.turn;
import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.Scene;
import dev.apex.runtime.TaskContext;
import dev.apex.tools.TestScenes;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Navigation memory alone in a chain in front of a scripted model. */
class NavigationMemoryTest {

  private static final Scene HOME = TestScenes.home();
  private static final Scene SETTINGS = TestScenes.settingsMain();
  private static final Decision LAUNCH = step("launch_app", Map.of("app_id", "com.settings"));
  private static final Decision TAP_WIFI = step("tap", Map.of("text", "Wi-Fi"));

  private final ScriptedModel model = new ScriptedModel();
  private final PlanChain chain = new PlanChain(List.of(new NavigationMemory(), model));

  /** The launch planned on the launcher, run with {@code result}. */
  private TaskContext launchedFromHome(boolean success) {
    TaskContext context = context();
    assertThat(chain.proceed(turn(HOME, context, 2))).isEqualTo(LAUNCH);
    context.addStepResult(success ? ok(LAUNCH) : failedStep(LAUNCH));
    return context;
  }

  @Test
  void aLaunchAskedForWhereItAlreadyLedIsNotReturnedAndTheModelIsTold() {
    model.answer(LAUNCH, LAUNCH, TAP_WIFI);
    TaskContext context = launchedFromHome(true);

    assertThat(chain.proceed(turn(SETTINGS, context, 2))).isEqualTo(TAP_WIFI);
    assertThat(model.asks.get(2))
        .singleElement()
        .asString()
        .startsWith(
            "Not done: launch_app would go where step 1 led, and the screen already is there");
  }

  @Test
  void aModelThatInsistsIsObeyedOnItsSecondAsk() {
    model.answer(LAUNCH, LAUNCH, LAUNCH);
    TaskContext context = launchedFromHome(true);

    assertThat(chain.proceed(turn(SETTINGS, context, 2))).isEqualTo(LAUNCH);
    assertThat(model.asks).hasSize(3);
  }

  @Test
  void withNoReaskLeftTheStepIsReturned() {
    model.answer(LAUNCH, LAUNCH);
    TaskContext context = launchedFromHome(true);

    assertThat(chain.proceed(turn(SETTINGS, context, 0))).isEqualTo(LAUNCH);
  }

  @Test
  void aNavigationThatFailedTeachesNothing() {
    model.answer(LAUNCH, LAUNCH);
    TaskContext context = launchedFromHome(false);

    assertThat(chain.proceed(turn(SETTINGS, context, 2))).isEqualTo(LAUNCH);
    assertThat(model.asks).hasSize(2);
  }

  @Test
  void aNavigationThatLeftTheScreenAsItWasTeachesNothing() {
    model.answer(LAUNCH, LAUNCH);
    TaskContext context = launchedFromHome(true);

    assertThat(chain.proceed(turn(HOME, context, 2))).isEqualTo(LAUNCH);
    assertThat(model.asks).hasSize(2);
  }

  @Test
  void fromAnotherScreenTheSameNavigationRuns() {
    model.answer(LAUNCH, step("press_key", Map.of("key", "home")), LAUNCH);
    TaskContext context = launchedFromHome(true);
    context.addStepResult(ok(chain.proceed(turn(SETTINGS, context, 2))));

    assertThat(chain.proceed(turn(HOME, context, 2))).isEqualTo(LAUNCH);
    assertThat(model.asks).hasSize(3);
  }
}
