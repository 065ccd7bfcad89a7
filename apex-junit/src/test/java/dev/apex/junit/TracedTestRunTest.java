package dev.apex.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.apex.testkit.IsolatedLoader;
import dev.apex.testkit.otlp.OtlpReceiver;
import dev.apex.testkit.otlp.OtlpReceiver.Received;
import java.lang.reflect.Array;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * A JUnit run of {@code @ApexTest}s with the OTEL_* variables set (a loopback OTLP/HTTP receiver
 * here) exports each test class as an {@code apex.suite} span with each test's task under it, its
 * steps and device commands below, all out by the time the run returns; with none set, no
 * OpenTelemetry class is even loaded.
 */
class TracedTestRunTest {

  /** Where {@link Traced}'s environment sends its spans; set before each run. */
  static volatile String collector = "http://127.0.0.1:9";

  // --- samples -------------------------------------------------------------------------------

  static class Traced {
    @RegisterExtension
    final ApexExtension extension =
        new ApexExtension(
            Map.of(
                "APEX_HOME",
                ApexExtensionTest.HOME.toString(),
                "OTEL_EXPORTER_OTLP_ENDPOINT",
                collector,
                "OTEL_EXPORTER_OTLP_PROTOCOL",
                "http/protobuf"));

    @Test
    void opensWifi(ApexSession apex) {
      apex.launch("com.android.settings").tap("Wi-Fi");
      apex.assertVisibleId("com.android.settings:id/wifi_switch", Duration.ofSeconds(2));
    }

    @Test
    void looksForWhatIsNotThere(ApexSession apex) {
      apex.launch("com.android.settings");
      apex.assertVisible("Airplane mode", Duration.ZERO);
    }
  }

  static class Untraced {
    @RegisterExtension static final ApexExtension APEX = new ApexExtension(ApexExtensionTest.env());

    @Test
    void opensSettings(ApexSession apex) {
      apex.launch("com.android.settings").tap("Wi-Fi");
    }
  }

  // --- tests ---------------------------------------------------------------------------------

  @Test
  void eachTestClassIsASuiteSpanWithItsTestsTasksStepsAndDeviceCommandsBelow() throws Exception {
    try (OtlpReceiver receiver = OtlpReceiver.start()) {
      collector = receiver.endpoint();

      run(Traced.class, Map.of()).testEvents().assertStatistics(s -> s.succeeded(1).failed(1));

      List<Received> spans = receiver.spans();
      List<Received> suites = named(spans, "apex.suite");
      assertThat(suites).hasSize(1);
      Received suite = suites.get(0);
      assertThat(suite.attr("apex.suite.name")).isEqualTo(Traced.class.getName());
      assertThat(suite.parentSpanId()).isEmpty();
      assertThat(suite.statusCode()).as("a test of the class failed").isEqualTo(2);
      assertThat(spans).allMatch(s -> s.traceId().equals(suite.traceId()));

      List<Received> tasks = named(spans, "apex.task");
      assertThat(tasks).hasSize(2).allMatch(t -> t.parentSpanId().equals(suite.spanId()));
      assertThat(tasks)
          .extracting(t -> t.attr("apex.task.status"))
          .containsExactlyInAnyOrder("SUCCEEDED", "FAILED");
      assertThat(tasks).allMatch(t -> t.attr("apex.task.goal") == null);
      Received passed =
          tasks.stream()
              .filter(t -> "SUCCEEDED".equals(t.attr("apex.task.status")))
              .findFirst()
              .get();
      assertThat(spans)
          .filteredOn(s -> s.name().equals("apex.step") && s.parentSpanId().equals(passed.spanId()))
          .extracting(s -> s.attr("apex.step.tool"))
          .containsExactly("launch_app", "tap", "assert_visible");

      Set<String> stepIds =
          spans.stream()
              .filter(s -> s.name().equals("apex.step") || s.name().equals("apex.finish"))
              .map(Received::spanId)
              .collect(Collectors.toSet());
      List<Received> device =
          spans.stream().filter(s -> s.name().startsWith("apex.device.")).toList();
      assertThat(device)
          .extracting(d -> d.attr("apex.device.command"))
          .contains("launch_app", "tap", "capture_tree");
      assertThat(device).allMatch(d -> stepIds.contains(d.parentSpanId()));
      assertThat(spans).filteredOn(s -> s.parentSpanId().isEmpty()).containsExactly(suite);
    }
  }

  @Test
  void theTracesPayloadsParameterPutsEachTestsTitleOnItsTaskSpan() throws Exception {
    try (OtlpReceiver receiver = OtlpReceiver.start()) {
      collector = receiver.endpoint();

      run(Traced.class, Map.of("apex.traces.payloads", "true"));

      assertThat(named(receiver.spans(), "apex.task"))
          .extracting(t -> t.attr("apex.task.goal"))
          .containsExactlyInAnyOrder("Traced#opensWifi", "Traced#looksForWhatIsNotThere");
    }
  }

  @Test
  void withNoOtelVariableTheRunLoadsNoOpenTelemetryClass() throws Exception {
    ClassLoader before = Thread.currentThread().getContextClassLoader();
    try (IsolatedLoader loader = new IsolatedLoader()) {
      // The engine and its extensions are found through the context class loader.
      Thread.currentThread().setContextClassLoader(loader);
      Object builder =
          loader
              .loadClass(EngineTestKit.class.getName())
              .getMethod("engine", String.class)
              .invoke(null, "junit-jupiter");
      Class<?> type = builder.getClass();
      type.getMethod("configurationParameter", String.class, String.class)
          .invoke(builder, "apex.timeline", "none");
      type.getMethod("configurationParameter", String.class, String.class)
          .invoke(builder, "apex.ocr", "false");
      Class<?> selectorType = loader.loadClass("org.junit.platform.engine.DiscoverySelector");
      Object selectors = Array.newInstance(selectorType, 1);
      Array.set(
          selectors,
          0,
          loader
              .loadClass("org.junit.platform.engine.discovery.DiscoverySelectors")
              .getMethod("selectClass", String.class)
              .invoke(null, Untraced.class.getName()));
      type.getMethod("selectors", selectors.getClass()).invoke(builder, selectors);
      Object results = type.getMethod("execute").invoke(builder);
      Object events = results.getClass().getMethod("testEvents").invoke(results);
      Object succeeded = events.getClass().getMethod("succeeded").invoke(events);

      assertThat(succeeded.getClass().getMethod("count").invoke(succeeded)).isEqualTo(1L);
      assertThat(loader.loaded("dev.apex.otel.RunTracer")).as("the extension asked").isTrue();
      assertThat(loader.loaded("io.opentelemetry.api.trace.Span")).isFalse();
      assertThat(loader.loaded("io.opentelemetry.context.Context")).isFalse();
      assertThat(loader.loaded("io.opentelemetry.sdk.OpenTelemetrySdk")).isFalse();
    } finally {
      Thread.currentThread().setContextClassLoader(before);
    }
  }

  // --- helpers -------------------------------------------------------------------------------

  private static org.junit.platform.testkit.engine.EngineExecutionResults run(
      Class<?> sample, Map<String, String> parameters) {
    EngineTestKit.Builder kit =
        EngineTestKit.engine("junit-jupiter")
            .configurationParameter("apex.timeline", "none")
            .configurationParameter("apex.ocr", "false");
    parameters.forEach(kit::configurationParameter);
    return kit.selectors(selectClass(sample)).execute();
  }

  private static List<Received> named(List<Received> spans, String name) {
    return spans.stream().filter(s -> s.name().equals(name)).toList();
  }
}
