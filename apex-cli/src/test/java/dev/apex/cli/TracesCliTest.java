package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.testkit.otlp.OtlpReceiver;
import dev.apex.testkit.otlp.OtlpReceiver.Received;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code apex run} exports its spans when the standard OTEL_* variables name a collector (a
 * loopback OTLP/HTTP receiver here), and every span is out by the time the command returns.
 */
class TracesCliTest {

  @TempDir Path dir;

  @Test
  void aFlowRunOnTheSimExportsItsTaskStepAndDeviceSpansBeforeTheCommandReturns() throws Exception {
    try (OtlpReceiver collector = OtlpReceiver.start()) {
      Map<String, String> env =
          Map.of(
              "OTEL_EXPORTER_OTLP_ENDPOINT", collector.endpoint(),
              "OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf",
              "OTEL_SERVICE_NAME", "apex-ci");
      Path flow = Cli.projectRoot().resolve("examples/flows/settings-wifi-on.yaml");

      Cli.Result run =
          Cli.run(
              env, Cli.withDb(dir.resolve("t.db"), "run", "--flow", flow.toString(), "--no-ocr"));

      assertThat(run.exit()).as(run.out() + run.err()).isZero();
      List<Received> spans = collector.spans();
      Received task =
          spans.stream().filter(s -> s.name().equals("apex.task")).findFirst().orElseThrow();
      assertThat(task.attr("apex.task.status")).isEqualTo("SUCCEEDED");
      assertThat(task.attr("apex.task.id")).isEqualTo(Cli.taskIds(run.out()).get(0));
      assertThat(task.resource()).containsEntry("service.name", "apex-ci");
      assertThat(spans)
          .filteredOn(s -> s.name().equals("apex.step"))
          .extracting(s -> s.attr("apex.step.tool"))
          .containsExactly("launch_app", "tap", "tap", "assert_visible");
      assertThat(spans)
          .filteredOn(s -> s.name().equals("apex.step"))
          .allMatch(s -> s.parentSpanId().equals(task.spanId()));
      assertThat(spans)
          .filteredOn(s -> s.name().startsWith("apex.device."))
          .extracting(s -> s.attr("apex.device.command"))
          .contains("launch_app", "tap", "capture_tree");
      assertThat(run.err()).doesNotContain("traces are off");
    }
  }

  @Test
  void aSuiteRunIsOneSpanWhoseChildrenAreItsFlowsTasks() throws Exception {
    Path suite = java.nio.file.Files.createDirectories(dir.resolve("flows"));
    Path flow = Cli.projectRoot().resolve("examples/flows/settings-wifi-on.yaml");
    java.nio.file.Files.copy(flow, suite.resolve("a.yaml"));
    java.nio.file.Files.copy(flow, suite.resolve("b.yaml"));
    try (OtlpReceiver collector = OtlpReceiver.start()) {
      Map<String, String> env = collector.env();

      Cli.Result run =
          Cli.run(
              env,
              Cli.withDb(
                  dir.resolve("t.db"), "test", suite.toString(), "--parallel", "2", "--no-ocr"));

      assertThat(run.exit()).as(run.out() + run.err()).isZero();
      List<Received> spans = collector.spans();
      List<Received> suites = spans.stream().filter(s -> s.name().equals("apex.suite")).toList();
      assertThat(suites).hasSize(1);
      Received suiteSpan = suites.get(0);
      assertThat(suiteSpan.attr("apex.suite.id")).isNotBlank();
      assertThat(spans)
          .filteredOn(s -> s.name().equals("apex.task"))
          .hasSize(2)
          .allMatch(s -> s.parentSpanId().equals(suiteSpan.spanId()));
    }
  }

  @Test
  void describeIsOneSpanOverItsDeviceCommandsNotARootPerCommand() throws Exception {
    try (OtlpReceiver collector = OtlpReceiver.start()) {
      Map<String, String> env = collector.env();

      Cli.Result run = Cli.run(env, "describe", "--device", "sim", "--no-ocr");

      assertThat(run.exit()).as(run.out() + run.err()).isZero();
      List<Received> spans = collector.spans();
      List<Received> roots = spans.stream().filter(s -> s.parentSpanId().isEmpty()).toList();
      assertThat(roots).extracting(Received::name).containsExactly("apex.describe");
      assertThat(spans)
          .filteredOn(s -> s.name().startsWith("apex.device."))
          .extracting(s -> s.attr("apex.device.command"))
          .contains("capture_tree", "close");
      assertThat(spans)
          .filteredOn(s -> s.name().startsWith("apex.device."))
          .allMatch(s -> s.parentSpanId().equals(roots.get(0).spanId()));
    }
  }

  @Test
  void aConfigurationTheSdkRefusesIsOneLineAndTheRunGoesOn() {
    Path flow = Cli.projectRoot().resolve("examples/flows/settings-wifi-on.yaml");

    Cli.Result run =
        Cli.run(
            Map.of("OTEL_TRACES_EXPORTER", "no-such-exporter"),
            Cli.withDb(dir.resolve("t.db"), "run", "--flow", flow.toString(), "--no-ocr"));

    assertThat(run.exit()).as(run.out() + run.err()).isZero();
    assertThat(run.errLines())
        .filteredOn(l -> l.contains("traces are off"))
        .hasSize(1)
        .allMatch(l -> l.contains("no-such-exporter"));
  }
}
