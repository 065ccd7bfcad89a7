package dev.apex.otel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.TaskId;
import dev.apex.device.Device;
import dev.apex.device.Gestures;
import dev.apex.device.sim.SimDevice;
import dev.apex.runtime.TaskListener;
import dev.apex.testkit.otlp.OtlpReceiver;
import dev.apex.testkit.otlp.OtlpReceiver.Received;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A device's gestures are commands too, and closing the tracer is the way out of every command, a
 * failure or a halt after Ctrl-C included: a task still open then ends as not finished, and every
 * span is exported before close returns.
 */
class CloseTest {

  @Test
  void aTaskStillOpenAtCloseIsExportedAsInterruptedBeforeCloseReturns() throws Exception {
    try (OtlpReceiver collector = OtlpReceiver.start()) {
      RunTracer tracer = RunTracer.fromEnvironment(collector.env(), notice -> {});
      TaskListener listener = tracer.listener(false);
      TaskId id = TaskId.random();
      listener.taskStarted(id, "sim", "a goal");

      tracer.close();
      tracer.close();

      List<Received> spans = collector.spans();
      assertThat(spans).hasSize(1);
      assertThat(spans.get(0).name()).isEqualTo(Names.TASK);
      assertThat(spans.get(0).attr("apex.task.id")).isEqualTo(id.toString());
      assertThat(spans.get(0).attr("apex.task.status")).isEqualTo("INTERRUPTED");
      assertThat(spans.get(0).statusCode()).isEqualTo(2);
    }
  }

  @Test
  void aGestureOfARoleIsATracedCommandAndItsFailureKeepsItsType() throws Exception {
    try (OtlpReceiver collector = OtlpReceiver.start()) {
      RunTracer tracer = RunTracer.fromEnvironment(collector.env(), notice -> {});
      try (tracer;
          Device device = tracer.device(SimDevice.create())) {
        Gestures.LongPress press = device.role(Gestures.LongPress.class).orElseThrow();
        press.longPress(10, 10, Duration.ofMillis(500));
        org.assertj.core.api.Assertions.assertThatThrownBy(
                () -> press.longPress(10, 10, Duration.ZERO))
            .isExactlyInstanceOf(dev.apex.core.InvalidInputException.class);
      }

      List<Received> presses =
          collector.spans().stream()
              .filter(s -> s.name().equals("apex.device.long_press"))
              .toList();
      assertThat(presses).hasSize(2);
      assertThat(presses.get(0).statusCode()).isZero();
      assertThat(presses.get(1).attr("error.type"))
          .isEqualTo(dev.apex.core.InvalidInputException.class.getName());
    }
  }
}
