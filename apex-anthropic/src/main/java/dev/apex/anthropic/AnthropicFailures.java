package dev.apex.anthropic;

import com.anthropic.core.http.Headers;
import com.anthropic.errors.AnthropicException;
import com.anthropic.errors.AnthropicInvalidDataException;
import com.anthropic.errors.AnthropicIoException;
import com.anthropic.errors.AnthropicServiceException;
import dev.apex.core.Text;
import dev.apex.core.retry.Outcome;
import dev.apex.llm.BoundedRetry;
import dev.apex.llm.FailureReason;
import dev.apex.llm.HttpFailures;
import dev.apex.llm.LlmResult;
import dev.apex.llm.LlmUsage;
import dev.apex.llm.RetryAfter;
import java.time.Clock;
import java.time.Duration;
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
    if (e instanceof AnthropicIoException || HttpFailures.timedOut(e)) {
      // A timeout, however the SDK wrapped it (a body cut off by the deadline reads as garbage).
      return HttpFailures.ofIo(e);
    }
    if (e instanceof AnthropicInvalidDataException) {
      return BoundedRetry.done(
          failed(FailureReason.INVALID_RESPONSE, "response is not a message: " + rootMessage(e)));
    }
    return BoundedRetry.done(
        failed(FailureReason.CLIENT_ERROR, e.getClass().getSimpleName() + ": " + rootMessage(e)));
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
    return HttpFailures.reasonForStatus(status);
  }

  private static boolean shouldRetry(int status, Headers headers) {
    return HttpFailures.shouldRetry(status, first(headers, "x-should-retry"));
  }

  /** The server's requested wait, or null when it sent none (or nothing usable). */
  static Duration retryAfter(Headers headers, Clock clock) {
    return RetryAfter.of(name -> first(headers, name), clock);
  }

  private static String first(Headers headers, String name) {
    List<String> values = headers.values(name);
    return values.isEmpty() ? null : values.get(0).strip().toLowerCase(Locale.ROOT);
  }

  private static <T> LlmResult<T> failed(FailureReason reason, String detail) {
    return LlmResult.failed(reason, detail, LlmUsage.NONE);
  }

  private static String rootMessage(Throwable e) {
    return HttpFailures.rootMessage(e);
  }

  /** Redacted first ({@link Text#oneLine}): a key echoed by a gateway is cut only once gone. */
  static String oneLine(String text, int max) {
    return Text.oneLine(text, max);
  }
}
