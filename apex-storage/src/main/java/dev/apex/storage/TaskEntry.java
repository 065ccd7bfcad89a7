package dev.apex.storage;

import dev.apex.core.TaskRecord;
import java.time.Instant;
import java.util.Objects;

/**
 * A task with who runs it: the runner (a process) recorded with its heartbeat.
 *
 * @param task the task, judged like every read (a running task whose owner is gone is {@code
 *     INTERRUPTED})
 * @param host the host its runner ran on, or null when the timeline kept none (a task recorded by
 *     an older apex, or a backend that records no owner)
 * @param pid the runner's process id on that host, or null with the host
 * @param heartbeat the runner's last heartbeat, or null when none was recorded
 */
public record TaskEntry(TaskRecord task, String host, Long pid, Instant heartbeat) {

  public TaskEntry {
    Objects.requireNonNull(task, "task");
  }

  /** A task whose runner is not known. */
  public static TaskEntry of(TaskRecord task) {
    return new TaskEntry(task, null, null, null);
  }

  /** {@code pid 1234 on host}, or null when the runner is not known. */
  public String runner() {
    return host == null ? null : "pid " + pid + " on " + host;
  }
}
