package dev.apex.storage;

import dev.apex.core.TaskRecord;
import java.time.Instant;

/**
 * A task row with what tells whether its owner still runs it.
 *
 * @param record the task as readers see it
 * @param owner who runs it, or null for a task recorded before owners were kept (schema 1)
 * @param heartbeat the owner's last heartbeat, or null
 * @param lastStepAt when its last recorded step started, or null
 */
public record TaskRow(TaskRecord record, TaskOwner owner, Instant heartbeat, Instant lastStepAt) {

  /** The latest instant the task is known to have been alive. */
  public Instant lastSignOfLife() {
    Instant latest = record.startedAt();
    for (Instant candidate : new Instant[] {heartbeat, lastStepAt}) {
      if (candidate != null && (latest == null || candidate.isAfter(latest))) {
        latest = candidate;
      }
    }
    return latest;
  }
}
