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
  CANCELLED,
  /**
   * A session driven from outside (an MCP client, a caller stepping it) was closed by its client.
   * Neutral: such a task has no goal to check, so it never ends {@link #SUCCEEDED}; its reason
   * gives its count of calls and of failed calls.
   */
  ENDED,
  /**
   * Its process ended without recording an end (killed with SIGKILL, a power loss, a crash): a
   * reader of the timeline found the owning process gone, or its heartbeat older than the lease,
   * and recorded this. The steps recorded before are kept.
   */
  INTERRUPTED;

  public boolean isFinal() {
    return this != RUNNING;
  }
}
