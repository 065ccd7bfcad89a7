package dev.apex.runtime.observe;

import dev.apex.llm.LlmUsage;
import dev.apex.timeline.LabelCacheHit;
import java.util.Locale;
import java.util.Objects;

/**
 * What the label caches saved a task: the labelling calls not made because a screen's labels were
 * served from a cache, and the tokens those labels cost when they were made, per cache level.
 * Immutable.
 *
 * @param taskCalls screens labelled from this task's own cache
 * @param taskTokens the tokens their labelling calls used
 * @param timelineCalls screens labelled from the timeline (labelled by an earlier task)
 * @param timelineTokens the tokens their labelling calls used
 */
public record LabelSavings(
    int taskCalls, LlmUsage taskTokens, int timelineCalls, LlmUsage timelineTokens) {

  /** Nothing saved. */
  public static final LabelSavings NONE = new LabelSavings(0, LlmUsage.NONE, 0, LlmUsage.NONE);

  public LabelSavings {
    if (taskCalls < 0 || timelineCalls < 0) {
      throw new IllegalArgumentException("calls must be >= 0");
    }
    Objects.requireNonNull(taskTokens, "taskTokens");
    Objects.requireNonNull(timelineTokens, "timelineTokens");
  }

  /** These savings and one more screen served as {@code hit} says. */
  public LabelSavings plus(LabelCacheHit hit) {
    Objects.requireNonNull(hit, "hit");
    return hit.level() == LabelCacheHit.Level.TASK
        ? new LabelSavings(
            taskCalls + 1, sum(taskTokens, hit.saved()), timelineCalls, timelineTokens)
        : new LabelSavings(
            taskCalls, taskTokens, timelineCalls + 1, sum(timelineTokens, hit.saved()));
  }

  /** Every labelling call saved. */
  public int calls() {
    return taskCalls + timelineCalls;
  }

  /** Every token saved: all input, cached or not, and output. */
  public long tokens() {
    return total(taskTokens) + total(timelineTokens);
  }

  /**
   * One line for a person, e.g. {@code 5 calls, 2,650 tokens (task 4, timeline 1)}, or {@code
   * nothing} when nothing was saved.
   */
  public String summary() {
    if (calls() == 0) {
      return "nothing";
    }
    return String.format(
        Locale.ROOT,
        "%d call%s, %,d tokens (task %d, timeline %d)",
        calls(),
        calls() == 1 ? "" : "s",
        tokens(),
        taskCalls,
        timelineCalls);
  }

  private static long total(LlmUsage u) {
    return u.totalInputTokens() + u.outputTokens();
  }

  private static LlmUsage sum(LlmUsage a, LlmUsage b) {
    return new LlmUsage(
        a.inputTokens() + b.inputTokens(),
        a.outputTokens() + b.outputTokens(),
        a.cacheCreationTokens() + b.cacheCreationTokens(),
        a.cacheReadTokens() + b.cacheReadTokens());
  }
}
