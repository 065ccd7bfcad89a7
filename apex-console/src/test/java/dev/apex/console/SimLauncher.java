package dev.apex.console;

import dev.apex.config.ApexConfig;
import dev.apex.core.InvalidInputException;
import dev.apex.core.RawCapture;
import dev.apex.core.TaskId;
import dev.apex.device.sim.SimDevice;
import dev.apex.perception.OcrEngine;
import dev.apex.perception.Perceiver;
import dev.apex.runtime.Cancellation;
import dev.apex.runtime.Observation;
import dev.apex.runtime.Observer;
import dev.apex.runtime.Planner;
import dev.apex.runtime.StubPlanner;
import dev.apex.runtime.TaskListener;
import dev.apex.runtime.TaskOutcome;
import dev.apex.runtime.TaskRunner;
import dev.apex.runtime.flow.Flow;
import dev.apex.runtime.flow.FlowReplay;
import dev.apex.timeline.StepRecord;
import dev.apex.tools.ToolRegistry;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Semaphore;

/**
 * The tests' {@link TaskLauncher}: the real pipeline on the simulated phone (sim device, tree
 * perception, the runtime's TaskRunner with a flow or the stub planner). With {@link #gated()}, a
 * task waits after each recorded step (once the console has it in the timeline) for {@link
 * #release()}, so a test decides when the next step may run — the way to watch a task while it is
 * running without any fixed wait.
 */
final class SimLauncher implements TaskLauncher {

  /** The project's Wi-Fi flow, as in {@code examples/flows/settings-wifi-on.yaml}. */
  static final String WIFI_FLOW =
      String.join(
          "\n",
          "name: Turn Wi-Fi on",
          "steps:",
          "  - launch_app: com.android.settings",
          "  - tap: { text: \"Wi-Fi\" }",
          "  - tap: { element: \"com.android.settings:id/wifi_switch\" }",
          "  - assert_visible: { id: \"com.android.settings:id/wifi_switch\", checked: true, text: \"On\" }",
          "");

  private static final Clock SIM_CLOCK =
      Clock.fixed(Instant.parse("2026-05-01T09:41:00Z"), ZoneOffset.UTC);

  private final ToolRegistry registry = ToolRegistry.defaultRegistry();
  private final Semaphore gate;
  final List<ApexConfig> configs = new CopyOnWriteArrayList<>();

  private SimLauncher(Semaphore gate) {
    this.gate = gate;
  }

  static SimLauncher free() {
    return new SimLauncher(null);
  }

  static SimLauncher gated() {
    return new SimLauncher(new Semaphore(0));
  }

  /** Lets one more step of a gated task run. */
  void release() {
    gate.release();
  }

  @Override
  public PreparedTask prepare(TaskRequest request, ApexConfig config) {
    if (!request.device().equals(SimDevice.ID)) {
      throw new InvalidInputException(
          "unknown device " + request.device() + "; this console can run tasks on: sim");
    }
    configs.add(config);
    Flow flow = request.isFlow() ? Flow.parse(request.flow(), "console", registry) : null;
    Planner planner =
        flow == null ? new StubPlanner() : new FlowReplay(flow, ToolRegistry.defaultRegistry());
    String goal = flow == null ? request.goal() : flow.name();
    return new PreparedTask() {
      @Override
      public String goal() {
        return goal;
      }

      @Override
      public TaskOutcome run(TaskId id, TaskListener listener, Cancellation cancellation) {
        try (SimDevice device = SimDevice.create(SIM_CLOCK)) {
          TaskRunner runner =
              TaskRunner.builder(device, observer(device), planner)
                  .registry(registry)
                  .maxSteps(config.maxSteps())
                  .worldConfig(config.worldConfig())
                  .taskIds(() -> id)
                  .listener(listener)
                  .listener(gate == null ? new TaskListener() {} : gate())
                  .build();
          return runner.run(goal, cancellation);
        }
      }
    };
  }

  private static Observer observer(SimDevice device) {
    Perceiver perceiver = new Perceiver(OcrEngine.NONE);
    return () -> {
      RawCapture capture = device.capture();
      return new Observation(perceiver.observe(capture), capture.screenshot());
    };
  }

  /** Holds the task after each recorded step until the test releases it. */
  private TaskListener gate() {
    return new TaskListener() {
      @Override
      public void stepRecorded(StepRecord record) {
        try {
          gate.acquire();
        } catch (InterruptedException e) {
          // Stopping the console interrupts the task; the runner then ends it as cancelled.
          Thread.currentThread().interrupt();
        }
      }
    };
  }
}
