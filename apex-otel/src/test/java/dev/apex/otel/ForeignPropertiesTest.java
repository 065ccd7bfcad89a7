package dev.apex.otel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.runtime.TaskListener;
import dev.apex.testkit.otlp.OtlpReceiver;
import org.junit.jupiter.api.Test;

/**
 * A library in the same JVM that configures OpenTelemetry for itself through system properties
 * (Selenium sets {@code otel.traces.exporter=none} when it opens a browser driver) does not send
 * apex's spans nowhere: apex's {@code OTEL_*} settings decide its exporter.
 */
class ForeignPropertiesTest {

  @Test
  void seleniumsExporterNoneDoesNotSilenceApexsTraces() throws Exception {
    String before = System.getProperty("otel.traces.exporter");
    System.setProperty("otel.traces.exporter", "none");
    try (OtlpReceiver collector = OtlpReceiver.start()) {
      RunTracer tracer = RunTracer.fromEnvironment(collector.env(), notice -> {});
      TaskListener listener = tracer.listener(false);
      TaskId id = TaskId.random();
      listener.taskStarted(id, "web", "a goal");
      listener.taskFinished(id, TaskStatus.SUCCEEDED, "done");
      tracer.close();

      assertThat(collector.spans())
          .singleElement()
          .satisfies(s -> assertThat(s.attr("apex.task.id")).isEqualTo(id.toString()));
    } finally {
      if (before == null) {
        System.clearProperty("otel.traces.exporter");
      } else {
        System.setProperty("otel.traces.exporter", before);
      }
    }
  }
}
