package dev.apex.runtime.agent;

import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.runtime.LlmTotals;
import dev.apex.runtime.TaskContext;
import dev.apex.runtime.TaskOutcome;
import dev.apex.runtime.observe.LabelSavings;
import dev.apex.world.WorldState;
import java.util.Objects;
import java.util.Optional;

/**
 * How a run of an {@link Agent} ended.
 *
 * @param taskId the task's id, as the timeline and the console show it
 * @param status the final status (never {@link TaskStatus#RUNNING})
 * @param reason one line saying why it ended
 * @param steps how many steps ran
 * @param world the world state after the last step, or null when world tracking is off
 * @param planning the planner's model calls: tokens and estimated cost ({@link LlmTotals#calls()} 0
 *     for a flow or a planner of your own)
 * @param labels the semantic labelling calls: tokens and estimated cost (0 calls when labels are
 *     off)
 * @param summary the model's own summary when it ended a goal with {@code done}, else empty
 * @param context everything the task observed and did
 * @param labelSavings what the label caches saved: the labelling calls not made and their tokens
 *     ({@link LabelSavings#NONE} when labels are off or nothing was revisited)
 * @param replay for a flow, what replaying it found (healed steps, drifted screens, the healed
 *     flow); null for a goal
 */
public record AgentOutcome(
    TaskId taskId,
    TaskStatus status,
    String reason,
    int steps,
    WorldState world,
    LlmTotals planning,
    LlmTotals labels,
    Optional<String> summary,
    TaskContext context,
    LabelSavings labelSavings,
    ReplayReport replay) {

  public AgentOutcome {
    Objects.requireNonNull(taskId, "taskId");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(planning, "planning");
    Objects.requireNonNull(labels, "labels");
    summary = summary == null ? Optional.empty() : summary;
    Objects.requireNonNull(context, "context");
    labelSavings = labelSavings == null ? LabelSavings.NONE : labelSavings;
  }

  /** An outcome whose label caches saved nothing. */
  public AgentOutcome(
      TaskId taskId,
      TaskStatus status,
      String reason,
      int steps,
      WorldState world,
      LlmTotals planning,
      LlmTotals labels,
      Optional<String> summary,
      TaskContext context) {
    this(
        taskId,
        status,
        reason,
        steps,
        world,
        planning,
        labels,
        summary,
        context,
        LabelSavings.NONE,
        null);
  }

  static AgentOutcome of(
      TaskOutcome outcome,
      LlmTotals planning,
      LlmTotals labels,
      Optional<String> summary,
      LabelSavings labelSavings,
      ReplayReport replay) {
    TaskContext context = outcome.context();
    return new AgentOutcome(
        outcome.taskId(),
        outcome.status(),
        outcome.reason(),
        context.stepCount(),
        context.world(),
        planning,
        labels,
        summary,
        context,
        labelSavings,
        replay);
  }

  /** This outcome with {@code report} as its replay report. */
  AgentOutcome withReplay(ReplayReport report) {
    return new AgentOutcome(
        taskId,
        status,
        reason,
        steps,
        world,
        planning,
        labels,
        summary,
        context,
        labelSavings,
        report);
  }

  /** The outcome as the task runner reports it. */
  public TaskOutcome taskOutcome() {
    return new TaskOutcome(taskId, status, reason, context);
  }

  /** Every token of every model call of the run. */
  public long totalTokens() {
    return planning.totalTokens() + labels.totalTokens();
  }

  /** The estimated cost of every model call of the run, in US dollars; not a bill. */
  public double costUsd() {
    return planning.costUsd() + labels.costUsd();
  }

  public boolean succeeded() {
    return status == TaskStatus.SUCCEEDED;
  }
}
