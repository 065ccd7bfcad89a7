package dev.apex.runtime;

import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.timeline.FinalObservation;
import dev.apex.timeline.StepRecord;
import dev.apex.timeline.TaskTimeline;
import dev.apex.timeline.TimelineUnreachableException;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Records one task in a {@link TaskTimeline} as it runs: its start, every step, the screen after
 * the last step ({@link FinalObservation}), then its end. The one recorder of apex; every write is
 * durable when it returns.
 *
 * <p>The failure contract:
 *
 * <ul>
 *   <li>It never throws for the timeline: a write that fails is logged with the task id and what
 *       was being written, and the task goes on. A start that cannot be recorded leaves the task
 *       unrecorded: its steps and end are not attempted (one log line, not one per step).
 *   <li>The end is recorded once: the first of {@link #taskFinished}, {@link #finish} and {@link
 *       #abandon} records it; later ones, and steps reported after it, are not recorded.
 *   <li>A step reported under another task id (a launcher that did not pass the id on) is recorded
 *       under this task's id.
 *   <li>A timeline unreachable past its write deadline ({@link TimelineUnreachableException}) is
 *       the exception: the task's {@link Cancellation} is {@linkplain Cancellation#fail failed}
 *       with the timeline's reason, so the task ends {@link TaskStatus#FAILED} after the step it is
 *       on, never going on with steps missing; its end is then not attempted.
 *   <li>{@link #abandon} records the task {@link TaskStatus#CANCELLED} unless its end is recorded:
 *       for a task whose step will not end before the process quits.
 * </ul>
 *
 * <p>Two ways to start: {@link #TimelineRecorder(TaskTimeline, Cancellation)} records the start
 * when the runner reports it, and hands a stop asked from elsewhere (the console's Cancel button in
 * another process reaches the timeline's heartbeat) to the task's {@link Cancellation}, so the task
 * stops after its current step; {@link #forStartedTask} is for a task whose start (and stop wiring)
 * the caller recorded itself, as the console does before the task runs: it ignores {@code
 * taskStarted}.
 *
 * <p>One recorder per task. Thread-safe: the task's thread reports steps while another (a signal
 * handler, the console's worker) may record the end.
 */
public final class TimelineRecorder implements TaskListener {

  private static final Logger log = LoggerFactory.getLogger(TimelineRecorder.class);

  private final TaskTimeline timeline;
  private final Cancellation cancellation;
  private final boolean startRecordedByCaller;
  private final String suiteId;
  private final AtomicBoolean finished = new AtomicBoolean();
  private volatile TaskId id;
  private volatile boolean started;
  private volatile boolean timelineLost;

  /**
   * Records the task from its start, which the runner reports.
   *
   * @param cancellation cancelled (with the request's reason) when the timeline hears that the task
   *     must stop; null to leave stop requests unheard
   */
  public TimelineRecorder(TaskTimeline timeline, Cancellation cancellation) {
    this(timeline, cancellation, null, null);
  }

  /**
   * Records the task from its start as one flow of suite run {@code suiteId} ({@link
   * TaskTimeline#startTask(TaskId, String, String, String)}).
   */
  public static TimelineRecorder inSuite(
      TaskTimeline timeline, Cancellation cancellation, String suiteId) {
    return new TimelineRecorder(
        timeline, cancellation, null, Objects.requireNonNull(suiteId, "suiteId"));
  }

  private TimelineRecorder(
      TaskTimeline timeline, Cancellation cancellation, TaskId startedAs, String suiteId) {
    this.timeline = Objects.requireNonNull(timeline, "timeline");
    this.cancellation = cancellation;
    this.suiteId = suiteId;
    this.startRecordedByCaller = startedAs != null;
    this.id = startedAs;
    this.started = startedAs != null;
  }

  /**
   * Records the steps and end of task {@code id}, whose start the caller recorded already in {@code
   * timeline}; whatever id the runner reports, the task is recorded as {@code id}.
   */
  public static TimelineRecorder forStartedTask(TaskTimeline timeline, TaskId id) {
    return new TimelineRecorder(timeline, null, Objects.requireNonNull(id, "id"), null);
  }

  @Override
  public void taskStarted(TaskId taskId, String device, String goal) {
    if (startRecordedByCaller) {
      return;
    }
    if (id != null) {
      log.warn(
          "task {} reported as started after task {}: a recorder records one task; not recording"
              + " it",
          taskId,
          id);
      return;
    }
    id = taskId;
    try {
      timeline.startTask(taskId, device, goal, suiteId);
      started = true;
    } catch (RuntimeException e) {
      log.warn(
          "cannot record the start of task {} in the timeline; the task runs unrecorded",
          taskId,
          e);
      return;
    }
    if (cancellation != null) {
      try {
        timeline.onStopRequest(taskId, cancellation::cancel);
      } catch (RuntimeException e) {
        log.warn(
            "cannot hear stop requests for task {} from the timeline; cancel it here", taskId, e);
      }
    }
  }

  @Override
  public void stepRecorded(StepRecord record) {
    TaskId task = id;
    if (task == null) {
      log.warn(
          "step {} of task {} reported before its task started; not recording it",
          record.index(),
          record.taskId());
      return;
    }
    if (!started) {
      return;
    }
    if (finished.get()) {
      log.info(
          "step {} of task {} reported after its end was recorded; not recording it",
          record.index(),
          task);
      return;
    }
    try {
      timeline.append(record.withTaskId(task));
    } catch (TimelineUnreachableException e) {
      lost(task, e);
    } catch (RuntimeException e) {
      log.warn("cannot record step {} of task {} in the timeline", record.index(), task, e);
    }
  }

  @Override
  public void finalObserved(FinalObservation observation) {
    TaskId task = id;
    if (task == null || !started || finished.get()) {
      return;
    }
    try {
      timeline.recordFinal(observation.withTaskId(task));
    } catch (TimelineUnreachableException e) {
      lost(task, e);
    } catch (RuntimeException e) {
      log.warn("cannot record the final screen of task {} in the timeline", task, e);
    }
  }

  @Override
  public void taskFinished(TaskId taskId, TaskStatus status, String reason) {
    finish(status, reason);
  }

  /**
   * Records the end unless it was recorded already. Never throws for the timeline.
   *
   * @param status a final status
   * @return true when this call recorded the end (or tried to, and logged why it could not)
   * @throws IllegalArgumentException if {@code status} is not final
   */
  public boolean finish(TaskStatus status, String reason) {
    Objects.requireNonNull(status, "status");
    if (!status.isFinal()) {
      throw new IllegalArgumentException("a task ends with a final status, not " + status);
    }
    TaskId task = id;
    if (task == null || !finished.compareAndSet(false, true)) {
      return false;
    }
    if (!started) {
      return false;
    }
    if (timelineLost) {
      // A timeline past its write deadline would only make the end wait that long again.
      return true;
    }
    try {
      timeline.finishTask(task, status, reason);
    } catch (RuntimeException e) {
      log.warn("cannot record the end of task {} ({}) in the timeline", task, status, e);
    }
    return true;
  }

  /**
   * Records the task {@link TaskStatus#CANCELLED} with {@code reason} unless its end is recorded
   * already: for a task whose step will not end before the process quits. Never throws.
   */
  public void abandon(String reason) {
    finish(TaskStatus.CANCELLED, reason);
  }

  /**
   * The timeline stayed unreachable past its write deadline: the task cannot go on as if its steps
   * were recorded, so it ends {@code FAILED} with the timeline's reason (which names it), and its
   * end is not attempted.
   */
  private void lost(TaskId task, TimelineUnreachableException e) {
    timelineLost = true;
    log.error("task {}: {}", task, e.getMessage());
    if (cancellation != null) {
      cancellation.fail(e.getMessage());
    }
  }

  /** Whether the end has been recorded (or the task ended unrecorded). */
  public boolean isFinished() {
    return finished.get();
  }

  /** The task this records, once known. */
  public Optional<TaskId> taskId() {
    return Optional.ofNullable(id);
  }
}
