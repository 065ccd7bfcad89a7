package dev.apex.runtime.planner;

import dev.apex.core.TaskStatus;
import dev.apex.llm.FailureReason;
import dev.apex.llm.LlmResult;
import dev.apex.llm.ToolCall;
import dev.apex.runtime.StopTaskException;
import java.time.Clock;
import java.time.Duration;
import java.util.Locale;

/**
 * Turns a task's spend, and a failed model call, into the stop the runner records: which budget ran
 * out ({@link TaskStatus#BUDGET_EXCEEDED}, the reason naming it), or which failure ended the task
 * ({@link TaskStatus#FAILED} with the failure's code). Reads time from the injected clock.
 * Stateless beyond its budget; one per planner.
 */
final class BudgetGuard {

  private final Budget budget;
  private final Clock clock;

  BudgetGuard(Budget budget, Clock clock) {
    this.budget = budget;
    this.clock = clock;
  }

  /**
   * Throws when a budget other than steps is spent; otherwise returns the time since the task's
   * first plan.
   */
  Duration check(TaskSession s) {
    LlmTotals t = s.totals;
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
    Duration elapsed = Duration.between(s.startedAt, clock.instant());
    if (elapsed.compareTo(budget.maxWallTime()) >= 0) {
      throw wallTimeExceeded(elapsed);
    }
    return elapsed;
  }

  /**
   * The stop for a failed call: cancelled when interrupted; the wall-time budget when it ran out,
   * or when it cut the call's time short ({@code wallLimited}) and the failure is one that more
   * time could have fixed; otherwise failed, with the failure's code.
   *
   * @param reasks how many times the model was asked again before this failure
   */
  StopTaskException failure(
      TaskSession s, LlmResult<ToolCall> result, int reasks, boolean wallLimited) {
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
    Duration elapsed = Duration.between(s.startedAt, clock.instant());
    if (elapsed.compareTo(budget.maxWallTime()) >= 0) {
      return wallTimeExceeded(elapsed);
    }
    if (wallLimited && ModelFailures.transientFailure(result.failure())) {
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
