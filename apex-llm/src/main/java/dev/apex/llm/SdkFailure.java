package dev.apex.llm;

import dev.apex.core.retry.Outcome;
import java.time.Clock;
import java.util.Locale;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * What an SDK exception is, in the words every provider shares: a provider's failure mapping reads
 * its SDK's exception into one of these, and {@link #outcome} says what it means for the one retry
 * loop (the reason, whether a retry may help, the server's wait). A timeout is a timeout however
 * the SDK wrapped it: {@link Io}, {@link Unreadable} and {@link Other} are checked for one first
 * ({@link HttpFailures#timedOut}), so a reply the deadline cut off mid-body is not read as garbage.
 */
public sealed interface SdkFailure {

  /** The attempt's outcome: retriable or not, with its {@link LlmResult} failure. */
  <T> Outcome<LlmResult<T>> outcome(Clock clock);

  /**
   * An HTTP error response: {@link HttpFailures#reasonForStatus}, retried on 408, 409, 429 and 5xx
   * unless {@code x-should-retry} says otherwise, after the server's {@code retry-after-ms} /
   * {@code retry-after} when it sent one.
   *
   * @param detail one line naming the status and what the server said (redacted when it leaves)
   * @param header the first value of a response header by its lower-case name, or null when absent
   */
  record Status(int status, String detail, UnaryOperator<String> header) implements SdkFailure {

    public Status {
      Objects.requireNonNull(detail, "detail");
      Objects.requireNonNull(header, "header");
    }

    @Override
    public <T> Outcome<LlmResult<T>> outcome(Clock clock) {
      LlmResult<T> result = failed(HttpFailures.reasonForStatus(status), detail);
      String shouldRetry = header.apply("x-should-retry");
      if (!HttpFailures.shouldRetry(status, lowerCase(shouldRetry))) {
        return BoundedRetry.done(result);
      }
      return BoundedRetry.retriable(result, RetryAfter.of(header, clock));
    }

    private static String lowerCase(String value) {
      return value == null ? null : value.strip().toLowerCase(Locale.ROOT);
    }
  }

  /** The connection failed or timed out: {@link HttpFailures#ofIo}. */
  record Io(Throwable error) implements SdkFailure {

    public Io {
      Objects.requireNonNull(error, "error");
    }

    @Override
    public <T> Outcome<LlmResult<T>> outcome(Clock clock) {
      return HttpFailures.ofIo(error);
    }
  }

  /**
   * A response that could not be read: {@link FailureReason#INVALID_RESPONSE}, not retried.
   *
   * @param expected what it should have been, e.g. {@code a message}
   */
  record Unreadable(String expected, Throwable error) implements SdkFailure {

    public Unreadable {
      Objects.requireNonNull(expected, "expected");
      Objects.requireNonNull(error, "error");
    }

    @Override
    public <T> Outcome<LlmResult<T>> outcome(Clock clock) {
      return unlessTimedOut(error, FailureReason.INVALID_RESPONSE, "response is not " + expected);
    }
  }

  /**
   * A failure the provider has classified itself (a parameter the server lacks): returned as it is,
   * not retried.
   */
  record Settled(FailureReason reason, String detail) implements SdkFailure {

    public Settled {
      Objects.requireNonNull(reason, "reason");
      Objects.requireNonNull(detail, "detail");
    }

    @Override
    public <T> Outcome<LlmResult<T>> outcome(Clock clock) {
      return BoundedRetry.done(failed(reason, detail));
    }
  }

  /** Anything else the SDK raised: {@link FailureReason#CLIENT_ERROR}, not retried. */
  record Other(Throwable error) implements SdkFailure {

    public Other {
      Objects.requireNonNull(error, "error");
    }

    @Override
    public <T> Outcome<LlmResult<T>> outcome(Clock clock) {
      return unlessTimedOut(error, FailureReason.CLIENT_ERROR, error.getClass().getSimpleName());
    }
  }

  /**
   * The timeout {@code error} is however the SDK wrapped it (a body the deadline cut off reads as
   * garbage), else {@code reason}, not retried, its detail {@code what} and the root cause.
   */
  private static <T> Outcome<LlmResult<T>> unlessTimedOut(
      Throwable error, FailureReason reason, String what) {
    if (HttpFailures.timedOut(error)) {
      return HttpFailures.ofIo(error);
    }
    return BoundedRetry.done(failed(reason, what + ": " + HttpFailures.rootMessage(error)));
  }

  private static <T> LlmResult<T> failed(FailureReason reason, String detail) {
    return LlmResult.failed(reason, detail, LlmUsage.NONE);
  }
}
