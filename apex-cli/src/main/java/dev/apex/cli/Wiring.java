package dev.apex.cli;

import dev.apex.core.Sleeper;
import dev.apex.device.Device;
import dev.apex.device.DeviceLimits;
import dev.apex.otel.RunTracer;
import java.nio.file.Path;
import java.util.Objects;

/**
 * What {@code run} and {@code describe} take from outside their options: how a device selector
 * becomes a {@link Device}, and how the executor waits between retries. {@link #DEFAULT} is the
 * real thing, and the only wiring {@code apex} itself uses. Tests pass another to {@link
 * ApexCli#execute(java.util.Map, Wiring, java.io.PrintWriter, java.io.PrintWriter, String...)} to
 * put a faulty or instrumented device behind a selector, or to keep retry backoff from really
 * sleeping; nothing else about the command changes.
 *
 * @param devices opens the device a selector names; with {@code --parallel} it is called from
 *     several threads at once, one call per task
 * @param sleeper how retry backoff (and the {@code wait} tool) waits
 * @param tracer the process's traces: devices it opens make command spans ({@link #opener}), a
 *     command adds its {@link RunTracer#listener}; {@link RunTracer#OFF} unless {@link ApexCli}
 *     found the OTEL_* variables
 */
record Wiring(DeviceOpener devices, Sleeper sleeper, RunTracer tracer) {

  /** Real devices from their selectors ({@link Devices#open}), real sleeps. */
  static final Wiring DEFAULT =
      new Wiring(
          new DeviceOpener() {
            @Override
            public Device open(String selector, String adb, Path capabilities) {
              return Devices.open(selector, adb, capabilities, DeviceLimits.DEFAULTS);
            }

            @Override
            public Device open(
                String selector, String adb, Path capabilities, DeviceLimits limits) {
              return Devices.open(selector, adb, capabilities, limits);
            }
          },
          Sleeper.SYSTEM);

  /** Opens the device a selector names; the signature of {@link Devices#open}. */
  @FunctionalInterface
  interface DeviceOpener {
    /**
     * @param adb the {@code --adb} option, or null
     * @param capabilities the {@code --capabilities} option, or null
     */
    Device open(String selector, String adb, Path capabilities);

    /**
     * Opens it with the device I/O bounds of the command's settings; an opener that builds its own
     * devices (a test's fake) may ignore them, which is what this default does.
     */
    default Device open(String selector, String adb, Path capabilities, DeviceLimits limits) {
      return open(selector, adb, capabilities);
    }
  }

  Wiring {
    Objects.requireNonNull(devices, "devices");
    Objects.requireNonNull(sleeper, "sleeper");
    Objects.requireNonNull(tracer, "tracer");
  }

  /** Untraced. */
  Wiring(DeviceOpener devices, Sleeper sleeper) {
    this(devices, sleeper, RunTracer.OFF);
  }

  /** The opener as the agent takes it; its devices traced when traces are on. */
  dev.apex.runtime.agent.Agent.DeviceOpener opener() {
    return tracer.opener(
        (selector, options) ->
            devices.open(selector, options.adb(), options.capabilities(), options.limits()));
  }

  Wiring withDevices(DeviceOpener devices) {
    return new Wiring(devices, sleeper, tracer);
  }

  Wiring withSleeper(Sleeper sleeper) {
    return new Wiring(devices, sleeper, tracer);
  }

  Wiring withTracer(RunTracer tracer) {
    return new Wiring(devices, sleeper, tracer);
  }
}
