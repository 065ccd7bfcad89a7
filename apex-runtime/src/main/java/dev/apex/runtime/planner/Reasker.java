package dev.apex.runtime.planner;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asks the model again when its reply came but could not be used (no tool call, cut off at the
 * output limit, garbage: {@link ModelFailures#reaskable}), telling it what was wrong, while the
 * plan may re-ask; invalid tool arguments are re-asked once, with the validation error. Any other
 * failure, or one the plan may not re-ask any more, goes out as it came, for the planner to end the
 * task with. Keeps no state.
 */
final class Reasker implements PlanInterceptor {

  private static final Logger log = LoggerFactory.getLogger(Reasker.class);

  @Override
  public Decision intercept(Chain chain) {
    PlanTurn turn = chain.turn();
    while (true) {
      Decision decision = chain.proceed();
      if (decision instanceof Decision.Failed failed
          && turn.mayReask()
          && ModelFailures.reaskable(failed.result().failure())
          && (!ModelFailures.reaskOnce(failed.result().failure())
              || turn.firstTime("reask:" + failed.result().failure().code()))) {
        turn.reask(ModelFailures.reaskNote(failed.result()));
        log.info(
            "model reply unusable ({}): {}; asking again",
            failed.result().failure().code(),
            failed.result().detail());
        continue;
      }
      return decision;
    }
  }
}
