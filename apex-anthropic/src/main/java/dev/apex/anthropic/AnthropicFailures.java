package dev.apex.anthropic;

import com.anthropic.core.http.Headers;
import com.anthropic.errors.AnthropicException;
import com.anthropic.errors.AnthropicInvalidDataException;
import com.anthropic.errors.AnthropicIoException;
import com.anthropic.errors.AnthropicServiceException;
import dev.apex.core.Text;
import dev.apex.core.retry.Outcome;
import dev.apex.llm.FailureReason;
import dev.apex.llm.LlmResult;
import dev.apex.llm.LlmUsage;
import java.io.EOFException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.SocketException;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;

/**
 * Maps what the Anthropic SDK throws to a {@link FailureReason}, says whether a retry may help (the
 * API's own rules: 408, 409, 429 and 5xx, I/O errors, and {@code x-should-retry} overriding them),
 * and reads the server's {@code retry-after-ms} / {@code retry-after}: the attempt's side of the
 * one retry loop, which decides whether and when to retry.
 */
final class AnthropicFailures {

  private static final int MAX_API_MESSAGE = 120;

  private AnthropicFailures() {}

  static <T> Outcome<LlmResult<T>> of(AnthropicException e, Clock clock) {
    if (e instanceof AnthropicServiceException service) {
      return ofStatus(service, clock);
    }
    if (e instanceof AnthropicIoException io) {
      if (Thread.currentThread().isInterrupted()) {
        return BoundedRetry.done(
            failed(FailureReason.INTERRUPTED, "interrupted while waiting for the response"));
      }
      if (hasCause(e, InterruptedIOException.class)) {
        // Each attempt is given all the time left, so an attempt's timeout spends the budget.
        return BoundedRetry.done(failed(FailureReason.TIMEOUT, "no response in time"));
      }
      return BoundedRetry.retriable(
          failed(FailureReason.CONNECTION_FAILED, connectionFailure(io)), null);
    }
    if (e instanceof AnthropicInvalidDataException) {
      return BoundedRetry.done(
          failed(FailureReason.INVALID_RESPONSE, "response is not a message: " + rootMessage(e)));
    }
    return BoundedRetry.done(
        failed(FailureReason.CLIENT_ERROR, e.getClass().getSimpleName() + ": " + rootMessage(e)));
  }

  private static String connectionFailure(AnthropicIoException e) {
    if (hasCause(e, ConnectException.class)) {
      return "connection refused";
    }
    if (hasCause(e, EOFException.class)
        || String.valueOf(e.getCause()).contains("unexpected end of stream")) {
      return "connection closed before a response";
    }
    if (hasCause(e, SocketException.class)) {
      return "connection reset: " + rootMessage(e);
    }
    return rootMessage(e);
  }

  private static <T> Outcome<LlmResult<T>> ofStatus(AnthropicServiceException e, Clock clock) {
    int status = e.statusCode();
    StringBuilder detail = new StringBuilder("HTTP ").append(status);
    e.type().ifPresent(t -> detail.append(' ').append(t.asString()));
    e.requestId().ifPresent(id -> detail.append(", request ").append(id));
    e.apiMessage().ifPresent(m -> detail.append(": ").append(oneLine(m, MAX_API_MESSAGE)));
    LlmResult<T> result = failed(reasonForStatus(status), detail.toString());
    if (!shouldRetry(status, e.headers())) {
      return BoundedRetry.done(result);
    }
    return BoundedRetry.retriable(result, retryAfter(e.headers(), clock));
  }

  static FailureReason reasonForStatus(int status) {
    if (status == 401 || status == 403) {
      return FailureReason.UNAUTHORIZED;
    }
    if (status == 408) {
      return FailureReason.TIMEOUT;
    }
    if (status == 429) {
      return FailureReason.RATE_LIMITED;
    }
    if (status == 529) {
      return FailureReason.OVERLOADED;
    }
    if (status >= 500 || status == 409) {
      return FailureReason.SERVER_ERROR;
    }
    return FailureReason.BAD_REQUEST;
  }

  private static boolean shouldRetry(int status, Headers headers) {
    String override = first(headers, "x-should-retry");
    if ("true".equals(override)) {
      return true;
    }
    if ("false".equals(override)) {
      return false;
    }
    return status == 408 || status == 409 || status == 429 || status >= 500;
  }

  /** The server's requested wait, or null when it sent none (or nothing usable). */
  static Duration retryAfter(Headers headers, Clock clock) {
    try {
      String ms = first(headers, "retry-after-ms");
      if (ms != null) {
        return positive(Duration.ofNanos((long) (Double.parseDouble(ms) * 1_000_000)));
      }
      String after = first(headers, "retry-after");
      if (after == null) {
        return null;
      }
      try {
        return positive(Duration.ofNanos((long) (Double.parseDouble(after) * 1_000_000_000)));
      } catch (NumberFormatException notSeconds) {
        OffsetDateTime at = OffsetDateTime.parse(after, DateTimeFormatter.RFC_1123_DATE_TIME);
        return positive(Duration.between(clock.instant(), at.toInstant()));
      }
    } catch (NumberFormatException | DateTimeParseException | ArithmeticException e) {
      return null;
    }
  }

  private static Duration positive(Duration d) {
    return d.isNegative() || d.isZero() ? null : d;
  }

  private static String first(Headers headers, String name) {
    List<String> values = headers.values(name);
    return values.isEmpty() ? null : values.get(0).strip().toLowerCase(Locale.ROOT);
  }

  private static <T> LlmResult<T> failed(FailureReason reason, String detail) {
    return LlmResult.failed(reason, detail, LlmUsage.NONE);
  }

  private static boolean hasCause(Throwable e, Class<? extends Throwable> type) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return true;
      }
    }
    return false;
  }

  private static String rootMessage(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String message = root.getMessage();
    return oneLine(root.getClass().getSimpleName() + (message == null ? "" : ": " + message), 160);
  }

  /** Redacted first ({@link Text#oneLine}): a key echoed by a gateway is cut only once gone. */
  static String oneLine(String text, int max) {
    return Text.oneLine(text, max);
  }
}
