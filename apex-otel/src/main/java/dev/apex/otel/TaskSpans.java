package dev.apex.otel;

import dev.apex.core.Json;
import dev.apex.core.Secrets;
import dev.apex.core.StepResult;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.core.Text;
import dev.apex.runtime.TaskListener;
import dev.apex.timeline.StepRecord;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

/**
 * An agent's listener that makes a span per task and per step: identifiers, outcomes, sizes and
 * counts; with payloads, the goal, the step's arguments (a typed secret already masked by its tool)
 * and reasons, redacted then shortened.
 */
final class TaskSpans implements TaskListener {

  private final ActiveTasks tasks;
  private final boolean payloads;
  private final io.opentelemetry.context.Context parent;

  /**
   * @param parent the suite every task heard here goes under; null for where {@link
   *     ActiveTasks#taskParent} says
   */
  TaskSpans(ActiveTasks tasks, boolean payloads, io.opentelemetry.context.Context parent) {
    this.tasks = tasks;
    this.payloads = payloads;
    this.parent = parent;
  }

  @Override
  public void taskStarted(TaskId taskId, String device, String goal) {
    io.opentelemetry.context.Context parent =
        this.parent != null ? this.parent : tasks.taskParent();
    Span span =
        tasks
            .tracer()
            .spanBuilder(Names.TASK)
            .setParent(parent)
            .setAttribute(Names.TASK_ID, taskId.toString())
            .setAttribute(Names.DEVICE_ID, Secrets.redact(device == null ? "" : device))
            .setAttribute(Names.TASK_GOAL_CHARS, goal == null ? 0 : goal.length())
            .startSpan();
    if (payloads && goal != null) {
      span.setAttribute(Names.TASK_GOAL, payload(goal));
    }
    tasks.started(new ActiveTasks.Trace(taskId, span, parent.with(span)));
  }

  @Override
  public void stepRecorded(StepRecord record) {
    ActiveTasks.Trace trace = tasks.get(record.taskId());
    if (trace == null) {
      return;
    }
    Span step = ActiveTasks.takeStep(trace);
    if (step == null) {
      step = startedAt(trace, record.startedAt());
    }
    StepResult result = record.result();
    step.setAttribute(Names.STEP_INDEX, record.index())
        .setAttribute(Names.STEP_TOOL, record.step().action())
        .setAttribute(Names.STEP_OUTCOME, result.success() ? "succeeded" : "failed")
        .setAttribute(Names.STEP_ATTEMPTS, result.attempts())
        .setAttribute(Names.STEP_ARGS, record.step().args().size())
        .setAttribute(Names.STEP_OBSERVE_MS, record.observeTime().toMillis())
        .setAttribute(Names.STEP_PLAN_MS, record.planTime().toMillis())
        .setAttribute(Names.STEP_ACT_MS, record.actTime().toMillis());
    if (record.scene() != null) {
      step.setAttribute(Names.SCENE_ELEMENTS, record.scene().elements().size());
    }
    if (record.screenshot() != null) {
      step.setAttribute(Names.SCREENSHOT_BYTES, record.screenshot().length);
    }
    if (payloads) {
      step.setAttribute(Names.STEP_ARGUMENTS, payload(Json.write(record.step().args())));
      if (result.error() != null) {
        step.setAttribute(Names.STEP_ERROR, payload(result.error()));
      }
    }
    if (!result.success()) {
      step.setStatus(StatusCode.ERROR, "step failed");
    }
    step.end();
  }

  @Override
  public void taskFinished(TaskId taskId, TaskStatus status, String reason) {
    ActiveTasks.Trace trace = tasks.get(taskId);
    if (trace == null) {
      return;
    }
    Span last = ActiveTasks.takeStep(trace);
    if (last != null) {
      last.updateName(Names.FINISH);
      last.end();
    }
    end(trace, status, reason);
    tasks.finished(trace);
  }

  /** Ends {@code trace}'s span as {@code status}, an error status unless it succeeded. */
  void end(ActiveTasks.Trace trace, TaskStatus status, String reason) {
    Span span = trace.task;
    span.setAttribute(Names.TASK_STATUS, status.name());
    if (payloads && reason != null) {
      span.setAttribute(Names.TASK_REASON, payload(reason));
    }
    if (status != TaskStatus.SUCCEEDED && status != TaskStatus.ENDED) {
      span.setStatus(StatusCode.ERROR, status.name());
    }
    span.end();
  }

  private Span startedAt(ActiveTasks.Trace trace, Instant at) {
    return tasks
        .tracer()
        .spanBuilder(Names.STEP)
        .setParent(trace.context)
        .setStartTimestamp(
            at == null ? Instant.now().toEpochMilli() : at.toEpochMilli(), TimeUnit.MILLISECONDS)
        .startSpan();
  }

  /** A payload as a span may carry it: secrets redacted first, then one bounded line. */
  static String payload(String text) {
    return Text.oneLine(Secrets.redact(text), Names.MAX_PAYLOAD);
  }
}
