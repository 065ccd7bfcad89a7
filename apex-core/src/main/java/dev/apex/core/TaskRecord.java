package dev.apex.core;

import java.time.Instant;
import java.util.Objects;

/**
 * A task as the timeline keeps it.
 *
 * @param id the task id
 * @param device the device selector it ran on, e.g. {@code sim}
 * @param goal the goal text, or the flow's name and file for a flow
 * @param status where it stands
 * @param reason why it ended (the failure, the budget), or null
 * @param startedAt when it started
 * @param endedAt when it ended, or null while running
 * @param steps how many steps are recorded
 * @param suiteId the suite run ({@code apex test}) the task was one flow of, or null for a task run
 *     on its own
 */
public record TaskRecord(
    TaskId id,
    String device,
    String goal,
    TaskStatus status,
    String reason,
    Instant startedAt,
    Instant endedAt,
    int steps,
    String suiteId) {

  public TaskRecord {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(status, "status");
  }

  /** A task that belongs to no suite run. */
  public TaskRecord(
      TaskId id,
      String device,
      String goal,
      TaskStatus status,
      String reason,
      Instant startedAt,
      Instant endedAt,
      int steps) {
    this(id, device, goal, status, reason, startedAt, endedAt, steps, null);
  }
}
