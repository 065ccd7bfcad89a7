package dev.apex.mcp;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * An {@link ApexMcpServer} serving in this JVM over in-memory pipes, with the official SDK's sync
 * client talking to it: what {@code apex mcp} serves on stdio, without a child process. The bench
 * measures whole tasks through it ({@link McpTasks}); tests drive the server through it. Every wait
 * is bounded by the session's bound.
 *
 * <pre>{@code
 * try (InProcessSession session = InProcessSession.connect(options, BOUND, spec -> {})) {
 *   session.client().callTool(new McpSchema.CallToolRequest("describe_screen", Map.of()));
 * }
 * }</pre>
 */
public final class InProcessSession implements AutoCloseable {

  private final ApexMcpServer server;
  private final McpSyncClient client;
  private final StreamClientTransport transport;
  private final Duration bound;
  private final CompletableFuture<Void> served = new CompletableFuture<>();
  private final Pipe toServer = new Pipe();
  private final Pipe toClient = new Pipe();

  /**
   * @param client how the client is set up (its elicitation, its change listeners), or null for
   *     none: the caller then speaks the protocol itself on {@link #stdin()} and {@link #stdout()}
   */
  InProcessSession(
      ApexMcpServer.Options options, Duration bound, Consumer<McpClient.SyncSpec> client) {
    this.bound = Objects.requireNonNull(bound, "bound");
    this.server = new ApexMcpServer(options);
    Thread serving =
        new Thread(
            () -> {
              try {
                server.serve(toServer.source(), toClient.sink());
                served.complete(null);
              } catch (Throwable e) {
                served.completeExceptionally(e);
              }
            },
            "apex-mcp-in-process");
    serving.setDaemon(true);
    serving.start();
    if (client == null) {
      this.transport = null;
      this.client = null;
      return;
    }
    this.transport =
        new StreamClientTransport(McpJsonDefaults.getMapper(), toClient.source(), toServer.sink());
    McpClient.SyncSpec spec =
        McpClient.sync(transport)
            .clientInfo(new McpSchema.Implementation("apex-in-process-client", "1.0"))
            .requestTimeout(bound)
            .initializationTimeout(bound);
    client.accept(spec);
    McpSyncClient built = spec.build();
    try {
      built.initialize();
    } catch (RuntimeException e) {
      built.closeGracefully();
      throw e;
    }
    this.client = built;
  }

  /**
   * Starts serving {@code options} and connects an initialized SDK client to it.
   *
   * @param bound the longest any one request, or the server's end on close, may take
   * @param client sets the client up (elicitation, listeners) before it is built
   */
  public static InProcessSession connect(
      ApexMcpServer.Options options, Duration bound, Consumer<McpClient.SyncSpec> client) {
    return new InProcessSession(options, bound, Objects.requireNonNull(client, "client"));
  }

  /** The connected, initialized client (null for a session served raw). */
  public McpSyncClient client() {
    return client;
  }

  ApexMcpServer server() {
    return server;
  }

  StreamClientTransport transport() {
    return transport;
  }

  /** The server's stdin, for a session with no client. */
  OutputStream stdin() {
    return toServer.sink();
  }

  /** The server's stdout, for a session with no client. */
  InputStream stdout() {
    return toClient.source();
  }

  /** Ends the server's input, as a client that closes its end of the pipe. */
  void closeStdin() {
    toServer.close();
  }

  /** Ends what is read of the server's output. */
  void closeStdout() {
    toClient.close();
  }

  /** How {@code serve} ended: normally, or with what it threw. */
  CompletableFuture<Void> serving() {
    return served;
  }

  /** Closes the client's output (the server's input) and waits, bounded, for the server to end. */
  @Override
  public void close() {
    if (!served.isDone()) {
      if (client != null) {
        client.closeGracefully();
      } else {
        closeStdin();
      }
      served.orTimeout(bound.toMillis(), TimeUnit.MILLISECONDS).exceptionally(e -> null).join();
    }
  }
}
