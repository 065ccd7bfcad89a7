package dev.apex.runtime;

import dev.apex.core.NonRetriableException;
import dev.apex.core.TaskStatus;
import java.util.Objects;

/**
 * Thrown by a {@link Planner} to end the task with a given status and reason, rather than the
 * {@link TaskStatus#FAILED} "planner failed" that any other exception gives: a budget that ran out
 * ({@link TaskStatus#BUDGET_EXCEEDED}), a step limit the planner enforces itself ({@link
 * TaskStatus#MAX_STEPS}), a model that gave up ({@link TaskStatus#FAILED}), a wait cut short by
 * cancellation ({@link TaskStatus#CANCELLED}). The runner ends the task with exactly this status
 * and uses the message as the outcome's reason, so the message names what ran out.
 */
public class StopTaskException extends NonRetriableException {

  private final TaskStatus status;

  /**
   * @param status how the task ends: final, and not {@link TaskStatus#SUCCEEDED} (a planner says
   *     the goal is reached by returning no steps)
   * @param reason one line for the outcome and the timeline, e.g. {@code budget exceeded: max LLM
   *     calls (30) used}
   */
  public StopTaskException(TaskStatus status, String reason) {
    super(Objects.requireNonNull(reason, "reason"));
    Objects.requireNonNull(status, "status");
    if (!status.isFinal() || status == TaskStatus.SUCCEEDED) {
      throw new IllegalArgumentException(
          "status must be final and not SUCCEEDED (return no steps to succeed), got " + status);
    }
    this.status = status;
  }

  public TaskStatus status() {
    return status;
  }
}
