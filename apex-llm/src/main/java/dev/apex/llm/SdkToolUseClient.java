package dev.apex.llm;

import java.util.Objects;

/**
 * A {@link ToolUseClient} on a {@link ModelTransport}: a provider's tool-use client says only how
 * to send one turn and read its tool call ({@link #exchange}); the transport keeps the turn within
 * {@link ToolUseRequest#budget()}, retries included, and redacts its failures. Thread-safe when the
 * transport is.
 *
 * @param <S> the SDK service the exchange calls
 * @param <O> the SDK's per-request options
 */
public abstract class SdkToolUseClient<S, O> implements ToolUseClient {

  private final ModelTransport<S, O> transport;

  protected SdkToolUseClient(ModelTransport<S, O> transport) {
    this.transport = Objects.requireNonNull(transport, "transport");
  }

  @Override
  public final LlmResult<ToolCall> next(ToolUseRequest request) {
    Objects.requireNonNull(request, "request");
    return transport.call(ModelCall.Shape.of(request), request.budget(), exchange(request));
  }

  /** The turn for {@code request}, its reply read as the one tool call. */
  protected abstract ModelTransport.Exchange<S, O, ToolCall> exchange(ToolUseRequest request);

  @Override
  public final void close() {
    transport.close();
  }
}
