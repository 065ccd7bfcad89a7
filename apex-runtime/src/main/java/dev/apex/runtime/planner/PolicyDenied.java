package dev.apex.runtime.planner;

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

  /**
   * @param why the rest of the sentence, with the user's remedy, e.g. {@link Confirmer#refusal}
   */
  public PolicyDenied(SensitiveAction action, String why) {
    super(
        CODE
            + ": "
            + Objects.requireNonNull(action, "action").describe()
            + " needs the user's"
            + " confirmation; "
            + Objects.requireNonNull(why, "why"));
    this.action = action;
  }

  public SensitiveAction action() {
    return action;
  }

  /** Whether a step's error is a policy refusal. */
  public static boolean isDenial(String error) {
    return error != null && error.startsWith(CODE + ":");
  }
}
