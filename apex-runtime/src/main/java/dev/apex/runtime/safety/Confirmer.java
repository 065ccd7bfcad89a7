package dev.apex.runtime.safety;

/**
 * Asks a person whether a sensitive action may run: the CLI asks on the terminal, the console shows
 * a button. Called on the task's thread, and may block while the person decides (the task's wall
 * time keeps running). An implementation that cannot ask (no terminal) answers no.
 */
@FunctionalInterface
public interface Confirmer {

  /**
   * @return true to let the action run; false refuses it ({@link PolicyDenied}). A confirmer that
   *     throws counts as a refusal.
   */
  boolean confirm(SensitiveAction action);

  /**
   * Why {@code action} was refused and what the user can do about it, once {@link #confirm} said
   * no: the end of the {@link PolicyDenied} message, which the planner (or an MCP client's model)
   * reads. By default the generic remedy; a confirmer that knows why it could not ask (an MCP
   * client without elicitation) says so and names the user's remedy.
   */
  default String refusal(SensitiveAction action) {
    if (action != null && action.kind() == SensitiveKind.URL_OPEN) {
      return "it was not confirmed; " + OriginRule.remedy(action);
    }
    return "it was not confirmed (allow the kind in the safety policy to skip asking)";
  }

  /** Never confirms: every sensitive action not allowed by the policy is refused. */
  Confirmer DENY = action -> false;

  /**
   * Confirms every action but opening a URL, because a person already chose each step: the steps of
   * a flow file, those a test calls one by one. The policy still sees each step at the executor;
   * what a model plans (a goal, a heal) is never run under this confirmer unless its caller asks
   * for it. A flow may come from anyone, so the origins it opens are the user's to allow ({@link
   * OriginRule}): a {@link SensitiveKind#URL_OPEN} is refused, naming {@code --allow-url}.
   */
  Confirmer AUTHORED =
      new Confirmer() {
        @Override
        public boolean confirm(SensitiveAction action) {
          return action.kind() != SensitiveKind.URL_OPEN;
        }

        @Override
        public String refusal(SensitiveAction action) {
          return "a flow opens only the origins the user allowed; " + OriginRule.remedy(action);
        }
      };
}
