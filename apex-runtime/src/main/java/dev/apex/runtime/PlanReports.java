package dev.apex.runtime;

import dev.apex.llm.LlmUsage;
import dev.apex.runtime.planner.LlmTotals;
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

  PlanReports(List<PlanListener> listeners) {
    this.listeners = List.copyOf(listeners);
  }

  /** Forgets the calls of the previous plan (one that ended the task, or threw, left none). */
  void planStarted() {
    plan.clear();
  }

  /**
   * The {@value #LLM_USAGE} entry for the first step of the plan just made: the {@link LlmTotals}
   * of its calls (a list of them, one per model, if it called several); empty when it called none.
   */
  Map<String, Object> stepAnnotations() {
    if (plan.isEmpty()) {
      return Map.of();
    }
    Object usage = plan.size() == 1 ? plan.values().iterator().next() : List.copyOf(plan.values());
    return Map.of(LLM_USAGE, usage);
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
