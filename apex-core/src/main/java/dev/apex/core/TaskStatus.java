package dev.apex.core;

/** Where a task stands. Every status but {@link #RUNNING} is final. */
public enum TaskStatus {
  RUNNING,
  /** The planner said the goal is reached. */
  SUCCEEDED,
  /** A step failed and could not be recovered, or the planner gave up. */
  FAILED,
  /** The task reached its step limit before the goal. */
  MAX_STEPS,
  /** A budget (LLM calls, tokens, wall time) ran out, or the loop detector stopped it. */
  BUDGET_EXCEEDED,
  /** Someone cancelled it; it stopped after the step it was on. */
  CANCELLED;

  public boolean isFinal() {
    return this != RUNNING;
  }
}
