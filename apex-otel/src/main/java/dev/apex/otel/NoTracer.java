package dev.apex.otel;

import dev.apex.device.Device;
import dev.apex.runtime.TaskListener;
import dev.apex.runtime.agent.Agent;
import java.util.Objects;

/** {@link RunTracer#OFF}: hands back what it is given and hears nothing. */
enum NoTracer implements RunTracer, RunTracer.SuiteSpan {
  INSTANCE;

  private static final TaskListener NOTHING = new TaskListener() {};

  @Override
  public boolean enabled() {
    return false;
  }

  @Override
  public TaskListener listener(boolean payloads) {
    return NOTHING;
  }

  @Override
  public Agent.DeviceOpener opener(Agent.DeviceOpener opener) {
    return Objects.requireNonNull(opener, "opener");
  }

  @Override
  public Device device(Device device) {
    return Objects.requireNonNull(device, "device");
  }

  @Override
  public SuiteSpan suite(String name) {
    return this;
  }

  @Override
  public <T> T command(String command, java.util.function.Supplier<T> work) {
    return Objects.requireNonNull(work, "work").get();
  }

  @Override
  public SuiteSpan count(String key, long value) {
    return this;
  }

  @Override
  public SuiteSpan tag(String key, String value) {
    return this;
  }

  @Override
  public SuiteSpan failed() {
    return this;
  }

  @Override
  public void close() {}
}
