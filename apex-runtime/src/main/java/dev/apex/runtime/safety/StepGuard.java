package dev.apex.runtime.safety;

import dev.apex.core.PlannedStep;
import dev.apex.runtime.Executor;
import dev.apex.runtime.TaskRunner;
import dev.apex.tools.ToolContext;

/**
 * Decides whether a step may run, whoever planned it (a goal, a flow, a server, a heal): the {@link
 * Executor} asks its guard once per step, after the tool validated the arguments and before the
 * first attempt, so a refusal is never retried and a confirmation is asked once. This is where the
 * safety policy and its confirmer apply ({@link dev.apex.runtime.safety.SafetyInterceptor}, set on
 * a runner with {@link TaskRunner.Builder#safety}).
 *
 * <p>Called on the task's thread; may block while a person decides.
 */
@FunctionalInterface
public interface StepGuard {

  /** Lets every step run. */
  StepGuard NONE = (step, context) -> {};

  /**
   * Returns to let the step run; throws to refuse it. The executor then records a failed step whose
   * error is the exception's message (an {@link dev.apex.core.ApexException}'s as it is, so the
   * planner can read it, e.g. {@code policy_denied: …}), with 0 attempts: the device is not
   * touched.
   *
   * @param step the step as planned, its arguments validated
   * @param context what the tool would act on; {@link ToolContext#latestScene()} is the scene the
   *     step was planned on
   */
  void admit(PlannedStep step, ToolContext context);
}
