package dev.apex.otel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.testkit.IsolatedLoader;
import dev.apex.testkit.otlp.OtlpReceiver;
import java.lang.reflect.Method;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * With no {@code OTEL_*} variable nothing is traced and no OpenTelemetry class is even loaded; with
 * one, the SDK is built only at the first span a command needs. Each case runs in a class loader of
 * its own over the test class path, which defines every class it loads, so what it has loaded is
 * exactly what the case caused.
 */
class UnconfiguredTest {

  private static final String SDK = "io.opentelemetry.sdk.OpenTelemetrySdk";
  private static final String API_SPAN = "io.opentelemetry.api.trace.Span";

  /** {@code RunTracer.fromEnvironment(env, notice -> {})} in {@code loader}. */
  private static Object tracer(IsolatedLoader loader, Map<String, String> env) throws Exception {
    Class<?> runTracer = loader.loadClass(RunTracer.class.getName());
    Method from =
        runTracer.getMethod("fromEnvironment", Map.class, java.util.function.Consumer.class);
    java.util.function.Consumer<String> notices = notice -> {};
    return from.invoke(null, env, notices);
  }

  /** Calls what a shell calls on a tracer: a listener, an opener, and, when told, a suite. */
  private static void useAsAShellDoes(Object tracer, boolean suite) throws Exception {
    ClassLoader loader = tracer.getClass().getClassLoader();
    Class<?> type = loader.loadClass(RunTracer.class.getName());
    Object listener = type.getMethod("listener", boolean.class).invoke(tracer, false);
    assertThat(listener).isNotNull();
    if (suite) {
      Object span = type.getMethod("suite", String.class).invoke(tracer, "s");
      loader.loadClass(RunTracer.SuiteSpan.class.getName()).getMethod("close").invoke(span);
    }
    type.getMethod("close").invoke(tracer);
  }

  @Test
  void withNoOtelVariableNothingIsTracedAndNoOpenTelemetryClassIsLoaded() throws Exception {
    try (IsolatedLoader loader = new IsolatedLoader()) {
      Object tracer = tracer(loader, Map.of("PATH", "/usr/bin", "APEX_HOME", "/tmp"));

      assertThat(tracer.getClass().getName()).isEqualTo(NoTracer.class.getName());
      assertThat(loader.loadClass(RunTracer.class.getName()).getMethod("enabled").invoke(tracer))
          .isEqualTo(false);
      useAsAShellDoes(tracer, true);
      assertThat(loader.loaded(SDK)).isFalse();
      assertThat(loader.loaded(API_SPAN)).isFalse();
      assertThat(loader.loaded(OtelTracer.class.getName())).isFalse();
    }
  }

  @Test
  void configuredTheSdkIsBuiltOnlyAtTheFirstSpanACommandNeeds() throws Exception {
    try (OtlpReceiver receiver = OtlpReceiver.start();
        IsolatedLoader loader = new IsolatedLoader()) {
      Object tracer = tracer(loader, receiver.env());

      useAsAShellDoes(tracer, false);
      assertThat(loader.loaded(SDK)).as("a command that made no span").isFalse();
    }
    try (OtlpReceiver receiver = OtlpReceiver.start();
        IsolatedLoader loader = new IsolatedLoader()) {
      Object tracer = tracer(loader, receiver.env());

      useAsAShellDoes(tracer, true);
      assertThat(loader.loaded(SDK)).as("a suite's span built the SDK").isTrue();
      assertThat(receiver.spans()).extracting(OtlpReceiver.Received::name).contains(Names.SUITE);
    }
  }

  @Test
  void theStandardVariablesDecideWhetherTracesAreOn() {
    assertThat(RunTracer.configured(Map.of())).isFalse();
    assertThat(RunTracer.configured(Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", "http://c:4317")))
        .isTrue();
    assertThat(RunTracer.configured(Map.of("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http://c:4318")))
        .isTrue();
    assertThat(RunTracer.configured(Map.of("OTEL_TRACES_EXPORTER", "otlp"))).isTrue();
    assertThat(RunTracer.configured(Map.of("OTEL_TRACES_EXPORTER", "none"))).isFalse();
    assertThat(
            RunTracer.configured(
                Map.of(
                    "OTEL_EXPORTER_OTLP_ENDPOINT", "http://c:4317", "OTEL_SDK_DISABLED", "true")))
        .isFalse();
    assertThat(RunTracer.fromEnvironment(Map.of(), n -> {})).isSameAs(RunTracer.OFF);
  }
}
