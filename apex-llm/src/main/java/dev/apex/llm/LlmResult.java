package dev.apex.llm;

import java.util.Objects;

/**
 * The outcome of one {@link LlmClient} call: a value, or a failure reason with a one-line detail.
 *
 * @param value the parsed reply; null exactly when {@code failure} is set
 * @param failure why there is no value; null on success
 * @param detail one line for a log (status, request id, stop reason); never a secret; empty on
 *     success
 * @param usage token counts of the reply, {@link LlmUsage#NONE} when none arrived
 * @param attempts HTTP attempts made (0 when none was)
 */
public record LlmResult<T>(
    T value, FailureReason failure, String detail, LlmUsage usage, int attempts) {

  public LlmResult {
    if ((value == null) == (failure == null)) {
      throw new IllegalArgumentException("exactly one of value and failure must be set");
    }
    detail = detail == null ? "" : detail;
    Objects.requireNonNull(usage, "usage");
  }

  public static <T> LlmResult<T> ok(T value, LlmUsage usage, int attempts) {
    return new LlmResult<>(Objects.requireNonNull(value, "value"), null, "", usage, attempts);
  }

  public static <T> LlmResult<T> failed(FailureReason failure, String detail, LlmUsage usage) {
    return new LlmResult<>(null, Objects.requireNonNull(failure, "failure"), detail, usage, 0);
  }

  public boolean succeeded() {
    return failure == null;
  }

  public LlmResult<T> withAttempts(int n) {
    return new LlmResult<>(value, failure, detail, usage, n);
  }

  public LlmResult<T> withDetail(String newDetail) {
    return new LlmResult<>(value, failure, newDetail, usage, attempts);
  }
}
