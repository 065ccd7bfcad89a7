package dev.apex.otel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.device.sim.SimDevice;
import dev.apex.perception.OcrEngine;
import dev.apex.runtime.agent.Agent;
import dev.apex.runtime.flow.Flow;
import dev.apex.testkit.otlp.OtlpReceiver;
import dev.apex.tools.ToolRegistry;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http2.server.HTTP2CServerConnectionFactory;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * OTLP over gRPC, the protocol's default: a flow run's spans reach a loopback gRPC collector
 * (cleartext HTTP/2, as collectors serve port 4317), which decodes each length-prefixed {@code
 * TraceService/Export} message with the protocol's own classes and answers {@code grpc-status: 0}
 * in the trailers; with the collector answering an error status, the run still ends as it would.
 */
class OtlpGrpcTest {

  private static final String METHOD =
      "/opentelemetry.proto.collector.trace.v1.TraceService/Export";

  private Server server;
  private ServerConnector connector;
  private final OtlpReceiver.Sink received = new OtlpReceiver.Sink();
  private final List<String> paths = new CopyOnWriteArrayList<>();
  private final List<String> headers = new CopyOnWriteArrayList<>();
  private volatile int grpcStatus;

  @BeforeEach
  void start() throws Exception {
    server = new Server();
    connector = new ServerConnector(server, new HTTP2CServerConnectionFactory());
    connector.setHost("127.0.0.1");
    server.addConnector(connector);
    server.setHandler(
        new Handler.Abstract() {
          @Override
          public boolean handle(Request request, Response response, Callback callback)
              throws Exception {
            paths.add(request.getHttpURI().getPath());
            headers.add(String.valueOf(request.getHeaders().get("authorization")));
            try (InputStream in = Request.asInputStream(request)) {
              byte[] framed = in.readNBytes(16 << 20);
              byte[] message = java.util.Arrays.copyOfRange(framed, 5, framed.length);
              received.accept(ExportTraceServiceRequest.parseFrom(message));
            }
            byte[] reply = ExportTraceServiceResponse.getDefaultInstance().toByteArray();
            ByteBuffer framed = ByteBuffer.allocate(5 + reply.length);
            framed.put((byte) 0).putInt(reply.length).put(reply).flip();
            int status = grpcStatus;
            response.setStatus(200);
            response.getHeaders().put("content-type", "application/grpc");
            response.setTrailersSupplier(
                () -> HttpFields.build().put("grpc-status", String.valueOf(status)));
            response.write(true, framed, callback);
            return true;
          }
        });
    server.start();
  }

  @AfterEach
  void stop() throws Exception {
    server.stop();
  }

  private dev.apex.runtime.agent.AgentOutcome runFlow(
      Map<String, String> env, List<String> notices) {
    RunTracer tracer = RunTracer.fromEnvironment(env, notices::add);
    try (tracer;
        Agent agent =
            Agent.builder()
                .device(tracer.device(SimDevice.create()))
                .ocr(OcrEngine.NONE)
                .listener(tracer.listener(false))
                .noTimeline()
                .build()) {
      return agent.run(
          Flow.parse(
              "name: t\nsteps:\n  - launch_app: com.android.settings\n",
              "t.yaml",
              ToolRegistry.defaultRegistry()));
    }
  }

  private Map<String, String> env() {
    return Map.of(
        "OTEL_EXPORTER_OTLP_ENDPOINT",
        "http://127.0.0.1:" + connector.getLocalPort(),
        "OTEL_EXPORTER_OTLP_HEADERS",
        "authorization=Bearer t0ken");
  }

  @Test
  void withNoProtocolNamedTheSpansGoOverGrpcWithTheExportersHeaders() {
    List<String> notices = new CopyOnWriteArrayList<>();

    runFlow(env(), notices);

    assertThat(notices).isEmpty();
    assertThat(paths).isNotEmpty().allMatch(METHOD::equals);
    assertThat(headers).allMatch("Bearer t0ken"::equals);
    List<OtlpReceiver.Received> spans = received.spans();
    OtlpReceiver.Received task =
        spans.stream().filter(s -> s.name().equals(Names.TASK)).findFirst().orElseThrow();
    assertThat(task.attr("apex.task.status")).isEqualTo("SUCCEEDED");
    assertThat(spans)
        .filteredOn(s -> s.name().equals(Names.STEP))
        .singleElement()
        .satisfies(s -> assertThat(s.parentSpanId()).isEqualTo(task.spanId()));
    assertThat(spans).anyMatch(s -> s.name().equals("apex.device.launch_app"));
  }

  @Test
  void aCollectorThatAnswersAnErrorStatusCostsTheSpansNotTheRun() {
    grpcStatus = 14;
    List<String> notices = new CopyOnWriteArrayList<>();

    dev.apex.runtime.agent.AgentOutcome outcome = runFlow(env(), notices);

    assertThat(paths).isNotEmpty();
    assertThat(outcome.status()).isEqualTo(dev.apex.core.TaskStatus.SUCCEEDED);
    // The lost spans are told in one line each, never a stack trace; nothing else is said.
    assertThat(notices)
        .allMatch(n -> n.startsWith("traces: Failed to export") && !n.contains("\n"));
  }
}
