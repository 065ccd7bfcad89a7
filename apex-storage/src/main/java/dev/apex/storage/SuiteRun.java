package dev.apex.storage;

import dev.apex.core.TaskStatus;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * One suite run ({@code apex test}) as the timeline holds it: the tasks that carry its id, counted
 * by how they ended. Each process of {@code apex test} makes its own id, so the shards of one CI
 * run are separate suite runs.
 *
 * @param id the suite id its tasks carry ({@link dev.apex.core.TaskRecord#suiteId()})
 * @param startedAt when its first recorded task started
 * @param endedAt when its last task ended, or null while one still runs
 * @param tasks how many tasks it has, whatever their status
 * @param passed the tasks that ended {@link TaskStatus#SUCCEEDED}
 * @param failed the tasks that ended {@link TaskStatus#FAILED}, {@link TaskStatus#MAX_STEPS},
 *     {@link TaskStatus#BUDGET_EXCEEDED} or {@link TaskStatus#INTERRUPTED}
 * @param cancelled the tasks that ended {@link TaskStatus#CANCELLED}
 * @param running the tasks still running (judged like every read: one whose runner is gone is
 *     counted failed, as interrupted)
 * @param hosts the hosts its tasks ran on, in name order; empty when none was recorded
 */
public record SuiteRun(
    String id,
    Instant startedAt,
    Instant endedAt,
    int tasks,
    int passed,
    int failed,
    int cancelled,
    int running,
    List<String> hosts) {

  /** The statuses counted as {@link #failed}. */
  public static final List<TaskStatus> FAILED =
      List.of(
          TaskStatus.FAILED,
          TaskStatus.MAX_STEPS,
          TaskStatus.BUDGET_EXCEEDED,
          TaskStatus.INTERRUPTED);

  public SuiteRun {
    Objects.requireNonNull(id, "id");
    hosts = List.copyOf(hosts);
  }
}
