package dev.apex.junit;

import dev.apex.core.Text;
import dev.apex.device.DeviceProviders;
import dev.apex.otel.RunTracer;
import dev.apex.runtime.agent.AgentBuilder;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A test run's traces, when the standard {@code OTEL_*} variables of the extension's environment
 * ask for them ({@link RunTracer#fromEnvironment}): one tracer per JUnit run, kept in the root
 * store and closed (its last spans exported, within {@link RunTracer}'s flush deadline) when the
 * run ends, never per test; one {@code apex.suite} span per test class, named by the class, kept in
 * the class's store and ended when the class is done, with each test's task (its steps, device
 * commands and model calls) as its child, whatever thread the session runs on and however many
 * classes run side by side. With no {@code OTEL_*} variable the agent is left as it is and no
 * OpenTelemetry class is loaded.
 */
final class TestTraces {

  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(TestTraces.class);

  private TestTraces() {}

  /**
   * Adds the test's task spans and device command spans to {@code builder} when traces are on.
   *
   * @param payloads the {@code traces.payloads} setting: whether spans carry the goal, arguments
   *     and reasons, redacted
   */
  static AgentBuilder trace(
      AgentBuilder builder, ExtensionContext test, Map<String, String> env, boolean payloads) {
    RunTracer tracer = tracer(test, env);
    if (!tracer.enabled()) {
      return builder;
    }
    return builder
        .listener(suite(test, tracer).listener(payloads))
        .deviceOpener(tracer.opener(DeviceProviders::open));
  }

  /** Marks the test class's suite span as not passed: one of its tests failed. */
  static void failed(ExtensionContext test) {
    OpenSuite suite = classOf(test).getStore(NAMESPACE).get(OpenSuite.class, OpenSuite.class);
    if (suite != null) {
      suite.span().failed();
    }
  }

  private static RunTracer tracer(ExtensionContext test, Map<String, String> env) {
    if (!RunTracer.configured(env)) {
      return RunTracer.OFF;
    }
    return test.getRoot()
        .getStore(NAMESPACE)
        .getOrComputeIfAbsent(
            OpenTracer.class,
            k -> new OpenTracer(RunTracer.fromEnvironment(env, TestTraces::notice)),
            OpenTracer.class)
        .tracer();
  }

  private static RunTracer.SuiteSpan suite(ExtensionContext test, RunTracer tracer) {
    ExtensionContext type = classOf(test);
    return type.getStore(NAMESPACE)
        .getOrComputeIfAbsent(
            OpenSuite.class,
            k -> new OpenSuite(tracer.suite(type.getRequiredTestClass().getName())),
            OpenSuite.class)
        .span();
  }

  /** The context of the test's class (a template's invocation sits under its method's). */
  private static ExtensionContext classOf(ExtensionContext test) {
    ExtensionContext at = test;
    while (at.getTestMethod().isPresent() && at.getParent().isPresent()) {
      at = at.getParent().get();
    }
    return at;
  }

  /** What the SDK says of its exports (a collector down), one redacted line on stderr. */
  private static void notice(String notice) {
    System.err.println("apex: " + Text.oneLine(notice, 400)); // oneLine redacts before it cuts
    System.err.flush();
  }

  /** The run's tracer, which the root store closes when the run ends. */
  private record OpenTracer(RunTracer tracer) implements AutoCloseable {
    @Override
    public void close() {
      tracer.close();
    }
  }

  /** A test class's suite span, which the class's store ends when the class is done. */
  private record OpenSuite(RunTracer.SuiteSpan span) implements AutoCloseable {
    @Override
    public void close() {
      span.close();
    }
  }
}
