package dev.apex.otel;

import dev.apex.core.Secrets;
import dev.apex.device.Device;
import dev.apex.runtime.TaskListener;
import dev.apex.runtime.agent.Agent;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * apex's traces, as a shell wires them: a {@link #listener} for an agent's task and step spans, an
 * {@link #opener} whose devices make a span per command, {@link #suite} for a suite run around its
 * tasks, and model calls traced from {@link #fromEnvironment} until {@link #close}. Names no
 * OpenTelemetry type: {@link #OFF}, what an unconfigured environment gets, loads no SDK class.
 *
 * <p>Parents: a task's span is a child of the suite span open when it starts (on any thread), else
 * of the caller's current span, else a root; a step's span is a child of its task's; a model call's
 * and a device command's span is a child of the step its task is on (opened at the first of them
 * after the previous step ended), else of the caller's current span. Thread-safe.
 */
public interface RunTracer extends AutoCloseable {

  /** Traces nothing and costs nothing: what {@link #fromEnvironment} gives when not configured. */
  RunTracer OFF = NoTracer.INSTANCE;

  /**
   * Traces when {@code env} configures an exporter ({@link #configured}), through the SDK's
   * autoconfiguration reading the standard {@code OTEL_*} variables of {@code env} (and the
   * process's, which win); else {@link #OFF}, without loading the SDK. A configuration the SDK
   * refuses is told to {@code notices} in one line and gives {@link #OFF}: traces never stop a run.
   */
  static RunTracer fromEnvironment(Map<String, String> env, Consumer<String> notices) {
    Objects.requireNonNull(env, "env");
    Objects.requireNonNull(notices, "notices");
    if (!configured(env)) {
      return OFF;
    }
    registerHeaderSecrets(env);
    return new DeferredTracer(env, notices);
  }

  /**
   * Registers the header values of the OTLP exporter's variables as secrets: collectors take their
   * API keys there ({@code x-honeycomb-team=KEY}, {@code authorization=Basic …}).
   */
  private static void registerHeaderSecrets(Map<String, String> env) {
    for (String name :
        new String[] {"OTEL_EXPORTER_OTLP_HEADERS", "OTEL_EXPORTER_OTLP_TRACES_HEADERS"}) {
      String value = env.get(name);
      if (value == null || value.isBlank()) {
        continue;
      }
      Secrets.register(value);
      for (String pair : value.split(",")) {
        int eq = pair.indexOf('=');
        String header = eq < 0 ? pair : pair.substring(eq + 1);
        Secrets.register(header);
        try {
          Secrets.register(URLDecoder.decode(header, StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
          // not percent-encoded: registered as it is
        }
        int space = header.strip().indexOf(' ');
        if (space > 0) {
          // "Bearer TOKEN", "Basic CREDENTIALS": the credential alone too
          Secrets.register(header.strip().substring(space + 1));
        }
      }
    }
  }

  /**
   * Whether {@code env} asks for traces: {@code OTEL_EXPORTER_OTLP_ENDPOINT}, {@code
   * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT} or an {@code OTEL_TRACES_EXPORTER} other than {@code none}
   * is set, and {@code OTEL_SDK_DISABLED} is not {@code true}.
   */
  static boolean configured(Map<String, String> env) {
    if ("true".equalsIgnoreCase(env.getOrDefault("OTEL_SDK_DISABLED", "").strip())) {
      return false;
    }
    String exporter = env.getOrDefault("OTEL_TRACES_EXPORTER", "").strip();
    if (!exporter.isEmpty()) {
      return !exporter.equalsIgnoreCase("none");
    }
    return !env.getOrDefault("OTEL_EXPORTER_OTLP_ENDPOINT", "").isBlank()
        || !env.getOrDefault("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "").isBlank();
  }

  /** Whether spans are made and exported. */
  boolean enabled();

  /**
   * Hears an agent's tasks and steps and makes their spans; give it to {@code
   * AgentBuilder.listener}.
   *
   * @param payloads whether spans may carry a task's goal, a step's arguments (typed secrets
   *     already masked) and failure reasons, redacted; the {@code traces.payloads} setting
   */
  TaskListener listener(boolean payloads);

  /** {@code opener}, whose devices make a span per command ({@link #device}). */
  Agent.DeviceOpener opener(Agent.DeviceOpener opener);

  /**
   * {@code device}, making a span per command: its name, sizes and counts (bytes captured, the
   * characters typed), never the text typed or the screen's. {@code device} itself when off.
   */
  Device device(Device device);

  /**
   * Opens the span of a suite run; the tasks started until it closes are its children, whatever
   * thread runs them. Close it when the suite ends.
   *
   * @param name what the suite is, e.g. the folder it runs; an identifier, not a payload
   */
  SuiteSpan suite(String name);

  /**
   * Runs {@code work}, a command that starts no task ({@code apex describe}), inside a span named
   * {@code apex.<command>}, current on this thread while it runs: the device commands and model
   * calls {@code work} makes on this thread are its children instead of roots. A failure ends the
   * span with an error status and its type ({@code error.type}) and goes on unchanged. Just runs
   * {@code work} when off.
   *
   * @param command the command's name, e.g. {@code describe}; an identifier, not a payload
   */
  <T> T command(String command, Supplier<T> work);

  /**
   * Ends what is still open (as not finished), exports what is left, and stops the exporter, all
   * within a few seconds however the collector answers. Idempotent.
   */
  @Override
  void close();

  /** One suite run's span. Its methods never throw. */
  interface SuiteSpan extends AutoCloseable {

    /** Sets a count on the span, e.g. {@code apex.suite.flows}. */
    SuiteSpan count(String key, long value);

    /** Sets an identifier on the span, e.g. {@code apex.suite.shard} = {@code 1/3}. */
    SuiteSpan tag(String key, String value);

    /**
     * Marks the suite as not passed (a flow did not succeed); the span ends with an error status.
     */
    SuiteSpan failed();

    /**
     * Hears an agent's tasks and steps as {@link RunTracer#listener} does, each task a child of
     * this suite whatever thread starts it and whichever suite opened last: for suites that run
     * side by side in one process (the JUnit extension's test classes, run in parallel).
     */
    TaskListener listener(boolean payloads);

    /** Ends the span. Idempotent. */
    @Override
    void close();
  }
}
