package dev.apex.llm;

import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * A scripted SDK for {@link ModelTransport}: each attempt runs the next step with the time it was
 * given (the options are the time left itself), and the steps throw this SDK's own exceptions the
 * way a real one does. The failure mapping is the shape every provider's is: a status, an I/O
 * error, a reply that could not be read, anything else.
 */
final class FakeSdk {

  /** What this SDK raises; anything else is not its own. */
  static class SdkException extends RuntimeException {
    SdkException(String message, Throwable cause) {
      super(message, cause);
    }
  }

  /** An HTTP error response. */
  static final class StatusException extends SdkException {
    final int status;
    final Map<String, String> headers;

    StatusException(int status, Map<String, String> headers) {
      this(status, headers, "HTTP " + status);
    }

    /**
     * @param detail the one line the provider's mapping writes
     */
    StatusException(int status, Map<String, String> headers, String detail) {
      super(detail, null);
      this.status = status;
      this.headers = headers;
    }
  }

  /** The connection failed. */
  static final class IoException extends SdkException {
    IoException(Throwable cause) {
      super("I/O", cause);
    }
  }

  /** A reply that could not be read (as a body cut off by the deadline is reported). */
  static final class GarbageException extends SdkException {
    GarbageException(Throwable cause) {
      super("unreadable body", cause);
    }
  }

  final List<Duration> given = new ArrayList<>();
  private final Deque<Function<Duration, LlmResult<String>>> steps = new ArrayDeque<>();
  boolean closed;

  /** Runs {@code steps} in order, one an attempt. */
  @SafeVarargs
  final FakeSdk script(Function<Duration, LlmResult<String>>... steps) {
    this.steps.addAll(List.of(steps));
    return this;
  }

  /** The SDK as a provider hands it to the transport. */
  ModelSdk<FakeSdk, Duration> sdk() {
    return new ModelSdk<>(this, left -> left, FakeSdk::failure, () -> closed = true);
  }

  /** One exchange: the next step, given the attempt's time left. */
  LlmResult<String> send(Duration timeLeft) {
    given.add(timeLeft);
    return steps.removeFirst().apply(timeLeft);
  }

  static Optional<SdkFailure> failure(RuntimeException thrown) {
    if (thrown instanceof StatusException e) {
      return Optional.of(new SdkFailure.Status(e.status, e.getMessage(), e.headers::get));
    }
    if (!(thrown instanceof SdkException e)) {
      return Optional.empty();
    }
    if (e instanceof IoException) {
      return Optional.of(new SdkFailure.Io(e));
    }
    if (e instanceof GarbageException) {
      return Optional.of(new SdkFailure.Unreadable("a fake reply", e));
    }
    return Optional.of(new SdkFailure.Other(e));
  }

  static LlmResult<String> ok(Duration left) {
    return LlmResult.ok("done", LlmUsage.NONE, 0);
  }

  static Function<Duration, LlmResult<String>> status(int status, Map<String, String> headers) {
    return left -> {
      throw new StatusException(status, headers);
    };
  }

  static LlmResult<String> refused(Duration left) {
    throw new IoException(new ConnectException("Connection refused"));
  }

  /** The HTTP client's call timeout as OkHttp raises it, wrapped the way an SDK does. */
  static InterruptedIOException timeout() {
    return new InterruptedIOException("timeout");
  }
}
