package dev.apex.runtime.planner;

/**
 * What the planner does when the model asks for the same action on the same screen a third time.
 */
public enum LoopAction {
  /** End the task at once: {@link dev.apex.core.TaskStatus#BUDGET_EXCEEDED}, reason "loop …". */
  STOP,
  /**
   * Do not run it; tell the model so and ask again, once per step. If the answer loops again, stop
   * as {@link #STOP} does.
   */
  REPLAN
}
