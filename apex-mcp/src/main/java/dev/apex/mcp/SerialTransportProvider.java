package dev.apex.mcp;

import dev.apex.core.Text;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransport;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import reactor.core.publisher.Mono;

/**
 * The SDK's transport with two things added: messages reach it one at a time, and its death is
 * told.
 *
 * <p>The SDK's stdio transport hands each outgoing message to a Reactor unicast sink, which must be
 * signalled serially. Replies are finished on different threads (a tool call's worker, the reader
 * answering a {@code ping}); when two reach the sink at once it fails the send, and the SDK then
 * stops its stdio threads without a word: the server goes deaf. Every message the server sends
 * (results, errors, notifications, its own requests such as an elicitation) goes through {@link
 * McpServerTransport#sendMessage} of the session's transport, which is the one this provider gives
 * the session; so the lock here is the one place no message can skip.
 *
 * <p>A send that fails anyway, or the session's transport closing (the SDK closes it when it gives
 * the session up), is reported to {@code stopped}, with why, on the thread that saw it; the server
 * keeps the first and tells it apart from the normal end of stdin itself. A write to stdout that
 * fails is not seen here (the SDK's writer then takes later sends and drops them): {@link
 * StdioGuard.Out} reports it.
 *
 * <p>Error answers pass {@link ErrorAnswers} on their way out, so a client never reads a Java
 * class.
 */
final class SerialTransportProvider implements McpServerTransportProvider {

  private final McpServerTransportProvider delegate;
  private final Consumer<String> stopped;
  private final Consumer<String> log;
  private final Object sending = new Object();

  /**
   * @param delegate the SDK's transport provider
   * @param stopped told why the transport stopped: a send it failed, or its session closed; fast,
   *     never throws
   * @param log receives, redacted, the detail of an error answer {@link ErrorAnswers} rewrote
   */
  SerialTransportProvider(
      McpServerTransportProvider delegate, Consumer<String> stopped, Consumer<String> log) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
    this.stopped = Objects.requireNonNull(stopped, "stopped");
    this.log = Objects.requireNonNull(log, "log");
  }

  @Override
  public void setSessionFactory(McpServerSession.Factory factory) {
    delegate.setSessionFactory(transport -> factory.create(new Serial(transport)));
  }

  @Override
  public Mono<Void> notifyClients(String method, Object params) {
    // The SDK sends these through the session, that is through Serial.
    return delegate.notifyClients(method, params);
  }

  @Override
  public Mono<Void> closeGracefully() {
    return delegate.closeGracefully();
  }

  @Override
  public void close() {
    delegate.close();
  }

  @Override
  public List<String> protocolVersions() {
    return delegate.protocolVersions();
  }

  /** The session's transport, one message at a time. */
  private final class Serial implements McpServerTransport {
    private final McpServerTransport transport;

    Serial(McpServerTransport transport) {
      this.transport = transport;
    }

    /**
     * Hands {@code message}, an error answer put in the client's terms ({@link ErrorAnswers}), to
     * the SDK's transport under the lock. Its send is subscribed, and so the sink signalled, inside
     * the lock: once the transport is ready (before any message was read) that happens on the
     * subscribing thread.
     */
    @Override
    public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
      McpSchema.JSONRPCMessage sent = ErrorAnswers.inClientTerms(message);
      if (sent != message) {
        log.accept(
            "apex mcp: answered "
                + ((McpSchema.JSONRPCResponse) sent).error().code()
                + " in the client's terms; the SDK said: "
                + Text.oneLine(
                    McpResults.redact(((McpSchema.JSONRPCResponse) message).error().message()),
                    300));
      }
      return Mono.<Void>create(
              done -> {
                synchronized (sending) {
                  transport.sendMessage(sent).subscribe(null, done::error, done::success);
                }
              })
          .doOnError(e -> stopped.accept("it could not send a message (" + oneLine(e) + ")"));
    }

    @Override
    public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
      return transport.unmarshalFrom(data, type);
    }

    /** Told as a stop too: the SDK closes a session's transport when it gives the session up. */
    @Override
    public Mono<Void> closeGracefully() {
      return transport.closeGracefully().doFinally(signal -> stopped.accept("its session closed"));
    }

    @Override
    public void close() {
      transport.close();
      stopped.accept("its session closed");
    }

    @Override
    public List<String> protocolVersions() {
      return transport.protocolVersions();
    }
  }

  private static String oneLine(Throwable e) {
    String line = McpResults.oneLine(e);
    return e.getCause() == null ? line : line + ": " + McpResults.oneLine(e.getCause());
  }
}
