package dev.apex.storage.postgres;

import dev.apex.core.TaskId;
import dev.apex.core.TaskRecord;
import dev.apex.storage.StoredObservation;
import dev.apex.storage.StoredStep;
import dev.apex.storage.TaskCopy;
import dev.apex.storage.Timeline;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Copies a timeline's finished tasks (a machine's SQLite file, say) into a PostgreSQL timeline, so
 * a team starts from what its members already ran: each task with its steps, their screenshots
 * (those retention kept) and its final screen, in one transaction per task, oldest first.
 * Idempotent: a task whose id the target already holds is left as it is, so copying twice copies
 * once. A task still running in the source is not copied (its end is not known yet); copy again
 * once it ended. The texts are copied as stored (the source redacted them when it recorded them).
 */
public final class TimelineCopy {

  /** How many tasks are listed from the source per page. */
  static final int PAGE = 200;

  /**
   * What a copy did.
   *
   * @param copied tasks copied now
   * @param present tasks the target held already, left untouched
   * @param running tasks still running in the source, not copied
   */
  public record Result(int copied, int present, int running) {}

  private TimelineCopy() {}

  /** Copies every finished task of {@code from} that {@code to} does not hold yet. */
  public static Result copy(Timeline from, PostgresTimeline to) {
    Objects.requireNonNull(from, "from");
    Objects.requireNonNull(to, "to");
    List<TaskRecord> all = new ArrayList<>();
    for (int offset = 0; ; offset += PAGE) {
      List<TaskRecord> page = from.tasks(PAGE, offset);
      all.addAll(page);
      if (page.size() < PAGE) {
        break;
      }
    }
    Collections.reverse(all);
    int copied = 0;
    int present = 0;
    int running = 0;
    for (TaskRecord task : all) {
      if (!task.status().isFinal()) {
        running++;
      } else if (copyOne(from, to, task)) {
        copied++;
      } else {
        present++;
      }
    }
    return new Result(copied, present, running);
  }

  private static boolean copyOne(Timeline from, PostgresTimeline to, TaskRecord task) {
    TaskId id = task.id();
    List<StoredStep> steps = from.steps(id);
    List<byte[]> screenshots = new ArrayList<>(steps.size());
    for (StoredStep step : steps) {
      screenshots.add(step.hasScreenshot() ? from.screenshot(id, step.index()).orElse(null) : null);
    }
    Optional<StoredObservation> last = from.finalObservation(id);
    byte[] lastPng =
        last.filter(StoredObservation::hasScreenshot)
            .flatMap(o -> from.finalScreenshot(id))
            .orElse(null);
    return to.copy(new TaskCopy(task, steps, screenshots, last.orElse(null), lastPng));
  }
}
