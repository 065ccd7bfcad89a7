package dev.apex.runtime;

import dev.apex.llm.LlmUsage;
import dev.apex.runtime.planner.LlmTotals;
import dev.apex.timeline.StepUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the planner's usage for a step out of {@link Planner#stepAnnotations()}'s {@value
 * #LLM_USAGE} entry, the one entry it records. Stateless.
 */
final class PlanUsage {

  static final String LLM_USAGE = "llm_usage";

  private static final Logger log = LoggerFactory.getLogger(TaskRunner.class);

  private PlanUsage() {}

  /** The usages in {@code annotations}, in order; empty when there are none or none is usable. */
  static List<StepUsage> of(Map<String, Object> annotations, Object taskId) {
    if (annotations == null || annotations.isEmpty()) {
      return List.of();
    }
    for (String key : annotations.keySet()) {
      if (!LLM_USAGE.equals(key)) {
        log.debug("task {}: the planner's step annotation '{}' is not recorded", taskId, key);
      }
    }
    Object value = annotations.get(LLM_USAGE);
    List<StepUsage> usages = new ArrayList<>();
    if (value instanceof List<?> list) {
      list.forEach(v -> add(usages, v, taskId));
    } else if (value != null) {
      add(usages, value, taskId);
    }
    return List.copyOf(usages);
  }

  private static void add(List<StepUsage> usages, Object value, Object taskId) {
    if (value instanceof StepUsage u) {
      usages.add(u);
    } else if (value instanceof LlmTotals t) {
      usages.add(
          new StepUsage(
              t.model(),
              t.calls(),
              new LlmUsage(
                  t.inputTokens(), t.outputTokens(), t.cacheCreationTokens(), t.cacheReadTokens()),
              t.costUsd()));
    } else if (value instanceof LlmUsage u) {
      usages.add(StepUsage.of(u));
    } else if (value != null) {
      log.warn(
          "task {}: the planner's {} is a {}, not a usage; recording the step without it",
          taskId,
          LLM_USAGE,
          value.getClass().getName());
    }
  }
}
