package dev.apex.runtime.planner;

import static dev.apex.runtime.planner.ScriptedModel.context;
import static dev.apex.runtime.planner.ScriptedModel.ok;
import static dev.apex.runtime.planner.ScriptedModel.step;
import static dev.apex.runtime.planner.ScriptedModel.turn;
import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.Scene;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.llm.FailureReason;
import dev.apex.runtime.StopTaskException;
import dev.apex.runtime.TaskContext;
import dev.apex.testkit.FakeClock;
import dev.apex.tools.TestScenes;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The budget guard alone (and behind the re-asker) in a chain in front of a scripted model. */
class BudgetGuardTest {

  private static final Scene HOME = TestScenes.home();
  private static final Decision WAIT = step("wait", Map.of("ms", 5));

  private final FakeClock clock = new FakeClock();
  private final TaskSession session =
      new TaskSession(TaskId.of("t1"), clock.instant(), "claude-sonnet-5-5");
  private final ScriptedModel model = new ScriptedModel(session);

  private PlanChain chain(Budget budget, PlanInterceptor... before) {
    List<PlanInterceptor> links = new java.util.ArrayList<>(List.of(before));
    links.add(new BudgetGuard(budget, clock, session));
    links.add(model);
    return new PlanChain(links);
  }

  private static StopTaskException stop(Runnable plan) {
    try {
      plan.run();
    } catch (StopTaskException e) {
      return e;
    }
    throw new AssertionError("expected the budget to stop the task");
  }

  @Test
  void theStepBudgetStopsBeforeTheModelIsAsked() {
    PlanChain chain = chain(Budget.DEFAULT.withMaxSteps(1));
    TaskContext context = context(ok(WAIT));

    StopTaskException e = stop(() -> chain.proceed(turn(HOME, context, 2)));

    assertThat(e.status()).isEqualTo(TaskStatus.MAX_STEPS);
    assertThat(e.getMessage()).startsWith("reached the step budget (1 steps) before the goal; ");
    assertThat(model.asks).isEmpty();
  }

  @Test
  void theCallBudgetCountsEveryCallOfTheTask() {
    PlanChain chain = chain(Budget.DEFAULT.withMaxLlmCalls(2));
    model.answer(WAIT, WAIT);
    TaskContext context = context();
    chain.proceed(turn(HOME, context, 2));
    context.addStepResult(ok(WAIT));
    chain.proceed(turn(HOME, context, 2));
    context.addStepResult(ok(WAIT));

    StopTaskException e = stop(() -> chain.proceed(turn(HOME, context, 2)));

    assertThat(e.status()).isEqualTo(TaskStatus.BUDGET_EXCEEDED);
    assertThat(e.getMessage())
        .isEqualTo("budget exceeded (max LLM calls): 2 of at most 2 calls made");
    assertThat(model.asks).hasSize(2);
  }

  @Test
  void theTokenBudget() {
    PlanChain chain = chain(Budget.DEFAULT.withMaxTokens(100));
    model.answer(WAIT);
    TaskContext context = context();
    chain.proceed(turn(HOME, context, 2));

    assertThat(stop(() -> chain.proceed(turn(HOME, context, 2))).getMessage())
        .isEqualTo("budget exceeded (max tokens): 110 tokens used of at most 100");
  }

  @Test
  void theWallTimeCountsFromTheTasksFirstPlanOnTheInjectedClock() {
    PlanChain chain = chain(Budget.DEFAULT.withMaxWallTime(Duration.ofSeconds(30)));
    clock.advance(Duration.ofSeconds(30));

    assertThat(stop(() -> chain.proceed(turn(HOME, context(), 2))).getMessage())
        .isEqualTo(
            "budget exceeded (max wall time): 30 s since the task's first plan, at most 30 s");
    assertThat(model.asks).isEmpty();
  }

  @Test
  void everyReaskGoesThroughTheBudgetToo() {
    PlanChain chain = chain(Budget.DEFAULT.withMaxLlmCalls(2), new Reasker());
    model.answer(
        ScriptedModel.failed(FailureReason.NO_TOOL_CALL),
        ScriptedModel.failed(FailureReason.NO_TOOL_CALL),
        WAIT);

    assertThat(stop(() -> chain.proceed(turn(HOME, context(), 5))).getMessage())
        .startsWith("budget exceeded (max LLM calls): 2 of at most 2");
    assertThat(model.asks).hasSize(2);
  }

  @Test
  void aFailedCallIsTheFailureUnlessTheWallTimeRanOut() {
    BudgetGuard guard = new BudgetGuard(Budget.DEFAULT, clock, session);
    Decision.Failed failed = (Decision.Failed) ScriptedModel.failed(FailureReason.UNAUTHORIZED);

    StopTaskException e = guard.failure(failed, 1);

    assertThat(e.status()).isEqualTo(TaskStatus.FAILED);
    assertThat(e.getMessage())
        .isEqualTo(
            "model call failed (unauthorized) after 1 attempt(s) and 2 asks: scripted"
                + " UNAUTHORIZED");
    clock.advance(Budget.DEFAULT.maxWallTime());
    assertThat(guard.failure(failed, 0).getMessage()).startsWith("budget exceeded (max wall time)");
  }
}
