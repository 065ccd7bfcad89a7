package dev.apex.storage;

import dev.apex.core.TaskStatus;
import java.time.Instant;
import java.util.Objects;
import java.util.Set;

/**
 * Which tasks a list shows: every condition given must hold, and an absent one (empty, null) holds
 * for every task.
 *
 * @param statuses the statuses wanted; empty for any. A running task whose owner is gone counts as
 *     {@code INTERRUPTED}, as every read judges it
 * @param device the device selector, exactly as recorded (e.g. {@code sim}), or null for any
 * @param host the host that runs or ran the task ({@link TaskEntry#host()}), or null for any
 * @param startedFrom the earliest start, inclusive, or null
 * @param startedBefore the latest start, exclusive, or null
 * @param suite the suite run the task was one flow of ({@link dev.apex.core.TaskRecord#suiteId()}),
 *     or null for any task, in a suite or not
 */
public record TaskFilter(
    Set<TaskStatus> statuses,
    String device,
    String host,
    Instant startedFrom,
    Instant startedBefore,
    String suite) {

  /** Every task. */
  public static final TaskFilter ALL = new TaskFilter(Set.of(), null, null, null, null, null);

  public TaskFilter {
    statuses = Set.copyOf(Objects.requireNonNull(statuses, "statuses"));
  }

  /** A filter of any suite. */
  public TaskFilter(
      Set<TaskStatus> statuses,
      String device,
      String host,
      Instant startedFrom,
      Instant startedBefore) {
    this(statuses, device, host, startedFrom, startedBefore, null);
  }

  /** Whether the entry passes every condition. */
  public boolean matches(TaskEntry entry) {
    var task = entry.task();
    return (statuses.isEmpty() || statuses.contains(task.status()))
        && (device == null || device.equals(task.device()))
        && (host == null || host.equals(entry.host()))
        && (suite == null || suite.equals(task.suiteId()))
        && (startedFrom == null
            || (task.startedAt() != null && !task.startedAt().isBefore(startedFrom)))
        && (startedBefore == null
            || (task.startedAt() != null && task.startedAt().isBefore(startedBefore)));
  }

  /** Whether no condition is set. */
  public boolean isAll() {
    return statuses.isEmpty()
        && device == null
        && host == null
        && startedFrom == null
        && startedBefore == null
        && suite == null;
  }
}
