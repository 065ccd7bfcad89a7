package dev.apex.runtime.planner;

import dev.apex.core.TaskStatus;
import dev.apex.llm.FailureReason;
import dev.apex.llm.LlmResult;
import dev.apex.llm.ToolCall;
import dev.apex.runtime.LlmTotals;
import dev.apex.runtime.StopTaskException;
import dev.apex.runtime.TaskRunner;
import java.time.Clock;
import java.time.Duration;
import java.util.Locale;

/**
 * The {@link Budget} as a {@link PlanInterceptor}, in front of every model call: the steps run
 * (checked against {@link Budget#maxSteps()}, ending the task as {@link TaskStatus#MAX_STEPS}),
 * then the task's calls, tokens, estimated cost and wall time ({@link TaskStatus#BUDGET_EXCEEDED},
 * the reason naming the budget). Also turns a failed model call into the stop the runner records
 * ({@link #failure}). Reads the task's spend from its {@link TaskSession} and time from the
 * injected clock; one per task.
 */
final class BudgetGuard implements PlanInterceptor {

  private final Budget budget;
  private final Clock clock;
  private final TaskSession session;

  BudgetGuard(Budget budget, Clock clock, TaskSession session) {
    this.budget = budget;
    this.clock = clock;
    this.session = session;
  }

  /** Throws the stop when a budget is spent; otherwise lets the model be asked. */
  @Override
  public Decision intercept(Chain chain) {
    int steps = chain.turn().context().stepCount();
    if (steps >= budget.maxSteps()) {
      throw new StopTaskException(
          TaskStatus.MAX_STEPS,
          "reached the step budget ("
              + budget.maxSteps()
              + " steps) before the goal; "
              + TaskRunner.RAISE_MAX_STEPS);
    }
    check();
    return chain.proceed();
  }

  /** Throws when a budget other than steps is spent. */
  private void check() {
    LlmTotals t = session.spend();
    if (t.calls() >= budget.maxLlmCalls()) {
      throw exceeded(
          "max LLM calls", t.calls() + " of at most " + budget.maxLlmCalls() + " calls made");
    }
    if (t.totalTokens() >= budget.maxTokens()) {
      throw exceeded(
          "max tokens",
          String.format(
              Locale.ROOT, "%,d tokens used of at most %,d", t.totalTokens(), budget.maxTokens()));
    }
    if (t.costUsd() >= budget.maxCostUsd()) {
      throw exceeded(
          "max cost",
          String.format(
              Locale.ROOT, "~$%.4f estimated of at most $%.2f", t.costUsd(), budget.maxCostUsd()));
    }
    Duration elapsed = Duration.between(session.startedAt(), clock.instant());
    if (elapsed.compareTo(budget.maxWallTime()) >= 0) {
      throw wallTimeExceeded(elapsed);
    }
  }

  /**
   * The stop for a failed call: cancelled when interrupted; the wall-time budget when it ran out,
   * or when it cut the call's time short ({@link Decision.Failed#wallLimited()}) and the failure is
   * one that more time could have fixed; otherwise failed, with the failure's code.
   *
   * @param reasks how many times the model was asked again before this failure
   */
  StopTaskException failure(Decision.Failed call, int reasks) {
    LlmResult<ToolCall> result = call.result();
    if (result.failure() == FailureReason.INTERRUPTED) {
      return new StopTaskException(TaskStatus.CANCELLED, "cancelled while waiting for the model");
    }
    String failed =
        "model call failed ("
            + result.failure().code()
            + ") after "
            + result.attempts()
            + " attempt(s)"
            + (reasks > 0 ? " and " + (reasks + 1) + " asks" : "")
            + ": "
            + result.detail();
    Duration elapsed = Duration.between(session.startedAt(), clock.instant());
    if (elapsed.compareTo(budget.maxWallTime()) >= 0) {
      return wallTimeExceeded(elapsed);
    }
    if (call.wallLimited() && ModelFailures.transientFailure(result.failure())) {
      return exceeded("max wall time", "too little time was left for the model call: " + failed);
    }
    return new StopTaskException(TaskStatus.FAILED, failed);
  }

  private StopTaskException wallTimeExceeded(Duration elapsed) {
    return exceeded(
        "max wall time",
        elapsed.toSeconds()
            + " s since the task's first plan, at most "
            + budget.maxWallTime().toSeconds()
            + " s");
  }

  private static StopTaskException exceeded(String which, String detail) {
    return new StopTaskException(
        TaskStatus.BUDGET_EXCEEDED, "budget exceeded (" + which + "): " + detail);
  }
}
