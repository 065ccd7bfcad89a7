package dev.apex.testkit.otlp;

import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An OTLP/HTTP trace receiver on loopback: {@code POST /v1/traces} with an {@code
 * ExportTraceServiceRequest} in protobuf, decoded with the OpenTelemetry protocol's own classes,
 * answered 200 with an empty response, as a collector does. Keeps every span it received.
 */
public final class OtlpReceiver implements AutoCloseable {

  /** A received span, its ids in hex and its attributes as strings. */
  public record Received(
      String name,
      String traceId,
      String spanId,
      String parentSpanId,
      int kind,
      int statusCode,
      Map<String, String> attributes,
      Map<String, String> resource) {

    /** The attribute {@code key} as a string, or null when the span has none. */
    public String attr(String key) {
      return attributes.get(key);
    }
  }

  /**
   * Keeps the spans of the export requests it is given, whatever carried them (the gRPC receiver of
   * a test that runs one hands it what it decoded).
   */
  public static final class Sink {
    private final List<Received> spans = new CopyOnWriteArrayList<>();

    /** Keeps the spans of {@code request}. */
    public void accept(ExportTraceServiceRequest request) {
      for (ResourceSpans resourceSpans : request.getResourceSpansList()) {
        Map<String, String> resource = strings(resourceSpans.getResource().getAttributesList());
        for (ScopeSpans scope : resourceSpans.getScopeSpansList()) {
          for (Span span : scope.getSpansList()) {
            spans.add(received(span, resource));
          }
        }
      }
    }

    /** Every span kept so far, in the order received. */
    public List<Received> spans() {
      return new ArrayList<>(spans);
    }
  }

  private final HttpServer server;
  private final Sink sink = new Sink();
  private final List<String> contentTypes = new CopyOnWriteArrayList<>();

  private OtlpReceiver(HttpServer server) {
    this.server = server;
  }

  /** A receiver on a free loopback port. */
  public static OtlpReceiver start() throws IOException {
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    OtlpReceiver receiver = new OtlpReceiver(server);
    server.createContext(
        "/v1/traces",
        exchange -> {
          try (InputStream in = exchange.getRequestBody()) {
            receiver.contentTypes.add(
                String.valueOf(exchange.getRequestHeaders().getFirst("Content-Type")));
            receiver.accept(ExportTraceServiceRequest.parseFrom(in.readNBytes(16 << 20)));
            byte[] reply = ExportTraceServiceResponse.getDefaultInstance().toByteArray();
            exchange.getResponseHeaders().set("Content-Type", "application/x-protobuf");
            exchange.sendResponseHeaders(200, reply.length == 0 ? -1 : reply.length);
            try (OutputStream out = exchange.getResponseBody()) {
              out.write(reply);
            }
          } catch (IOException | RuntimeException e) {
            exchange.sendResponseHeaders(400, -1);
          } finally {
            exchange.close();
          }
        });
    server.start();
    return receiver;
  }

  /** The endpoint as {@code OTEL_EXPORTER_OTLP_ENDPOINT} takes it. */
  public String endpoint() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /**
   * The environment that sends a process's traces here: {@code OTEL_EXPORTER_OTLP_ENDPOINT} and
   * {@code OTEL_EXPORTER_OTLP_PROTOCOL=http/protobuf}.
   */
  public java.util.Map<String, String> env() {
    return java.util.Map.of(
        "OTEL_EXPORTER_OTLP_ENDPOINT", endpoint(), "OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf");
  }

  /** Keeps the spans of {@code request}. */
  public void accept(ExportTraceServiceRequest request) {
    sink.accept(request);
  }

  /** Every span received so far, in the order received. */
  public List<Received> spans() {
    return sink.spans();
  }

  private static Received received(Span span, Map<String, String> resource) {
    return new Received(
        span.getName(),
        hex(span.getTraceId().toByteArray()),
        hex(span.getSpanId().toByteArray()),
        hex(span.getParentSpanId().toByteArray()),
        span.getKindValue(),
        span.getStatus().getCodeValue(),
        strings(span.getAttributesList()),
        resource);
  }

  /** The {@code Content-Type} of each export request. */
  public List<String> contentTypes() {
    return new ArrayList<>(contentTypes);
  }

  static Map<String, String> strings(List<KeyValue> values) {
    Map<String, String> out = new HashMap<>();
    for (KeyValue kv : values) {
      out.put(kv.getKey(), text(kv.getValue()));
    }
    return out;
  }

  private static String text(AnyValue value) {
    return switch (value.getValueCase()) {
      case STRING_VALUE -> value.getStringValue();
      case INT_VALUE -> Long.toString(value.getIntValue());
      case BOOL_VALUE -> Boolean.toString(value.getBoolValue());
      case DOUBLE_VALUE -> Double.toString(value.getDoubleValue());
      default -> value.toString();
    };
  }

  private static String hex(byte[] bytes) {
    return bytes.length == 0 ? "" : HexFormat.of().formatHex(bytes);
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
