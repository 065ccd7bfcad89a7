package dev.apex.cli;

import dev.apex.config.ApexConfig;
import dev.apex.console.PreparedTask;
import dev.apex.console.TaskLauncher;
import dev.apex.console.TaskRequest;
import dev.apex.core.TaskId;
import dev.apex.perception.OcrEngine;
import dev.apex.runtime.Cancellation;
import dev.apex.runtime.Flow;
import dev.apex.runtime.FlowPlanner;
import dev.apex.runtime.TaskListener;
import dev.apex.runtime.TaskOutcome;
import dev.apex.runtime.planner.ClaudeAgent;
import dev.apex.runtime.planner.Confirmer;
import dev.apex.runtime.planner.PlannerConfig;
import dev.apex.runtime.planner.PlannerModels;
import dev.apex.tools.ToolRegistry;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Starts the console's tasks with real devices and the same pipeline as {@code apex run}. */
final class ConsoleLauncher implements TaskLauncher {

  private final Map<String, String> env;
  private final OcrEngine ocr;
  private final String adb;
  private final String deviceTimeout;

  ConsoleLauncher(Map<String, String> env, OcrEngine ocr, String adb) {
    this(env, ocr, adb, null);
  }

  /**
   * @param deviceTimeout the console's {@code --device-timeout}, or null: each task's deadline is
   *     then the settings' {@code device.timeout_ms} of the moment it starts
   */
  ConsoleLauncher(Map<String, String> env, OcrEngine ocr, String adb, String deviceTimeout) {
    this.env = env;
    this.ocr = ocr;
    this.adb = adb;
    this.deviceTimeout = deviceTimeout;
  }

  /** Goals need a model: with none configured in {@code config} and the environment, says so. */
  @Override
  public Optional<String> goalRefusal(ApexConfig config) {
    return PlannerModels.configured(Settings.of(config, env, false).semantic())
        ? Optional.empty()
        : Optional.of(PlannerModels.NONE_CONFIGURED);
  }

  @Override
  public PreparedTask prepare(TaskRequest request, ApexConfig config) {
    Devices.validate(request.device());
    Flow flow =
        request.isFlow()
            ? Flow.parse(request.flow(), "the console's flow", ToolRegistry.defaultRegistry())
            : null;
    Settings settings = Settings.of(config, env, true);
    settings = settings.withDevice(SharedOptions.deviceLimits(settings.device(), deviceTimeout));
    TaskFactory tasks = new TaskFactory(settings, ocr, adb, null, Wiring.DEFAULT);
    if (flow == null) {
      PlannerModels.require(tasks.settings().semantic());
    }
    String goal = flow != null ? "flow " + flow.name() : request.goal();
    return new PreparedTask() {
      @Override
      public String goal() {
        return goal;
      }

      @Override
      public TaskOutcome run(TaskId id, TaskListener listener, Cancellation cancellation) {
        return run(id, listener, cancellation, Confirmer.DENY);
      }

      /**
       * Plans a goal with Claude (prepare refused it without a key): the config's {@code planner}
       * allow-lists decide what runs without asking, and {@code confirmer} (the console's confirm
       * button) decides the rest.
       */
      @Override
      public TaskOutcome run(
          TaskId id, TaskListener listener, Cancellation cancellation, Confirmer confirmer) {
        if (flow == null) {
          try (ClaudeAgent agent =
              ClaudeAgent.create(
                  tasks.settings().semantic(),
                  PlannerConfig.defaults()
                      .withBudget(
                          PlannerConfig.defaults()
                              .budget()
                              .withMaxSteps(tasks.settings().maxSteps())),
                  tasks.settings().safety(),
                  confirmer)) {
            return tasks.runWith(
                tasks.open(request.device()),
                (d, o, tools) -> agent.runner(d, o).maxSteps(tasks.settings().maxSteps()),
                goal,
                request.goal(),
                id,
                List.of(listener),
                cancellation);
          }
        }
        return tasks.run(
            tasks.open(request.device()),
            new FlowPlanner(flow),
            goal,
            null,
            id,
            List.of(listener),
            cancellation);
      }
    };
  }
}
