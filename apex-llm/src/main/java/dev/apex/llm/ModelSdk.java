package dev.apex.llm;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * One provider's SDK as {@link ModelTransport} uses it: the parts a provider module supplies, and
 * all it supplies besides its requests and replies. The transport does the rest the same way for
 * every provider (the deadline, the retries, the redaction, the close).
 *
 * @param <S> the SDK service the clients' exchanges call (the Messages API, Chat Completions)
 * @param <O> the SDK's per-request options
 * @param service the service, taken once from the SDK client
 * @param options one attempt's request options from the time left in the call: every HTTP timeout
 *     (connect, read, write and the whole request) set to it, so no attempt outlives the call's
 *     deadline, even against a server that trickles its reply
 * @param failures the provider's failure mapping: what a thrown exception means, empty for one the
 *     SDK did not raise (which then propagates)
 * @param close releases the SDK client's connections and threads
 */
public record ModelSdk<S, O>(
    S service,
    Function<Duration, O> options,
    Function<RuntimeException, Optional<SdkFailure>> failures,
    Runnable close) {

  public ModelSdk {
    Objects.requireNonNull(service, "service");
    Objects.requireNonNull(options, "options");
    Objects.requireNonNull(failures, "failures");
    Objects.requireNonNull(close, "close");
  }
}
