package dev.apex.llm;

import java.util.Objects;

/**
 * An {@link LlmClient} on a {@link ModelTransport}: a provider's structured client says only how to
 * send one request and read its reply ({@link #exchange}); the transport keeps the call within
 * {@link LlmRequest#budget()}, retries included, and redacts its failures. Thread-safe when the
 * transport is.
 *
 * @param <S> the SDK service the exchange calls
 * @param <O> the SDK's per-request options
 */
public abstract class SdkLlmClient<S, O> implements LlmClient {

  private final ModelTransport<S, O> transport;

  protected SdkLlmClient(ModelTransport<S, O> transport) {
    this.transport = Objects.requireNonNull(transport, "transport");
  }

  @Override
  public final <T> LlmResult<T> complete(LlmRequest request, Class<T> outputType) {
    Objects.requireNonNull(request, "request");
    Objects.requireNonNull(outputType, "outputType");
    return transport.call(
        ModelCall.Shape.of(request), request.budget(), exchange(request, outputType));
  }

  /** The request for {@code request}, its reply read as {@code outputType}. */
  protected abstract <T> ModelTransport.Exchange<S, O, T> exchange(
      LlmRequest request, Class<T> outputType);

  @Override
  public final void close() {
    transport.close();
  }
}
