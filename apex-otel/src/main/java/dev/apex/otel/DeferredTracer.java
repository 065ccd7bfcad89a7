package dev.apex.otel;

import dev.apex.device.Device;
import dev.apex.llm.ModelCallListener;
import dev.apex.runtime.TaskListener;
import dev.apex.runtime.agent.Agent;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * What {@link RunTracer#fromEnvironment} gives when traces are configured: the SDK is built at the
 * first span a command needs (a device opened, a task started, a model called, a suite begun), so a
 * command that makes none ({@code apex --version}, {@code apex timeline}) loads none of it. Names
 * no OpenTelemetry type. A configuration the SDK refuses is told once and traces nothing. Once the
 * SDK runs, a shutdown hook closes it too, for an exit that skips the shell's own close (a console
 * or MCP server stopped by a signal, {@code System.exit} elsewhere).
 */
final class DeferredTracer implements RunTracer {

  private final Map<String, String> env;
  private final Consumer<String> notices;
  private final AutoCloseable modelHook;
  private OtelTracer real;
  private Thread hook;
  private boolean failed;
  private boolean closed;

  DeferredTracer(Map<String, String> env, Consumer<String> notices) {
    this.env = Map.copyOf(env);
    this.notices = notices;
    this.modelHook = ModelCallListener.install(this::modelStarted);
  }

  private ModelCallListener.Call modelStarted(dev.apex.llm.ModelCall call) {
    OtelTracer tracer = real();
    return tracer == null ? ModelCallListener.Call.NONE : tracer.models().started(call);
  }

  /** The SDK's tracer, started now if it is not yet; null when it cannot start or is closed. */
  private synchronized OtelTracer real() {
    if (real == null && !failed && !closed) {
      try {
        SdkLog.install(notices);
        real = OtelTracer.start(env);
        hook = new Thread(this::close, "apex-traces-flush");
        Runtime.getRuntime().addShutdownHook(hook);
      } catch (RuntimeException e) {
        failed = true;
        notices.accept(
            "traces are off: the OpenTelemetry SDK refused its OTEL_* settings: "
                + dev.apex.core.Text.oneLine(e.getMessage(), 300));
      }
    }
    return real;
  }

  @Override
  public boolean enabled() {
    return true;
  }

  @Override
  public TaskListener listener(boolean payloads) {
    return new TaskListener() {
      private TaskListener spans;

      private synchronized TaskListener spans() {
        if (spans == null) {
          OtelTracer tracer = real();
          spans = tracer == null ? OFF.listener(payloads) : tracer.listener(payloads);
        }
        return spans;
      }

      @Override
      public void taskStarted(dev.apex.core.TaskId taskId, String device, String goal) {
        spans().taskStarted(taskId, device, goal);
      }

      @Override
      public void stepRecorded(dev.apex.timeline.StepRecord record) {
        spans().stepRecorded(record);
      }

      @Override
      public void taskFinished(
          dev.apex.core.TaskId taskId, dev.apex.core.TaskStatus status, String reason) {
        spans().taskFinished(taskId, status, reason);
      }
    };
  }

  @Override
  public Agent.DeviceOpener opener(Agent.DeviceOpener opener) {
    Objects.requireNonNull(opener, "opener");
    return (selector, options) -> device(opener.open(selector, options));
  }

  @Override
  public Device device(Device device) {
    OtelTracer tracer = real();
    return tracer == null ? OFF.device(device) : tracer.device(device);
  }

  @Override
  public SuiteSpan suite(String name) {
    OtelTracer tracer = real();
    return tracer == null ? OFF.suite(name) : tracer.suite(name);
  }

  @Override
  public <T> T command(String command, java.util.function.Supplier<T> work) {
    OtelTracer tracer = real();
    return tracer == null ? OFF.command(command, work) : tracer.command(command, work);
  }

  @Override
  public void close() {
    OtelTracer started;
    Thread exitHook;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      started = real;
      exitHook = hook;
    }
    if (exitHook != null && exitHook != Thread.currentThread()) {
      try {
        Runtime.getRuntime().removeShutdownHook(exitHook);
      } catch (IllegalStateException e) {
        // The process is going: the hook is running or about to, and closes once.
      }
    }
    try {
      modelHook.close();
    } catch (Exception e) {
      // Putting a field back does not fail.
    }
    if (started != null) {
      started.close();
    }
  }
}
