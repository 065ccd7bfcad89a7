package dev.apex.runtime.safety;

import dev.apex.core.NonRetriableException;
import java.util.Objects;

/**
 * A sensitive action was refused: the policy does not allow its kind and no person confirmed it.
 * Thrown by the {@link SafetyInterceptor} before the tool runs, so the device is not touched; the
 * executor records it as the step's failure (never retried) with an error starting {@value #CODE},
 * which the timeline keeps and the planner tells the model.
 */
public final class PolicyDenied extends NonRetriableException {

  /** The error code every refused step's error starts with. */
  public static final String CODE = "policy_denied";

  private final SensitiveAction action;
  private final boolean askable;

  /**
   * @param why the rest of the sentence, with the user's remedy, e.g. {@link Confirmer#refusal}
   */
  public PolicyDenied(SensitiveAction action, String why) {
    this(
        action,
        CODE
            + ": "
            + Objects.requireNonNull(action, "action").describe()
            + " needs the user's"
            + " confirmation; "
            + Objects.requireNonNull(why, "why"),
        true);
  }

  private PolicyDenied(SensitiveAction action, String message, boolean askable) {
    super(message);
    this.action = action;
    this.askable = askable;
  }

  /**
   * An action refused outright, that no confirmation could let run (a {@code file:} URL for a
   * model): {@code policy_denied: ACTION is refused: WHY}.
   *
   * @param why why, naming what was wrong, e.g. the scheme
   */
  public static PolicyDenied refused(SensitiveAction action, String why) {
    return new PolicyDenied(
        action,
        CODE
            + ": "
            + Objects.requireNonNull(action, "action").describe()
            + " is refused: "
            + Objects.requireNonNull(why, "why"),
        false);
  }

  /** Whether a person could have let it run (false: refused outright, see {@link #refused}). */
  public boolean askable() {
    return askable;
  }

  public SensitiveAction action() {
    return action;
  }

  /** Whether a step's error is a policy refusal. */
  public static boolean isDenial(String error) {
    return error != null && error.startsWith(CODE + ":");
  }
}
