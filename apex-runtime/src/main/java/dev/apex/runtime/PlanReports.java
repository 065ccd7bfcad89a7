package dev.apex.runtime;

import dev.apex.llm.LlmUsage;
import dev.apex.timeline.ReplayMark;
import dev.apex.timeline.StepUsage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What one run's planner reports: sums the model calls of the current plan, per model, for the
 * first step of that plan, and passes every report on to the runner's listeners, logging (not
 * propagating) what one of them throws. One per run, used on the task's thread.
 */
final class PlanReports implements PlanListener {

  private static final Logger log = LoggerFactory.getLogger(PlanReports.class);

  private final List<PlanListener> listeners;
  private final Map<String, LlmTotals> plan = new LinkedHashMap<>();
  private ReplayMark mark;

  PlanReports(List<PlanListener> listeners) {
    this.listeners = List.copyOf(listeners);
  }

  /** Forgets the calls of the previous plan (one that ended the task, or threw, left none). */
  void planStarted() {
    plan.clear();
    mark = null;
  }

  /** The replay mark of the plan just made, or null. */
  ReplayMark mark() {
    return mark;
  }

  /**
   * The usage to record with the first step of the plan just made: one per model it called, in the
   * order first called; empty when it called none.
   */
  List<StepUsage> usage() {
    List<StepUsage> usage = new ArrayList<>();
    for (LlmTotals t : plan.values()) {
      usage.add(
          new StepUsage(
              t.model(),
              t.calls(),
              new LlmUsage(
                  t.inputTokens(), t.outputTokens(), t.cacheCreationTokens(), t.cacheReadTokens()),
              t.costKnown() ? t.costUsd() : null));
    }
    return List.copyOf(usage);
  }

  @Override
  public void modelCalled(String model, LlmUsage usage, double costUsd) {
    if (model != null && usage != null) {
      plan.merge(
          model, LlmTotals.none(model).plus(usage, costUsd), (a, b) -> a.plus(usage, costUsd));
    }
    each("modelCalled", l -> l.modelCalled(model, usage, costUsd));
  }

  @Override
  public void replayMarked(ReplayMark mark) {
    this.mark = mark;
    each("replayMarked", l -> l.replayMarked(mark));
  }

  @Override
  public void goalReached(String summary) {
    each("goalReached", l -> l.goalReached(summary));
  }

  private void each(String event, Consumer<PlanListener> call) {
    for (PlanListener listener : listeners) {
      try {
        call.accept(listener);
      } catch (RuntimeException e) {
        log.warn(
            "plan listener {} threw from {}; ignoring it so the task goes on",
            listener.getClass().getName(),
            event,
            e);
      }
    }
  }
}
