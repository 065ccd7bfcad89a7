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
