package dev.apex.cli;

import dev.apex.core.TaskId;
import dev.apex.device.Device;
import dev.apex.perception.OcrEngine;
import dev.apex.perception.Perceiver;
import dev.apex.runtime.Cancellation;
import dev.apex.runtime.Observer;
import dev.apex.runtime.Planner;
import dev.apex.runtime.TaskListener;
import dev.apex.runtime.TaskOutcome;
import dev.apex.runtime.TaskRunner;
import dev.apex.semantic.Enricher;
import dev.apex.tools.DescribeScreenSemanticTool;
import dev.apex.tools.ToolRegistry;
import java.util.List;
import java.util.function.Supplier;

/**
 * Builds and runs one task the way every entry point does ({@code apex run}, the console): the
 * device from its selector, perception (with OCR when available), semantic labels when enabled, the
 * world model, the tools and the given listeners. Releases the device and the LLM client when the
 * task ends.
 */
final class TaskFactory {

  private final Settings settings;
  private final OcrEngine ocr;
  private final String adb;
  private final java.nio.file.Path capabilities;
  private final Wiring wiring;

  TaskFactory(
      Settings settings,
      OcrEngine ocr,
      String adb,
      java.nio.file.Path capabilities,
      Wiring wiring) {
    this.settings = settings;
    this.ocr = ocr;
    this.adb = adb;
    this.capabilities = capabilities;
    this.wiring = wiring;
  }

  Settings settings() {
    return settings;
  }

  /** Opens the device; the caller runs with {@link #run} and the device is closed there. */
  Device open(String selector) {
    return wiring.devices().open(selector, adb, capabilities, settings.device());
  }

  /**
   * Runs {@code goal} on {@code device} with {@code planner} until the task ends, then closes the
   * device.
   *
   * @param taskId the task's id, or null for a new random one
   * @param planGoal the goal text the planner and the labeller see (null for a flow)
   */
  TaskOutcome run(
      Device device,
      Planner planner,
      String goal,
      String planGoal,
      TaskId taskId,
      List<TaskListener> listeners,
      Cancellation cancellation) {
    return runWith(
        device,
        (d, o, tools) -> TaskRunner.builder(d, o, planner).registry(tools),
        goal,
        planGoal,
        taskId,
        listeners,
        cancellation);
  }

  /**
   * Whether a task's screens get semantic labels: enabled and with a key. Without a key the caller
   * says so once per task ({@code apex run} prints an {@code apex:} line) rather than the enricher
   * logging a warning at every observation.
   */
  static boolean labels(Settings settings) {
    return settings.semantic().enabled() && settings.semantic().hasApiKey();
  }

  /** How a task's runner is set up: a plain planner, or an agent with its own guarded tools. */
  @FunctionalInterface
  interface RunnerSetup {
    TaskRunner.Builder builder(Device device, Observer observer, ToolRegistry tools);
  }

  /** {@link #run(Device, Planner, String, String, TaskId, List, Cancellation)} with any setup. */
  TaskOutcome runWith(
      Device device,
      RunnerSetup setup,
      String goal,
      String planGoal,
      TaskId taskId,
      List<TaskListener> listeners,
      Cancellation cancellation) {
    try (device;
        Enricher enricher = labels(settings) ? Enricher.create(settings.semantic()) : null) {
      Observe observe = new Observe(device, new Perceiver(ocr), enricher, planGoal);
      ToolRegistry tools = ToolRegistry.defaultRegistry();
      if (enricher != null) {
        tools = tools.replace(new DescribeScreenSemanticTool(enricher));
      }
      TaskRunner.Builder builder =
          setup
              .builder(device, observe, tools)
              .sleeper(wiring.sleeper())
              .maxSteps(settings.maxSteps())
              .settleBound(settings.tapSettle())
              .worldConfig(settings.world());
      if (taskId != null) {
        Supplier<TaskId> id = () -> taskId;
        builder.taskIds(id);
      }
      listeners.forEach(builder::listener);
      return builder.build().run(goal, cancellation);
    }
  }
}
