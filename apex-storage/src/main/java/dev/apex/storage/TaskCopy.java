package dev.apex.storage;

import dev.apex.core.TaskRecord;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * A finished task as another timeline stored it, to copy in one transaction ({@link
 * JdbcTimeline#copyTask}): the texts as stored there (redacted when they were recorded). Part of
 * the SPI for timeline backends.
 *
 * @param task the task; its status final
 * @param steps its steps, in order
 * @param screenshots each step's PNG, null where retention dropped it; as many as {@code steps}
 * @param last the screen after its last step, or null
 * @param lastScreenshot that screen's PNG, or null
 */
public record TaskCopy(
    TaskRecord task,
    List<StoredStep> steps,
    List<byte[]> screenshots,
    StoredObservation last,
    byte[] lastScreenshot) {

  public TaskCopy {
    Objects.requireNonNull(task, "task");
    steps = List.copyOf(steps);
    // A null entry is a step whose PNG is gone, so no List.copyOf here.
    screenshots = Collections.unmodifiableList(new ArrayList<>(screenshots));
    if (screenshots.size() != steps.size()) {
      throw new IllegalArgumentException(
          "screenshots must be one per step: " + screenshots.size() + " for " + steps.size());
    }
    if (!task.status().isFinal()) {
      throw new IllegalArgumentException("task " + task.id() + " is still " + task.status());
    }
  }
}
