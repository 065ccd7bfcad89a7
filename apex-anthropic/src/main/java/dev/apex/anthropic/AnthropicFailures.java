package dev.apex.anthropic;

import com.anthropic.core.http.Headers;
import com.anthropic.errors.AnthropicException;
import com.anthropic.errors.AnthropicInvalidDataException;
import com.anthropic.errors.AnthropicIoException;
import com.anthropic.errors.AnthropicServiceException;
import dev.apex.core.Text;
import dev.apex.llm.SdkFailure;
import java.util.List;
import java.util.Optional;

/**
 * The Anthropic provider's failure mapping: reads what the SDK throws as an {@link SdkFailure},
 * which says what it means for the one retry loop (the API's own rules: 408, 409, 429 and 5xx, I/O
 * errors, {@code x-should-retry} overriding them; the server's {@code retry-after-ms} / {@code
 * retry-after}). A status failure's detail names the status, the error type, the request id and the
 * API's message.
 */
final class AnthropicFailures {

  private static final int MAX_API_MESSAGE = 120;

  private AnthropicFailures() {}

  /** What {@code thrown} means, or empty when the SDK did not raise it. */
  static Optional<SdkFailure> of(RuntimeException thrown) {
    if (!(thrown instanceof AnthropicException e)) {
      return Optional.empty();
    }
    if (e instanceof AnthropicServiceException service) {
      return Optional.of(ofStatus(service));
    }
    if (e instanceof AnthropicIoException) {
      return Optional.of(new SdkFailure.Io(e));
    }
    return Optional.of(
        e instanceof AnthropicInvalidDataException
            ? new SdkFailure.Unreadable("a message", e)
            : new SdkFailure.Other(e));
  }

  private static SdkFailure ofStatus(AnthropicServiceException e) {
    StringBuilder detail = new StringBuilder("HTTP ").append(e.statusCode());
    e.type().ifPresent(t -> detail.append(' ').append(t.asString()));
    e.requestId().ifPresent(id -> detail.append(", request ").append(id));
    e.apiMessage().ifPresent(m -> detail.append(": ").append(Text.oneLine(m, MAX_API_MESSAGE)));
    Headers headers = e.headers();
    return new SdkFailure.Status(e.statusCode(), detail.toString(), name -> first(headers, name));
  }

  private static String first(Headers headers, String name) {
    List<String> values = headers.values(name);
    return values.isEmpty() ? null : values.get(0);
  }
}
