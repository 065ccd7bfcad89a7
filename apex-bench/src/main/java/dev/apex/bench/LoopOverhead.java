package dev.apex.bench;

import dev.apex.core.Scene;
import dev.apex.core.Sleeper;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import dev.apex.device.sim.SimDevice;
import dev.apex.perception.OcrEngine;
import dev.apex.runtime.TaskListener;
import dev.apex.runtime.TaskRunner;
import dev.apex.runtime.agent.Agent;
import dev.apex.runtime.agent.AgentBuilder;
import dev.apex.runtime.agent.AgentOutcome;
import dev.apex.runtime.flow.Flow;
import dev.apex.storage.SqliteTimeline;
import dev.apex.timeline.StepRecord;
import dev.apex.tools.ToolRegistry;
import dev.apex.world.WorldConfig;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * M5: what the runtime adds to a whole task — a 20-step flow on the simulated phone through the
 * real {@link TaskRunner} (world tracking on, as by default), observing with the real {@link
 * Perceiver} (no OCR: Tesseract's time is the engine's, not the loop's), and, in a second variant,
 * recording each step in a {@link SqliteTimeline} on a temporary file. The device is wrapped in a
 * {@link TimedDevice}; the loop's overhead is the run's wall time minus the time spent inside the
 * device (and any retry wait), per step. Variants alternate run by run.
 */
final class LoopOverhead {

  /**
   * Twenty steps across three sim apps: launching, tapping by text, toggling, typing, asserting.
   */
  static final String FLOW =
      """
      name: bench loop
      steps:
        - launch_app: com.android.settings
        - tap: Wi-Fi
        - tap: { element: "com.android.settings:id/wifi_switch" }
        - assert_visible: { id: "com.android.settings:id/wifi_switch", checked: true }
        - back
        - tap: Bluetooth
        - tap: { element: "com.android.settings:id/bluetooth_switch" }
        - back
        - tap: Display
        - tap: { element: "com.android.settings:id/dark_theme_switch" }
        - back
        - home
        - launch_app: com.apex.sim.notes
        - tap: New note
        - type_text: "Buy bread"
        - tap: Save
        - assert_visible: Buy bread
        - home
        - tap: Messages
        - describe_screen
      """;

  static final String[] VARIANTS = {"loop", "loop + timeline"};

  private static final Clock FIXED =
      Clock.fixed(Instant.parse("2024-05-31T09:41:00Z"), ZoneOffset.UTC);

  private LoopOverhead() {}

  static LoopOverheadResult measure(int warmupRuns, int runs, PrintWriter progress) {
    Flow flow = Flow.parse(FLOW, "the M5 benchmark flow", ToolRegistry.defaultRegistry());
    Path dir;
    try {
      dir = Files.createTempDirectory("apex-bench-loop");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create a temporary folder for the timeline", e);
    }
    try (SqliteTimeline timeline = SqliteTimeline.open(dir.resolve("timeline.db"))) {
      for (int i = 0; i < warmupRuns; i++) {
        for (int v = 0; v < VARIANTS.length; v++) {
          run(flow, v == 1 ? timeline : null);
        }
      }
      List<List<Run>> byVariant = List.of(new ArrayList<>(), new ArrayList<>());
      for (int i = 0; i < runs; i++) {
        for (int k = 0; k < VARIANTS.length; k++) {
          int v = (i + k) % VARIANTS.length;
          byVariant.get(v).add(run(flow, v == 1 ? timeline : null));
        }
      }
      List<LoopOverheadResult.Variant> variants = new ArrayList<>();
      for (int v = 0; v < VARIANTS.length; v++) {
        variants.add(LoopOverheadResult.Variant.of(VARIANTS[v], byVariant.get(v)));
        progress.printf(
            "  %s: %s per step over the device (CPU time %s)%n",
            VARIANTS[v],
            Fmt.nanos(variants.get(v).overhead().median()),
            Fmt.nanos(variants.get(v).cpuOverhead().median()));
      }
      progress.flush();
      return new LoopOverheadResult(flow.steps().size(), variants);
    } finally {
      TimelineAppend.deleteQuietly(dir);
    }
  }

  /**
   * One run's nanoseconds.
   *
   * @param steps steps executed
   * @param wall the whole {@link TaskRunner#run}
   * @param device inside the device
   * @param waited in the sleeper (retry backoff; none expected)
   * @param perception parsing and building scenes
   * @param timeline appending to the timeline (0 without one)
   * @param cpu the run thread's CPU time
   * @param deviceCpu of which inside the device
   */
  record Run(
      int steps,
      long wall,
      long device,
      long waited,
      long perception,
      long timeline,
      long cpu,
      long deviceCpu) {

    long overhead() {
      return wall - device - waited;
    }

    long cpuOverhead() {
      return cpu - deviceCpu;
    }
  }

  private static Run run(Flow flow, SqliteTimeline timeline) {
    TimedDevice device = new TimedDevice(SimDevice.create(FIXED));
    long[] recording = {0};
    long[] waited = {0};
    PerceptionTimer perception = new PerceptionTimer(device);
    // The runtime's own agent and observer, as apex run uses them: only the device is timed.
    AgentBuilder builder =
        Agent.builder()
            .device(device)
            .ocr(OcrEngine.NONE)
            .sleeper(
                duration -> {
                  long start = System.nanoTime();
                  Sleeper.SYSTEM.sleep(duration);
                  waited[0] += System.nanoTime() - start;
                })
            .world(WorldConfig.defaults())
            .listener(perception);
    if (timeline != null) {
      builder.listener(new Recorder(timeline, recording));
    }
    AgentOutcome outcome;
    long cpuStart;
    long start;
    long wall;
    long cpu;
    try (Agent agent = builder.build()) {
      cpuStart = Harness.cpuNow();
      start = System.nanoTime();
      outcome = agent.run(flow);
      wall = System.nanoTime() - start;
      cpu = Harness.cpuNow() - cpuStart;
    } finally {
      device.close();
    }
    if (outcome.status() != TaskStatus.SUCCEEDED) {
      throw new IllegalStateException(
          "the M5 flow must succeed on the sim to be timed, but it ended "
              + outcome.status()
              + ": "
              + outcome.reason());
    }
    return new Run(
        outcome.steps(),
        wall,
        device.nanos(),
        waited[0],
        perception.nanos,
        recording[0],
        cpu,
        device.cpuNanos());
  }

  /**
   * Adds up perception: each observation's time (a step's observe time) less its capture's, which
   * is the device's. The flow planner plans one step per observation, so every step has one.
   */
  private static final class PerceptionTimer implements TaskListener {
    private final TimedDevice device;
    private long observedCapture;
    long nanos;

    PerceptionTimer(TimedDevice device) {
      this.device = device;
    }

    @Override
    public void sceneObserved(TaskId taskId, int stepsSoFar, Scene scene) {
      observedCapture = device.lastCaptureNanos();
    }

    @Override
    public void stepRecorded(StepRecord record) {
      if (!record.observeTime().isZero()) {
        nanos += Math.max(0, record.observeTime().toNanos() - observedCapture);
      }
    }
  }

  /** Records a task in the timeline, adding up the time it takes. */
  private static final class Recorder implements TaskListener {
    private final SqliteTimeline timeline;
    private final long[] nanos;

    Recorder(SqliteTimeline timeline, long[] nanos) {
      this.timeline = timeline;
      this.nanos = nanos;
    }

    @Override
    public void taskStarted(TaskId taskId, String device, String goal) {
      long start = System.nanoTime();
      timeline.startTask(taskId, device, goal);
      nanos[0] += System.nanoTime() - start;
    }

    @Override
    public void stepRecorded(StepRecord record) {
      long start = System.nanoTime();
      timeline.append(record);
      nanos[0] += System.nanoTime() - start;
    }

    @Override
    public void taskFinished(TaskId taskId, TaskStatus status, String reason) {
      long start = System.nanoTime();
      timeline.finishTask(taskId, status, reason);
      nanos[0] += System.nanoTime() - start;
    }
  }
}
