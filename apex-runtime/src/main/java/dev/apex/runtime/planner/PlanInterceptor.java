package dev.apex.runtime.planner;

/**
 * One piece of a Claude plan, as OkHttp's interceptors are pieces of a call: the guards between the
 * model and the step ({@link LoopDetector}, {@link NavigationMemory}, {@link Reasker}, {@link
 * BudgetGuard}) and, last, {@link AskModel}, which asks the model. {@link ModelPlanner} runs them
 * as a {@link PlanChain}, first outermost, once per plan, and turns the decision that comes out
 * into a step or the end of the task.
 *
 * <p>An interceptor either decides alone (the last one must), or calls {@link Chain#proceed} and
 * judges what the rest of the chain decided: it returns it, asks again (after {@link
 * PlanTurn#reask} with a note for the model, it calls {@code proceed} once more), or ends the task
 * by throwing a {@link dev.apex.runtime.StopTaskException}. Used on the task's thread; one instance
 * per task, so an interceptor may keep the task's state (what ran where, where steps led).
 */
@FunctionalInterface
interface PlanInterceptor {

  Decision intercept(Chain chain);

  /** The plan being made, and the rest of the chain. */
  interface Chain {

    /** What this plan works from, and what it told the model so far. */
    PlanTurn turn();

    /** Runs the next interceptor; the last one asks the model. */
    Decision proceed();
  }
}
