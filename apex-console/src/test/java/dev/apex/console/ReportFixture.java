package dev.apex.console;

import dev.apex.core.RawCapture;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.device.sim.SimDevice;
import dev.apex.perception.OcrEngine;
import dev.apex.perception.Perceiver;
import dev.apex.runtime.Observation;
import dev.apex.runtime.TaskOutcome;
import dev.apex.runtime.TaskRunner;
import dev.apex.runtime.TimelineRecorder;
import dev.apex.runtime.flow.Flow;
import dev.apex.runtime.flow.FlowReplay;
import dev.apex.storage.Timeline;
import dev.apex.tools.ToolRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * Real tasks for the report's tests: a flow run on the simulated phone with the real perception and
 * runner, recorded in a real timeline through the one recorder.
 */
final class ReportFixture {

  /** The project's example flow, read from the repository (not a copy). */
  static final Path WIFI_FLOW = locate("examples/flows/settings-wifi-on.yaml");

  private static final Clock SIM_CLOCK =
      Clock.fixed(Instant.parse("2026-05-01T09:41:00Z"), ZoneOffset.UTC);

  private ReportFixture() {}

  /** Runs {@code flow} on a fresh sim as task {@code id} with {@code goal}; returns its outcome. */
  static TaskOutcome run(Timeline timeline, TaskId id, String goal, Flow flow) {
    try (SimDevice device = SimDevice.create(SIM_CLOCK)) {
      Perceiver perceiver = new Perceiver(OcrEngine.NONE);
      TaskRunner runner =
          TaskRunner.builder(
                  device,
                  () -> {
                    RawCapture capture = device.capture();
                    return new Observation(perceiver.observe(capture), capture.screenshot());
                  },
                  new FlowReplay(flow, ToolRegistry.defaultRegistry()))
              .maxSteps(Math.max(20, flow.steps().size()))
              .taskIds(() -> id)
              .listener(new TimelineRecorder(timeline, null))
              .build();
      return runner.run(goal);
    }
  }

  static Flow wifiFlow() {
    return Flow.load(WIFI_FLOW, ToolRegistry.defaultRegistry());
  }

  /** A flow of exactly {@code steps} steps on Settings: in and out of the Wi-Fi page. */
  static Flow longFlow(int steps) {
    List<String> lines = new ArrayList<>(List.of("name: Wi-Fi in and out", "steps:"));
    lines.add("  - launch_app: com.android.settings");
    for (int i = 1; i < steps; i++) {
      lines.add(i % 2 == 1 ? "  - tap: { text: \"Wi-Fi\" }" : "  - press_key: { key: back }");
    }
    return Flow.parse(String.join("\n", lines) + "\n", "test", ToolRegistry.defaultRegistry());
  }

  static void requireSucceeded(TaskOutcome outcome) {
    if (outcome.status() != TaskStatus.SUCCEEDED) {
      throw new AssertionError("the fixture's task did not succeed: " + outcome.reason());
    }
  }

  private static Path locate(String relative) {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve(relative);
      if (Files.exists(candidate)) {
        return candidate;
      }
    }
    throw new IllegalStateException(relative + " not found above " + Path.of("").toAbsolutePath());
  }
}
