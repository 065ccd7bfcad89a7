package dev.apex.runtime;

import dev.apex.llm.LlmUsage;
import dev.apex.timeline.ReplayMark;

/**
 * Hears what a planner reports while it plans: each model call with its usage and estimated cost,
 * and, when it judges the goal reached, why. A planner reports to {@link
 * TaskContext#planListener()}; the runner records the calls made during one {@code plan} with the
 * first step of that plan (the {@value #LLM_USAGE} entry of its {@link
 * dev.apex.timeline.StepRecord#annotations() annotations}) and passes every report on to the
 * listeners given to {@link TaskRunner.Builder#planListener}, so a shell can sum a task's spend.
 *
 * <p>Called on the task's thread. Implementations must be fast and should not throw; the runner
 * logs and ignores what a listener throws. Every method defaults to doing nothing.
 */
public interface PlanListener {

  /** The step annotation holding the model calls of the plan the step came from. */
  String LLM_USAGE = "llm_usage";

  /** Hears nothing: what a {@link TaskContext} made outside a runner reports to. */
  PlanListener NONE = new PlanListener() {};

  /**
   * One model call, counted whether or not it gave a usable reply (its tokens are spent either
   * way).
   *
   * @param model the model called, e.g. {@code claude-sonnet-5-5}
   * @param usage the tokens the API reported; {@link LlmUsage#NONE} when no reply came
   * @param costUsd the estimated cost in US dollars, not a bill
   */
  default void modelCalled(String model, LlmUsage usage, double costUsd) {}

  /**
   * The planner judged the goal reached and is about to return no steps.
   *
   * @param summary why, in the planner's words (a model's {@code done} summary); never null
   */
  default void goalReached(String summary) {}

  /**
   * A replaying planner says what the plan it is making is, beside the model calls: steps the model
   * planned to heal a recorded step, or a recorded step whose screen drifted. The runner keeps the
   * mark with the plan's first step ({@link dev.apex.timeline.StepExtras#replay()}).
   */
  default void replayMarked(ReplayMark mark) {}
}
