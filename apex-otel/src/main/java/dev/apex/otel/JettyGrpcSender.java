package dev.apex.otel;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.common.export.Compressor;
import io.opentelemetry.sdk.common.export.GrpcResponse;
import io.opentelemetry.sdk.common.export.GrpcSender;
import io.opentelemetry.sdk.common.export.GrpcSenderConfig;
import io.opentelemetry.sdk.common.export.GrpcStatusCode;
import io.opentelemetry.sdk.common.export.MessageWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.eclipse.jetty.client.BufferingResponseListener;
import org.eclipse.jetty.client.BytesRequestContent;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.Response;
import org.eclipse.jetty.client.Result;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.http2.client.HTTP2Client;
import org.eclipse.jetty.http2.client.transport.HttpClientTransportOverHTTP2;
import org.eclipse.jetty.io.ClientConnector;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.util.thread.ScheduledExecutorScheduler;

/**
 * One OTLP/gRPC unary call per export, on Jetty's HTTP/2 client: {@code http://} is cleartext
 * HTTP/2 with prior knowledge (as collectors serve it), {@code https://} is TLS with ALPN. The
 * message goes length-prefixed (and compressed when the exporter asks), with the exporter's headers
 * ({@code OTEL_EXPORTER_OTLP_HEADERS}); the status is read from the trailers, or from the headers
 * of a trailers-only answer, or mapped from the HTTP status as gRPC does. The whole call is bounded
 * by the exporter's timeout; the reply by its size limit. Not retried here: a failed export is
 * dropped, as the SDK reports it. Threads are daemons, so a forgotten sender never holds the JVM.
 */
final class JettyGrpcSender implements GrpcSender {

  private static final int PREFIX = 5;

  private final GrpcSenderConfig config;
  private final HttpClient client;
  private final URI uri;

  JettyGrpcSender(GrpcSenderConfig config) {
    this.config = config;
    ClientConnector connector = new ClientConnector();
    connector.setConnectTimeout(config.getConnectTimeout());
    SslContextFactory.Client tls = new SslContextFactory.Client();
    if (config.getSslContext() != null) {
      tls.setSslContext(config.getSslContext());
    }
    connector.setSslContextFactory(tls);
    QueuedThreadPool threads = new QueuedThreadPool();
    threads.setName("apex-otlp-grpc");
    threads.setDaemon(true);
    connector.setExecutor(threads);
    connector.setScheduler(new ScheduledExecutorScheduler("apex-otlp-grpc-scheduler", true));
    this.client = new HttpClient(new HttpClientTransportOverHTTP2(new HTTP2Client(connector)));
    client.setExecutor(threads);
    String base = config.getEndpoint().toString().replaceAll("/+$", "");
    this.uri = URI.create(base + "/" + config.getFullMethodName());
    try {
      client.start();
    } catch (Exception e) {
      throw new IllegalStateException("could not start the OTLP gRPC client: " + e, e);
    }
  }

  @Override
  public void send(
      MessageWriter message, Consumer<GrpcResponse> onResponse, Consumer<Throwable> onError) {
    byte[] body;
    try {
      body = frame(message, config.getCompressor());
    } catch (IOException | RuntimeException e) {
      onError.accept(e);
      return;
    }
    Compressor compressor = config.getCompressor();
    client
        .newRequest(uri)
        .method(HttpMethod.POST)
        .version(HttpVersion.HTTP_2)
        .timeout(config.getTimeout().toMillis(), TimeUnit.MILLISECONDS)
        .headers(
            h -> {
              h.put("te", "trailers");
              if (compressor != null) {
                h.put("grpc-encoding", compressor.getEncoding());
              }
              config.getHeadersSupplier().get().forEach((k, vs) -> vs.forEach(v -> h.add(k, v)));
            })
        .body(new BytesRequestContent("application/grpc", body))
        .send(
            new BufferingResponseListener(
                (int) Math.min(Integer.MAX_VALUE - 8, config.getMaxResponseBodySize() + PREFIX)) {
              @Override
              public void onComplete(Result result) {
                if (result.isFailed()) {
                  onError.accept(result.getFailure());
                } else {
                  onResponse.accept(reply(result.getResponse(), getContent()));
                }
              }
            });
  }

  /** The gRPC message: a compressed flag, its length (big-endian), the bytes. */
  static byte[] frame(MessageWriter message, Compressor compressor) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(message.getContentLength() + PREFIX);
    if (compressor == null) {
      message.writeMessage(bytes);
    } else {
      try (OutputStream compressed = compressor.compress(bytes)) {
        message.writeMessage(compressed);
      }
    }
    byte[] payload = bytes.toByteArray();
    ByteBuffer framed = ByteBuffer.allocate(PREFIX + payload.length);
    framed.put((byte) (compressor == null ? 0 : 1)).putInt(payload.length).put(payload);
    return framed.array();
  }

  private static GrpcResponse reply(Response response, byte[] content) {
    if (response.getStatus() != 200) {
      return new Reply(fromHttp(response.getStatus()), "HTTP " + response.getStatus(), new byte[0]);
    }
    HttpFields trailers = response.getTrailers();
    String status = trailers == null ? null : trailers.get("grpc-status");
    String message = trailers == null ? null : trailers.get("grpc-message");
    if (status == null) {
      status = response.getHeaders().get("grpc-status");
      message = response.getHeaders().get("grpc-message");
    }
    GrpcStatusCode code;
    try {
      code =
          status == null
              ? GrpcStatusCode.UNKNOWN
              : GrpcStatusCode.fromValue(Integer.parseInt(status.strip()));
    } catch (NumberFormatException e) {
      code = GrpcStatusCode.UNKNOWN;
    }
    byte[] body =
        content == null || content.length < PREFIX
            ? new byte[0]
            : Arrays.copyOfRange(content, PREFIX, content.length);
    return new Reply(
        code,
        message == null
            ? null
            : URLDecoder.decode(message.replace("+", "%2B"), StandardCharsets.UTF_8),
        body);
  }

  /** What gRPC makes of an HTTP status other than 200. */
  static GrpcStatusCode fromHttp(int status) {
    return switch (status) {
      case 400 -> GrpcStatusCode.INTERNAL;
      case 401 -> GrpcStatusCode.UNAUTHENTICATED;
      case 403 -> GrpcStatusCode.PERMISSION_DENIED;
      case 404 -> GrpcStatusCode.UNIMPLEMENTED;
      case 429, 502, 503, 504 -> GrpcStatusCode.UNAVAILABLE;
      default -> GrpcStatusCode.UNKNOWN;
    };
  }

  @Override
  public CompletableResultCode shutdown() {
    try {
      client.stop();
      return CompletableResultCode.ofSuccess();
    } catch (Exception e) {
      return CompletableResultCode.ofFailure();
    }
  }

  private record Reply(GrpcStatusCode code, String description, byte[] message)
      implements GrpcResponse {
    @Override
    public GrpcStatusCode getStatusCode() {
      return code;
    }

    @Override
    public String getStatusDescription() {
      return description;
    }

    @Override
    public byte[] getResponseMessage() {
      return message.clone();
    }
  }
}
