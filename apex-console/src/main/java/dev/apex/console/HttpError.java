package dev.apex.console;

import java.util.Map;

/**
 * Ends a request with an HTTP error status and a one-line message for the user. The message is sent
 * as is, so it must name no secret.
 */
final class HttpError extends RuntimeException {

  private final int status;
  private final Map<String, String> fields;

  HttpError(int status, String message) {
    this(status, message, Map.of());
  }

  /**
   * With {@code fields} beside {@code error} and {@code status} in the answer, for a client that
   * acts on them (e.g. the {@code origin} an Allow button would allow). Sent as is, like the
   * message.
   */
  HttpError(int status, String message, Map<String, String> fields) {
    super(message, null, false, false);
    this.status = status;
    this.fields = Map.copyOf(fields);
  }

  int status() {
    return status;
  }

  Map<String, String> fields() {
    return fields;
  }

  static HttpError badRequest(String message) {
    return new HttpError(400, message);
  }

  static HttpError notFound(String message) {
    return new HttpError(404, message);
  }

  static HttpError conflict(String message) {
    return new HttpError(409, message);
  }
}
