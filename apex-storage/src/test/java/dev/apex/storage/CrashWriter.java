package dev.apex.storage;

import dev.apex.core.TaskId;
import java.nio.file.Path;

/**
 * The child process of {@link CrashTest}: opens the timeline, starts a task and appends {@link
 * TestSteps#step} 1, 2, 3... printing {@code recorded N} once step N's append has returned. It
 * stops by itself after the given number of steps, so a parent that fails to kill it cannot leave
 * it running.
 *
 * <p>Arguments: the timeline file, the task id, the most steps to write.
 */
public final class CrashWriter {

  private CrashWriter() {}

  public static void main(String[] args) {
    Path file = Path.of(args[0]);
    TaskId task = TaskId.of(args[1]);
    int maxSteps = Integer.parseInt(args[2]);
    try (SqliteTimeline timeline = SqliteTimeline.open(file)) {
      timeline.startTask(task, "sim", "crash test");
      for (int i = 1; i <= maxSteps; i++) {
        timeline.append(TestSteps.step(task, i));
        System.out.println("recorded " + i);
        System.out.flush();
      }
    }
  }
}
