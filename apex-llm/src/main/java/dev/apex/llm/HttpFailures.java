package dev.apex.llm;

import dev.apex.core.Text;
import dev.apex.core.retry.Outcome;
import java.io.EOFException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.SocketException;

/**
 * What an HTTP failure of a model call means, the same for every provider: the {@link
 * FailureReason} of a status, whether a retry may help (408, 409, 429 and 5xx, and I/O errors;
 * {@code x-should-retry} overriding them), and the outcome of an I/O error (interrupted, timed out,
 * refused, reset, closed). Each provider's failure mapping reads its SDK's exceptions and asks
 * here.
 */
public final class HttpFailures {

  private HttpFailures() {}

  public static FailureReason reasonForStatus(int status) {
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

  /**
   * @param shouldRetryHeader the {@code x-should-retry} header, lower case, or null
   */
  public static boolean shouldRetry(int status, String shouldRetryHeader) {
    if ("true".equals(shouldRetryHeader)) {
      return true;
    }
    if ("false".equals(shouldRetryHeader)) {
      return false;
    }
    return status == 408 || status == 409 || status == 429 || status >= 500;
  }

  /**
   * The outcome of an I/O error the SDK raised: {@link FailureReason#INTERRUPTED} when the thread
   * is, {@link BoundedRetry#deadlineReached()} when the attempt timed out (each attempt is given
   * all the time left, so its timeout is the call's deadline), else a retriable {@link
   * FailureReason#CONNECTION_FAILED} saying refused, closed or reset.
   */
  public static <T> Outcome<LlmResult<T>> ofIo(Throwable e) {
    if (Thread.currentThread().isInterrupted()) {
      return BoundedRetry.done(
          failed(FailureReason.INTERRUPTED, "interrupted while waiting for the response"));
    }
    if (timedOut(e)) {
      return BoundedRetry.deadlineReached();
    }
    return BoundedRetry.retriable(failed(FailureReason.CONNECTION_FAILED, connection(e)), null);
  }

  /**
   * Whether the HTTP client's timeout ended the attempt: a read timeout, or the deadline of the
   * whole attempt, which cancels the call and closes its socket. Both are raised as an {@link
   * InterruptedIOException} somewhere in the causes, whatever the SDK wrapped it in: a reply cut
   * off mid-body by the deadline (a server that trickles its reply) reaches the caller as a reply
   * that could not be read, and must still count as the timeout it is. Check it before reading a
   * failure as garbage.
   */
  public static boolean timedOut(Throwable e) {
    return hasCause(e, InterruptedIOException.class);
  }

  private static String connection(Throwable e) {
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

  public static boolean hasCause(Throwable e, Class<? extends Throwable> type) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return true;
      }
    }
    return false;
  }

  /** The innermost cause's class and message, one line of at most 160 characters, redacted. */
  public static String rootMessage(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String message = root.getMessage();
    return Text.oneLine(
        root.getClass().getSimpleName() + (message == null ? "" : ": " + message), 160);
  }

  /**
   * {@code result} with its detail through {@link dev.apex.core.Secrets#redact}, {@code apiKey}
   * registered first (it already is once a client holds it), so no detail can leak the key or a
   * part of it. A success is returned as it is.
   */
  public static <T> LlmResult<T> redacted(LlmResult<T> result, String apiKey) {
    if (result.succeeded()) {
      return result;
    }
    dev.apex.core.Secrets.register(apiKey);
    return result.withDetail(dev.apex.core.Secrets.redact(result.detail()));
  }

  private static <T> LlmResult<T> failed(FailureReason reason, String detail) {
    return LlmResult.failed(reason, detail, LlmUsage.NONE);
  }
}
