package dev.apex.openai;

import com.openai.core.http.Headers;
import com.openai.errors.OpenAIException;
import com.openai.errors.OpenAIInvalidDataException;
import com.openai.errors.OpenAIIoException;
import com.openai.errors.OpenAIServiceException;
import dev.apex.core.Text;
import dev.apex.core.retry.Outcome;
import dev.apex.llm.BoundedRetry;
import dev.apex.llm.FailureReason;
import dev.apex.llm.HttpFailures;
import dev.apex.llm.LlmResult;
import dev.apex.llm.LlmUsage;
import dev.apex.llm.RetryAfter;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Maps what the OpenAI SDK throws to a {@link FailureReason}, says whether a retry may help (408,
 * 409, 429 and 5xx, I/O errors, {@code x-should-retry} overriding them: the same rules as the
 * Anthropic provider), and reads the server's {@code retry-after-ms} / {@code retry-after}. A 400
 * that names a parameter a local server does not support ({@code tools}, {@code response_format}…)
 * is {@link FailureReason#UNSUPPORTED_PARAMETER}, its detail naming the parameter.
 */
final class OpenAiFailures {

  private static final int MAX_API_MESSAGE = 120;

  /** The request's parameters a local server may lack, most telling first. */
  private static final List<String> OPTIONAL_PARAMETERS =
      List.of(
          "response_format",
          "json_schema",
          "parallel_tool_calls",
          "tool_choice",
          "tools",
          "max_completion_tokens");

  private OpenAiFailures() {}

  static <T> Outcome<LlmResult<T>> of(OpenAIException e, Clock clock) {
    if (e instanceof OpenAIServiceException service) {
      return ofStatus(service, clock);
    }
    if (e instanceof OpenAIIoException || HttpFailures.timedOut(e)) {
      // A timeout, however the SDK wrapped it (a body cut off by the deadline reads as garbage).
      return HttpFailures.ofIo(e);
    }
    if (e instanceof OpenAIInvalidDataException) {
      return BoundedRetry.done(
          failed(
              FailureReason.INVALID_RESPONSE,
              "response is not a chat completion: " + rootMessage(e)));
    }
    return BoundedRetry.done(
        failed(FailureReason.CLIENT_ERROR, e.getClass().getSimpleName() + ": " + rootMessage(e)));
  }

  private static <T> Outcome<LlmResult<T>> ofStatus(OpenAIServiceException e, Clock clock) {
    int status = e.statusCode();
    String message = apiMessage(e).orElse("");
    StringBuilder detail = new StringBuilder("HTTP ").append(status);
    e.type().ifPresent(t -> detail.append(' ').append(oneLine(t, 40)));
    if (!message.isEmpty()) {
      detail.append(": ").append(oneLine(message, MAX_API_MESSAGE));
    }
    if (status == 400 || status == 404 || status == 422 || status == 501) {
      Optional<String> unsupported = unsupportedParameter(e.param().orElse(""), message);
      if (unsupported.isPresent() && (status != 404 || !message.isEmpty())) {
        return BoundedRetry.done(
            failed(
                FailureReason.UNSUPPORTED_PARAMETER,
                "the server does not support '"
                    + unsupported.get()
                    + "' (use a model or server with "
                    + (unsupported.get().contains("format")
                            || unsupported.get().equals("json_schema")
                        ? "structured outputs"
                        : "tool calling")
                    + "): "
                    + detail));
      }
    }
    LlmResult<T> result = failed(reasonForStatus(status), detail.toString());
    if (!shouldRetry(status, e.headers())) {
      return BoundedRetry.done(result);
    }
    return BoundedRetry.retriable(result, RetryAfter.of(name -> first(e.headers(), name), clock));
  }

  /** The parameter a 400 is about, when it is one a local server may lack. */
  static Optional<String> unsupportedParameter(String param, String message) {
    String p = param.strip().toLowerCase(Locale.ROOT);
    for (String known : OPTIONAL_PARAMETERS) {
      if (p.equals(known) || p.startsWith(known + ".") || p.startsWith(known + "[")) {
        return Optional.of(known);
      }
    }
    String m = message.toLowerCase(Locale.ROOT);
    boolean aboutSupport =
        m.contains("support")
            || m.contains("unrecognized")
            || m.contains("unknown")
            || m.contains("not allowed")
            || m.contains("not implemented")
            || m.contains("requires")
            || m.contains("extra inputs")
            || m.contains("invalid");
    if (!aboutSupport) {
      return Optional.empty();
    }
    for (String known : OPTIONAL_PARAMETERS) {
      if (m.contains(known) || m.contains(known.replace('_', ' '))) {
        return Optional.of(known);
      }
    }
    return Optional.empty();
  }

  static FailureReason reasonForStatus(int status) {
    return HttpFailures.reasonForStatus(status);
  }

  private static boolean shouldRetry(int status, Headers headers) {
    return HttpFailures.shouldRetry(status, first(headers, "x-should-retry"));
  }

  /**
   * {@code error.message} of the body (OpenAI's shape), or a top-level {@code message}/{@code
   * error} string.
   */
  private static Optional<String> apiMessage(OpenAIServiceException e) {
    try {
      Object body = e.body().convert(Object.class);
      if (body instanceof Map<?, ?> map) {
        Object error = map.get("error");
        if (error instanceof Map<?, ?> inner && inner.get("message") instanceof String m) {
          return Optional.of(m);
        }
        if (error instanceof String m) {
          return Optional.of(m);
        }
        if (map.get("message") instanceof String m) {
          return Optional.of(m);
        }
      }
      if (body instanceof String s && !s.isBlank()) {
        return Optional.of(s);
      }
    } catch (RuntimeException notJson) {
      // A body the SDK could not read as JSON: the status says enough.
    }
    return Optional.empty();
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
