package dev.apex.console;

/**
 * Ends a request with an HTTP error status and a one-line message for the user. The message is sent
 * as is, so it must name no secret.
 */
final class HttpError extends RuntimeException {

  private final int status;

  HttpError(int status, String message) {
    super(message, null, false, false);
    this.status = status;
  }

  int status() {
    return status;
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
