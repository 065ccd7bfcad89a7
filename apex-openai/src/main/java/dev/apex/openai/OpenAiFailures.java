package dev.apex.openai;

import com.openai.core.http.Headers;
import com.openai.errors.OpenAIException;
import com.openai.errors.OpenAIInvalidDataException;
import com.openai.errors.OpenAIIoException;
import com.openai.errors.OpenAIServiceException;
import dev.apex.core.Text;
import dev.apex.llm.FailureReason;
import dev.apex.llm.SdkFailure;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The OpenAI provider's failure mapping: reads what the SDK throws as an {@link SdkFailure}, which
 * says what it means for the one retry loop (408, 409, 429 and 5xx, I/O errors, {@code
 * x-should-retry} overriding them, the server's {@code retry-after-ms} / {@code retry-after}: the
 * same rules as for every provider). A 400 that names a parameter a local server does not support
 * ({@code tools}, {@code response_format}…) is {@link FailureReason#UNSUPPORTED_PARAMETER}, its
 * detail naming the parameter.
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

  /** What {@code thrown} means, or empty when the SDK did not raise it. */
  static Optional<SdkFailure> of(RuntimeException thrown) {
    if (thrown instanceof OpenAIServiceException service) {
      return Optional.of(ofStatus(service));
    }
    if (!(thrown instanceof OpenAIException e)) {
      return Optional.empty();
    }
    if (e instanceof OpenAIInvalidDataException) {
      return Optional.of(new SdkFailure.Unreadable("a chat completion", e));
    }
    return Optional.of(
        e instanceof OpenAIIoException ? new SdkFailure.Io(e) : new SdkFailure.Other(e));
  }

  private static SdkFailure ofStatus(OpenAIServiceException e) {
    int status = e.statusCode();
    String message = apiMessage(e).orElse("");
    StringBuilder detail = new StringBuilder("HTTP ").append(status);
    e.type().ifPresent(t -> detail.append(' ').append(Text.oneLine(t, 40)));
    if (!message.isEmpty()) {
      detail.append(": ").append(Text.oneLine(message, MAX_API_MESSAGE));
    }
    Optional<String> unsupported =
        List.of(400, 404, 422, 501).contains(status)
            ? unsupportedParameter(e.param().orElse(""), message)
            : Optional.empty();
    if (unsupported.isPresent() && (status != 404 || !message.isEmpty())) {
      return new SdkFailure.Settled(
          FailureReason.UNSUPPORTED_PARAMETER, unsupported(unsupported.get(), detail));
    }
    Headers headers = e.headers();
    return new SdkFailure.Status(status, detail.toString(), name -> first(headers, name));
  }

  private static String unsupported(String parameter, CharSequence detail) {
    boolean format = parameter.contains("format") || parameter.equals("json_schema");
    return "the server does not support '"
        + parameter
        + "' (use a model or server with "
        + (format ? "structured outputs" : "tool calling")
        + "): "
        + detail;
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
    return values.isEmpty() ? null : values.get(0);
  }
}
