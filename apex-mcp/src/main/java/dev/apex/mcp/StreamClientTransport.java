package dev.apex.mcp;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import reactor.core.publisher.Mono;

/**
 * An MCP client transport over a pair of streams, one JSON-RPC message per line, as the stdio
 * transport frames them: what the SDK's client needs to talk to an {@link ApexMcpServer} serving in
 * the same JVM (SDK 2.1.0 has no in-memory client transport). Closing it closes the output: the
 * server's end of input.
 */
final class StreamClientTransport implements McpClientTransport {

  private final McpJsonMapper json;
  private final InputStream in;
  private final OutputStream out;
  private final List<String> received = new CopyOnWriteArrayList<>();
  private final List<String> unreadable = new CopyOnWriteArrayList<>();
  private volatile boolean closing;

  StreamClientTransport(McpJsonMapper json, InputStream in, OutputStream out) {
    this.json = json;
    this.in = in;
    this.out = out;
  }

  @Override
  public Mono<Void> connect(
      Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
    return Mono.fromRunnable(
        () -> {
          Thread reader = new Thread(() -> read(handler), "apex-mcp-client-reader");
          reader.setDaemon(true);
          reader.start();
        });
  }

  private void read(
      Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
    try (BufferedReader lines = new BufferedReader(new InputStreamReader(in, UTF_8))) {
      String line;
      while (!closing && (line = lines.readLine()) != null) {
        received.add(line);
        if (line.isBlank()) {
          continue;
        }
        McpSchema.JSONRPCMessage message;
        try {
          message = McpSchema.deserializeJsonRpcMessage(json, line);
        } catch (IOException | RuntimeException e) {
          // The SDK cannot read a response whose id is null (a JSON-RPC parse error's): its own
          // stdio client stops reading there. Skip it, so a caller can check what comes after.
          unreadable.add(line);
          continue;
        }
        handler.apply(Mono.just(message)).subscribe();
      }
    } catch (IOException e) {
      if (!closing) {
        throw new UncheckedIOException("the in-process client could not read the server", e);
      }
    }
  }

  /** Every line the server wrote, in order. */
  List<String> received() {
    return received;
  }

  /** The lines the SDK could not read as a message, in order. */
  List<String> unreadable() {
    return unreadable;
  }

  /** Writes {@code line} and a newline to the server as it is, between the client's messages. */
  void sendRaw(String line) throws IOException {
    synchronized (out) {
      out.write((line + "\n").getBytes(UTF_8));
      out.flush();
    }
  }

  @Override
  public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
    return Mono.fromRunnable(
        () -> {
          try {
            byte[] line = (json.writeValueAsString(message) + "\n").getBytes(UTF_8);
            synchronized (out) {
              out.write(line);
              out.flush();
            }
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        });
  }

  @Override
  public Mono<Void> closeGracefully() {
    return Mono.fromRunnable(
        () -> {
          closing = true;
          try {
            out.close();
          } catch (IOException e) {
            // Closed already: the server has its end of input either way.
          }
        });
  }

  @Override
  public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
    return json.convertValue(data, type);
  }
}
