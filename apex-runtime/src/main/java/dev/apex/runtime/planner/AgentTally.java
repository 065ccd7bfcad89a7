package dev.apex.runtime.planner;

import dev.apex.core.TaskId;
import dev.apex.llm.LlmUsage;
import dev.apex.runtime.LlmTotals;
import dev.apex.runtime.PlanListener;
import dev.apex.runtime.TaskListener;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A {@link ModelAgent}'s running sums, kept from what its runs report: the model calls of the
 * current task (or the last one) and the summary the model gave when it called {@code done}. Starts
 * over when a task starts. Written on the task's thread, readable from any thread.
 */
final class AgentTally implements PlanListener, TaskListener {

  private final String model;
  private final AtomicReference<LlmTotals> totals;
  private final AtomicReference<String> summary = new AtomicReference<>();

  AgentTally(String model) {
    this.model = model;
    this.totals = new AtomicReference<>(LlmTotals.none(model));
  }

  @Override
  public void taskStarted(TaskId taskId, String device, String goal) {
    totals.set(LlmTotals.none(model));
    summary.set(null);
  }

  @Override
  public void modelCalled(String calledModel, LlmUsage usage, double costUsd) {
    totals.updateAndGet(t -> t.plus(usage, costUsd));
  }

  @Override
  public void goalReached(String text) {
    summary.set(text);
  }

  LlmTotals totals() {
    return totals.get();
  }

  Optional<String> summary() {
    return Optional.ofNullable(summary.get());
  }
}
