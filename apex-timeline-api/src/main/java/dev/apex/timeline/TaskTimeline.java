package dev.apex.timeline;

import dev.apex.core.InvalidInputException;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The write side of the task timeline: what a running task needs to be recorded. Every write is
 * durable when it returns. Implementations are safe for one writer on several threads (a task's
 * thread records steps while another records its end). Arguments must not be null unless a
 * parameter says otherwise. Reading the timeline back is the store's business ({@code
 * dev.apex.storage.Timeline}, which extends this).
 */
public interface TaskTimeline extends AutoCloseable {

  /**
   * Records a new {@link TaskStatus#RUNNING} task started now.
   *
   * @param device the device selector, e.g. {@code sim}
   * @param goal the goal text, or the flow's name
   * @throws InvalidInputException if a task with this id already exists
   */
  void startTask(TaskId id, String device, String goal);

  /**
   * Records a new {@link TaskStatus#RUNNING} task started now as one flow of the suite run {@code
   * suiteId} ({@code apex test}), so the tasks of one suite run can be read back together. A null
   * {@code suiteId} is {@link #startTask(TaskId, String, String)}. A timeline that keeps no suite
   * runs refuses a non-null one (the default), rather than record the task as if alone.
   *
   * @throws InvalidInputException if a task with this id already exists
   * @throws UnsupportedOperationException when {@code suiteId} is given to a timeline that keeps no
   *     suite runs
   */
  default void startTask(TaskId id, String device, String goal, String suiteId) {
    if (suiteId != null) {
      throw new UnsupportedOperationException(
          getClass().getSimpleName() + " keeps no suite runs; record the task without one");
    }
    startTask(id, device, goal);
  }

  /**
   * Records one executed step, with its screenshot when it has one, and its {@link StepExtras}.
   *
   * @throws InvalidInputException if the task does not exist, is already finished, or already has a
   *     step with this index
   */
  void append(StepRecord step);

  /**
   * Records the screen a running task left after its last step ({@link FinalObservation}), once per
   * task, before its end. A timeline that keeps no such screen ignores it (the default).
   *
   * @throws InvalidInputException if the task does not exist or is already finished
   */
  default void recordFinal(FinalObservation observation) {}

  /**
   * Marks a running task finished, now.
   *
   * @param status a final status (anything but {@link TaskStatus#RUNNING})
   * @param reason why it ended (the failure, the budget), or null
   * @throws InvalidInputException if the task does not exist or is already finished
   */
  void finishTask(TaskId id, TaskStatus status, String reason);

  /**
   * Sets who hears, once and on a thread of the timeline's, that a task started through this
   * timeline must stop: a cancel asked from elsewhere (the listener gets its reason), or the task
   * recorded as ended by someone else. The listener must be fast and must not throw.
   *
   * @return false when the task was not started here or has finished
   */
  boolean onStopRequest(TaskId id, Consumer<String> listener);

  /**
   * Where labellings are kept across tasks ({@code semantic.cache timeline}), or empty when this
   * timeline keeps none (the default: a timeline need not implement one).
   */
  default Optional<LabelStore> labelStore() {
    return Optional.empty();
  }

  /** Releases the store (files, threads). Does not throw. */
  @Override
  void close();
}
