package dev.apex.runtime.planner;

import dev.apex.llm.FailureReason;

/**
 * How the planner treats each way a model call fails. The client has already retried transport
 * failures within the call's budget; what is left is either worth asking again (the reply came but
 * could not be used) or final.
 */
final class ModelFailures {

  private ModelFailures() {}

  /** A reply arrived but was unusable: no tool call, cut off, not a message. Ask again. */
  static boolean reaskable(FailureReason reason) {
    return switch (reason) {
      case NO_TOOL_CALL,
          INVALID_TOOL_ARGUMENTS,
          MAX_TOKENS,
          UNEXPECTED_STOP,
          INVALID_RESPONSE,
          INVALID_JSON,
          SCHEMA_MISMATCH ->
          true;
      default -> false;
    };
  }

  /** A failure that more time might have cured (the client retries these while time is left). */
  static boolean transientFailure(FailureReason reason) {
    return switch (reason) {
      case TIMEOUT, RATE_LIMITED, OVERLOADED, SERVER_ERROR, CONNECTION_FAILED -> true;
      default -> false;
    };
  }

  /**
   * Whether a re-ask for {@code reason} may happen only once per plan: a model that gave invalid
   * tool arguments twice is not going to mend them (small local models), and the task ends FAILED
   * with the reason.
   */
  static boolean reaskOnce(FailureReason reason) {
    return reason == FailureReason.INVALID_TOOL_ARGUMENTS;
  }

  /**
   * What the model is told when it is asked again after {@code result}. Trusted: it quotes nothing
   * from the reply; for invalid tool arguments it gives the validation error, which names only the
   * tool's own schema ({@link dev.apex.llm.ToolArguments}).
   */
  static String reaskNote(dev.apex.llm.LlmResult<?> result) {
    if (result.failure() == FailureReason.INVALID_TOOL_ARGUMENTS) {
      return "Your previous tool call had invalid arguments ("
          + dev.apex.core.Text.oneLine(result.detail(), 200)
          + "). Call exactly one tool, with arguments that match its schema.";
    }
    return reaskNote(result.failure());
  }

  /** What the model is told when it is asked again. Trusted: it quotes nothing from the reply. */
  static String reaskNote(FailureReason reason) {
    return switch (reason) {
      case NO_TOOL_CALL -> "Your previous reply called no tool. Reply by calling exactly one tool.";
      case MAX_TOKENS ->
          "Your previous reply was cut off at the output limit before it called a tool. Think"
              + " less and call exactly one tool.";
      default ->
          "Your previous reply could not be read (" + reason.code() + "). Call exactly one tool.";
    };
  }
}
