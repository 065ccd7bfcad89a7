package dev.apex.runtime.planner;

import dev.apex.core.PlannedStep;

/**
 * What the planner remembers of one executed step, for the next prompts.
 *
 * @param index the step's 1-based number in the task
 * @param step the step as executed
 * @param described the step in one line, with the element's text where it named one
 * @param success whether it succeeded
 * @param error its one-line error, or null
 * @param policyDenied whether the safety policy refused it
 * @param effect what it did to the screen
 * @param change what changed on screen, as the CLI's step line says it ({@link
 *     dev.apex.perception.ChangeSummary#line}), or null when its effect is not {@link
 *     Effect#CHANGED}
 */
record StepNote(
    int index,
    PlannedStep step,
    String described,
    boolean success,
    String error,
    boolean policyDenied,
    Effect effect,
    String change) {

  /** A note without the change's words: the screen changed, or not, as {@code effect} says. */
  StepNote(
      int index,
      PlannedStep step,
      String described,
      boolean success,
      String error,
      boolean policyDenied,
      Effect effect) {
    this(index, step, described, success, error, policyDenied, effect, null);
  }

  /** What a step did to the screen. */
  enum Effect {
    /** The screen changed after it. */
    CHANGED,
    /** The screen looks exactly as it did before it. */
    NO_VISIBLE_EFFECT,
    /** Unknown: the step did not run (refused, invalid) or nothing was observed after it. */
    UNKNOWN
  }
}
