package dev.apex.llm;

import java.util.Locale;

/**
 * Why an LLM call or an enrichment produced nothing. {@link #code()} is the short, stable,
 * machine-readable form ({@code rate_limited}, {@code timeout}…) the CLI prints as {@code semantic:
 * unavailable (CODE)}.
 */
public enum FailureReason {
  /** Enrichment is switched off in the configuration; nothing was sent. */
  DISABLED,
  /** No API key is configured; nothing was sent. */
  NO_API_KEY,
  /** The time budget ran out (an attempt timed out, or no time was left to retry). */
  TIMEOUT,
  /** HTTP 429, and retrying was not possible within the budget. */
  RATE_LIMITED,
  /** HTTP 529 {@code overloaded_error}. */
  OVERLOADED,
  /** HTTP 500, 503 or another 5xx. */
  SERVER_ERROR,
  /** HTTP 400 or another 4xx that retrying cannot fix (a bug in the request). */
  BAD_REQUEST,
  /** HTTP 401 or 403: the key is wrong or may not use this model. */
  UNAUTHORIZED,
  /** The model declined ({@code stop_reason: refusal}). */
  REFUSAL,
  /** The reply was cut off at {@code max_tokens}. */
  MAX_TOKENS,
  /** Another stop reason than {@code end_turn} (e.g. {@code tool_use}, {@code pause_turn}). */
  UNEXPECTED_STOP,
  /** A tool-use turn ended without calling a tool (the model answered in text only). */
  NO_TOOL_CALL,
  /** The reply's text is not JSON (or has no text). */
  INVALID_JSON,
  /** The reply is JSON but misses, adds or mistypes fields of the schema. */
  SCHEMA_MISMATCH,
  /**
   * HTTP 400 for a parameter the server does not support (a local server without {@code tools} or
   * {@code response_format}): the detail names the parameter. Retrying cannot fix it.
   */
  UNSUPPORTED_PARAMETER,
  /**
   * A tool call whose arguments are not a JSON object or fail the tool's input schema (frequent
   * with small local models); the detail says what failed, naming only the schema's properties.
   */
  INVALID_TOOL_ARGUMENTS,
  /** The HTTP response itself could not be read as a message (garbage on the wire). */
  INVALID_RESPONSE,
  /** The connection was refused, reset or closed before a response. */
  CONNECTION_FAILED,
  /** The calling thread was interrupted while waiting to retry; its interrupt flag is kept. */
  INTERRUPTED,
  /** Any other failure raised by the client library. */
  CLIENT_ERROR;

  /** The lower-case code, e.g. {@code rate_limited}. */
  public String code() {
    return name().toLowerCase(Locale.ROOT);
  }
}
