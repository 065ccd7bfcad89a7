package dev.apex.runtime.agent;

import dev.apex.core.InvalidInputException;
import dev.apex.runtime.LlmTotals;
import dev.apex.runtime.RunParts;
import dev.apex.runtime.TaskOutcome;
import dev.apex.runtime.flow.FlowReplay;
import dev.apex.runtime.observe.LabelSavings;
import dev.apex.runtime.planner.ModelAgent;
import java.util.Optional;

/**
 * One kind of run made ready by {@link RunKinds}: the parts it hands the assembly, and what the
 * agent reads back once it has run (the model's spend and summary, a replay's report). Closing it
 * closes the model clients it opened.
 *
 * @param parts what the run brings to the {@link dev.apex.runtime.RunAssembly}
 * @param model the model agent that plans or heals, or null when no model takes part
 * @param replay the flow's replay, or null for a goal
 * @param healing the recording of a healed replay, or null when the replay heals nothing
 * @param healAsked whether the run asked for healing (a report says why none happened)
 */
record PreparedRun(
    RunParts parts, ModelAgent model, FlowReplay replay, FlowRecording healing, boolean healAsked)
    implements AutoCloseable {

  /**
   * The agent's outcome of the run: the task's, with what the model spent planning ({@code
   * plannerModel}'s nothing when no model planned), the labels' spend and savings, and a replay's
   * report.
   */
  AgentOutcome outcome(
      TaskOutcome task, String plannerModel, LlmTotals labels, LabelSavings savings) {
    LlmTotals planning = model != null ? model.totals() : LlmTotals.none(plannerModel);
    Optional<String> summary = model != null && replay == null ? model.summary() : Optional.empty();
    AgentOutcome result = AgentOutcome.of(task, planning, labels, summary, savings, null);
    return replay == null ? result : result.withReplay(report(result));
  }

  private ReplayReport report(AgentOutcome outcome) {
    Optional<String> yaml = Optional.empty();
    Optional<String> why = Optional.empty();
    if (healing == null) {
      why = Optional.of(healAsked ? "no model to heal with" : "healing was off");
    } else if (replay.healedSteps() == 0) {
      why = Optional.of("no step needed healing");
    } else {
      try {
        yaml = Optional.of(healing.toHealedFlow(outcome, replay));
      } catch (InvalidInputException e) {
        why = Optional.of(e.getMessage());
      }
    }
    return new ReplayReport(
        replay.heals(),
        replay.healedSteps(),
        replay.healCalls(),
        replay.screenDrifts(),
        replay.healPlans(),
        replay.marks(),
        yaml,
        why);
  }

  @Override
  public void close() {
    if (model != null) {
      model.close();
    }
  }
}
