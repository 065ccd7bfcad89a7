package dev.apex.llm;

import java.util.Objects;

/**
 * Hears every model call a {@link ModelTransport} makes, in this process: a tracer opens a span
 * when one starts and ends it with the result. There is one listener at a time ({@link #install});
 * by default none, and then a call costs one volatile read.
 *
 * <p>Called on the caller's thread, before and after the call. Implementations must be fast and
 * must not throw; the transport ignores (and logs) what one throws, so a broken listener never
 * fails a call.
 */
public interface ModelCallListener {

  /** Hears nothing. */
  ModelCallListener NONE = call -> Call.NONE;

  /** A call is about to be made; the returned {@link Call} hears how it ended. */
  Call started(ModelCall call);

  /** One call in progress. */
  interface Call {

    /** Hears nothing. */
    Call NONE = result -> {};

    /**
     * The call ended: {@code result} holds its usage, attempts and, on failure, the reason (its
     * detail redacted). Called once.
     */
    void ended(LlmResult<?> result);
  }

  /**
   * Makes {@code listener} hear every call from now on, in place of the one before; closing the
   * returned handle puts the one before back.
   */
  static AutoCloseable install(ModelCallListener listener) {
    Objects.requireNonNull(listener, "listener");
    ModelCallListener before = ModelCalls.swap(listener);
    return () -> ModelCalls.swap(before);
  }
}
