package dev.apex.runtime;

import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import java.util.Objects;

/**
 * How a task ended.
 *
 * @param taskId the task
 * @param status the final status (never {@link TaskStatus#RUNNING})
 * @param reason one line saying why it ended
 * @param context everything the task observed and did
 */
public record TaskOutcome(TaskId taskId, TaskStatus status, String reason, TaskContext context) {

  public TaskOutcome {
    Objects.requireNonNull(taskId, "taskId");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(context, "context");
  }

  public boolean succeeded() {
    return status == TaskStatus.SUCCEEDED;
  }
}
