package dev.apex.otel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.Secrets;
import dev.apex.core.TaskId;
import dev.apex.runtime.TaskListener;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/**
 * A collector that is down: the SDK's failed export is one line among the shell's notices, not a
 * stack trace on stderr, and the exporter's header credentials are secrets.
 */
class SdkLogTest {

  @Test
  void aCollectorThatIsDownIsOneNoticeLineAndNoStackTrace()
      throws IOException, InterruptedException {
    int port;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    }
    BlockingQueue<String> notices = new LinkedBlockingQueue<>();
    RunTracer tracer =
        RunTracer.fromEnvironment(
            Map.of(
                "OTEL_EXPORTER_OTLP_ENDPOINT",
                "http://127.0.0.1:" + port,
                "OTEL_EXPORTER_OTLP_PROTOCOL",
                "http/protobuf",
                "OTEL_JAVA_EXPORTER_OTLP_RETRY_DISABLED",
                "true",
                "OTEL_EXPORTER_OTLP_HEADERS",
                "authorization=Bearer sdklog-token-4d9c1e,x-team=team-key-77aa31"),
            notices::add);
    TaskListener listener = tracer.listener(false);
    TaskId id = TaskId.random();
    listener.taskStarted(id, "sim", "a goal");

    tracer.close();

    // Without retries the exporter says it failed at once, whatever close's deadline.
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    List<String> seen = new ArrayList<>();
    while (seen.stream().noneMatch(n -> n.startsWith("traces: Failed to export"))) {
      String next = notices.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
      if (next == null) {
        break;
      }
      seen.add(next);
    }
    notices.drainTo(seen);
    assertThat(seen).anyMatch(n -> n.startsWith("traces: Failed to export"));
    assertThat(seen).allMatch(n -> !n.contains("\n"));
    assertThat(String.join(" ", seen)).doesNotContain("sdklog-token-4d9c1e");
    assertThat(Logger.getLogger(SdkLog.ROOT).getUseParentHandlers()).isFalse();
    assertThat(Secrets.redact("Bearer sdklog-token-4d9c1e and team-key-77aa31"))
        .doesNotContain("sdklog-token-4d9c1e")
        .doesNotContain("team-key-77aa31");
  }
}
