package dev.apex.otel;

import dev.apex.core.TaskStatus;
import dev.apex.device.Device;
import dev.apex.runtime.TaskListener;
import dev.apex.runtime.agent.Agent;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.autoconfigure.AutoConfiguredOpenTelemetrySdk;
import io.opentelemetry.sdk.autoconfigure.AutoConfiguredOpenTelemetrySdkBuilder;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The tracer on the OpenTelemetry SDK, configured by its autoconfiguration: the exporter, the
 * protocol ({@code OTEL_EXPORTER_OTLP_PROTOCOL}: {@code grpc} by default, or {@code
 * http/protobuf}), the endpoint, headers, sampler and resource are the SDK's own variables. apex
 * only changes defaults: the service is {@code apex}, and no metrics or logs are exported (apex
 * makes none). The SDK's shutdown hook is replaced by {@link #close}, which the shell calls on its
 * way out, bounded by {@link #FLUSH_DEADLINE}.
 */
final class OtelTracer implements RunTracer {

  /**
   * The longest {@link #close} waits, for the last spans to be exported (three fifths) and then for
   * the exporter to stop.
   */
  static final Duration FLUSH_DEADLINE = Duration.ofSeconds(5);

  static final String SCOPE = "dev.apex";

  /**
   * The autoconfiguration's own logger: its INFO line about a refused configuration would repeat
   * the one line apex prints. Held here so the level stays set.
   */
  private static final Logger AUTOCONFIGURATION =
      Logger.getLogger(AutoConfiguredOpenTelemetrySdkBuilder.class.getName());

  static {
    AUTOCONFIGURATION.setLevel(Level.WARNING);
  }

  private final OpenTelemetrySdk sdk;
  private final ActiveTasks tasks;
  private final ModelSpans models;
  private final AtomicBoolean closed = new AtomicBoolean();

  private OtelTracer(OpenTelemetrySdk sdk) {
    this.sdk = sdk;
    this.tasks = new ActiveTasks(sdk.getTracer(SCOPE));
    this.models = new ModelSpans(tasks);
  }

  /**
   * Builds the SDK from {@code env}'s {@code OTEL_*} variables. They win over the JVM's {@code
   * otel.*} system properties, and the traces exporter is OTLP unless {@code env} names another:
   * libraries in the same JVM set those properties for their own tracing (Selenium, which drives
   * apex's browsers, sets {@code otel.traces.exporter=none} when it opens a driver), and that must
   * not silently send apex's spans nowhere. Other {@code otel.*} properties still apply.
   *
   * @throws RuntimeException what the autoconfiguration throws for a configuration it refuses
   */
  static OtelTracer start(Map<String, String> env) {
    Map<String, String> defaults = new LinkedHashMap<>();
    defaults.put("otel.service.name", "apex");
    defaults.put("otel.metrics.exporter", "none");
    defaults.put("otel.logs.exporter", "none");
    Map<String, String> fromEnv = new LinkedHashMap<>(properties(env));
    fromEnv.putIfAbsent("otel.traces.exporter", "otlp");
    OpenTelemetrySdk sdk =
        AutoConfiguredOpenTelemetrySdk.builder()
            .addPropertiesSupplier(() -> defaults)
            .addPropertiesCustomizer(config -> fromEnv)
            .disableShutdownHook()
            .build()
            .getOpenTelemetrySdk();
    return new OtelTracer(sdk);
  }

  /** {@code env}'s {@code OTEL_*} variables as the SDK's properties: {@code otel.exporter.…}. */
  static Map<String, String> properties(Map<String, String> env) {
    Map<String, String> properties = new LinkedHashMap<>();
    env.forEach(
        (name, value) -> {
          if (name.startsWith("OTEL_") && value != null) {
            properties.put(name.toLowerCase(Locale.ROOT).replace('_', '.'), value);
          }
        });
    return properties;
  }

  ModelSpans models() {
    return models;
  }

  @Override
  public boolean enabled() {
    return true;
  }

  @Override
  public TaskListener listener(boolean payloads) {
    return new TaskSpans(tasks, payloads, null);
  }

  @Override
  public Agent.DeviceOpener opener(Agent.DeviceOpener opener) {
    Objects.requireNonNull(opener, "opener");
    return (selector, options) -> device(opener.open(selector, options));
  }

  @Override
  public Device device(Device device) {
    return new TracedDevice(Objects.requireNonNull(device, "device"), tasks);
  }

  @Override
  public SuiteSpan suite(String name) {
    Span span =
        tasks
            .tracer()
            .spanBuilder(Names.SUITE)
            .setParent(Context.current())
            .setAttribute(Names.SUITE_NAME, String.valueOf(name))
            .startSpan();
    Context context = Context.current().with(span);
    Context before = tasks.suite(context);
    return new Suite(span, context, tasks, () -> tasks.suite(before));
  }

  @Override
  public <T> T command(String command, Supplier<T> work) {
    Objects.requireNonNull(work, "work");
    Span span =
        tasks
            .tracer()
            .spanBuilder(Names.COMMAND + "." + command)
            .setParent(Context.current())
            .setAttribute(Names.COMMAND_NAME, String.valueOf(command))
            .startSpan();
    try (Scope ignored = span.makeCurrent()) {
      return work.get();
    } catch (RuntimeException | Error e) {
      span.setStatus(StatusCode.ERROR);
      span.setAttribute(Names.ERROR_TYPE, e.getClass().getName());
      throw e;
    } finally {
      span.end();
    }
  }

  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    // A task still open here did not end before the process does (a failure, a halt).
    TaskSpans ender = new TaskSpans(tasks, false, null);
    for (ActiveTasks.Trace trace : tasks.open()) {
      Span step = ActiveTasks.takeStep(trace);
      if (step != null) {
        step.end();
      }
      ender.end(trace, TaskStatus.INTERRUPTED, null);
      tasks.finished(trace);
    }
    long flush = FLUSH_DEADLINE.toMillis() * 3 / 5;
    sdk.getSdkTracerProvider().forceFlush().join(flush, TimeUnit.MILLISECONDS);
    sdk.shutdown().join(FLUSH_DEADLINE.toMillis() - flush, TimeUnit.MILLISECONDS);
  }

  /** A suite's span; closing it puts back the suite open before. */
  private static final class Suite implements SuiteSpan {
    private final Span span;
    private final Context context;
    private final ActiveTasks tasks;
    private final Runnable restore;
    private final AtomicBoolean ended = new AtomicBoolean();

    Suite(Span span, Context context, ActiveTasks tasks, Runnable restore) {
      this.span = span;
      this.context = context;
      this.tasks = tasks;
      this.restore = restore;
    }

    @Override
    public TaskListener listener(boolean payloads) {
      return new TaskSpans(tasks, payloads, context);
    }

    @Override
    public SuiteSpan count(String key, long value) {
      if (key != null) {
        span.setAttribute(key, value);
      }
      return this;
    }

    @Override
    public SuiteSpan tag(String key, String value) {
      if (key != null && value != null) {
        span.setAttribute(key, TaskSpans.payload(value));
      }
      return this;
    }

    @Override
    public SuiteSpan failed() {
      span.setStatus(StatusCode.ERROR, "a flow did not succeed");
      return this;
    }

    @Override
    public void close() {
      if (ended.compareAndSet(false, true)) {
        restore.run();
        span.end();
      }
    }
  }
}
