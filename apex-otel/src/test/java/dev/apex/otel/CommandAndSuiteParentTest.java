package dev.apex.otel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.device.Device;
import dev.apex.device.sim.SimDevice;
import dev.apex.runtime.TaskListener;
import dev.apex.testkit.otlp.OtlpReceiver;
import dev.apex.testkit.otlp.OtlpReceiver.Received;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A command that starts no task ({@code apex describe}) is one span over its device commands, not a
 * root per command; a device closed after its task makes no trace of its own; a suite's own
 * listener puts its tasks under it whichever suite opened last (JUnit's classes side by side).
 */
class CommandAndSuiteParentTest {

  private static RunTracer tracer(OtlpReceiver collector) {
    return RunTracer.fromEnvironment(collector.env(), notice -> {});
  }

  @Test
  void aCommandsDeviceCommandsAreChildrenOfItsSpanAndItsFailureKeepsItsType() throws Exception {
    try (OtlpReceiver collector = OtlpReceiver.start()) {
      RunTracer tracer = tracer(collector);
      try (tracer) {
        int elements =
            tracer.command(
                "describe",
                () -> {
                  try (Device device = tracer.device(SimDevice.create())) {
                    return device.captureTree().tree().length;
                  }
                });
        assertThat(elements).isPositive();
        assertThatThrownBy(
                () ->
                    tracer.command(
                        "describe",
                        () -> {
                          throw new dev.apex.core.InvalidInputException("no such dump");
                        }))
            .isExactlyInstanceOf(dev.apex.core.InvalidInputException.class)
            .hasMessage("no such dump");
      }

      List<Received> spans = collector.spans();
      List<Received> describes = named(spans, "apex.describe");
      assertThat(describes).hasSize(2);
      Received ok = describes.get(0);
      assertThat(ok.parentSpanId()).isEmpty();
      assertThat(ok.attr("apex.command")).isEqualTo("describe");
      assertThat(ok.statusCode()).isZero();
      List<Received> device =
          spans.stream().filter(s -> s.name().startsWith("apex.device.")).toList();
      assertThat(device)
          .extracting(Received::name)
          .containsExactly("apex.device.capture_tree", "apex.device.close");
      assertThat(device).allMatch(d -> d.parentSpanId().equals(ok.spanId()));
      Received failed = describes.get(1);
      assertThat(failed.statusCode()).isEqualTo(2);
      assertThat(failed.attr("error.type"))
          .isEqualTo(dev.apex.core.InvalidInputException.class.getName());
    }
  }

  @Test
  void aDeviceClosedAfterItsTaskEndedMakesNoRootSpan() throws Exception {
    try (OtlpReceiver collector = OtlpReceiver.start()) {
      RunTracer tracer = tracer(collector);
      try (tracer) {
        TaskListener listener = tracer.listener(false);
        Device device = tracer.device(SimDevice.create());
        TaskId id = TaskId.random();
        listener.taskStarted(id, "sim", "g");
        device.captureTree();
        listener.taskFinished(id, TaskStatus.SUCCEEDED, "done");
        device.close();
      }

      List<Received> spans = collector.spans();
      assertThat(spans).extracting(Received::name).doesNotContain("apex.device.close");
      assertThat(spans)
          .filteredOn(s -> s.parentSpanId().isEmpty())
          .extracting(Received::name)
          .containsExactly("apex.task");
    }
  }

  @Test
  void aSuitesOwnListenerPutsItsTasksUnderItWhicheverSuiteOpenedLast() throws Exception {
    try (OtlpReceiver collector = OtlpReceiver.start()) {
      RunTracer tracer = tracer(collector);
      TaskId first = TaskId.random();
      TaskId second = TaskId.random();
      try (tracer) {
        RunTracer.SuiteSpan a = tracer.suite("ATest");
        RunTracer.SuiteSpan b = tracer.suite("BTest");
        TaskListener ofA = a.listener(false);
        ofA.taskStarted(first, "sim", "g");
        ofA.taskFinished(first, TaskStatus.SUCCEEDED, "done");
        b.listener(false).taskStarted(second, "sim", "g");
        b.listener(false).taskFinished(second, TaskStatus.SUCCEEDED, "done");
        a.close();
        b.close();
      }

      List<Received> spans = collector.spans();
      Received a = bySuite(spans, "ATest");
      Received b = bySuite(spans, "BTest");
      assertThat(byTask(spans, first).parentSpanId()).isEqualTo(a.spanId());
      assertThat(byTask(spans, second).parentSpanId()).isEqualTo(b.spanId());
    }
  }

  private static List<Received> named(List<Received> spans, String name) {
    return spans.stream().filter(s -> s.name().equals(name)).toList();
  }

  private static Received bySuite(List<Received> spans, String name) {
    return spans.stream()
        .filter(s -> name.equals(s.attr("apex.suite.name")))
        .findFirst()
        .orElseThrow();
  }

  private static Received byTask(List<Received> spans, TaskId id) {
    return spans.stream()
        .filter(s -> id.toString().equals(s.attr("apex.task.id")))
        .findFirst()
        .orElseThrow();
  }
}
