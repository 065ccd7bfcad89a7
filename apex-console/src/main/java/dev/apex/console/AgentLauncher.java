package dev.apex.console;

import dev.apex.config.ApexConfig;
import dev.apex.config.Settings;
import dev.apex.core.TaskId;
import dev.apex.device.DeviceOptions;
import dev.apex.device.DeviceProviders;
import dev.apex.perception.OcrEngine;
import dev.apex.runtime.Cancellation;
import dev.apex.runtime.Flow;
import dev.apex.runtime.TaskListener;
import dev.apex.runtime.TaskOutcome;
import dev.apex.runtime.agent.Agent;
import dev.apex.runtime.agent.AgentBuilder;
import dev.apex.runtime.agent.AgentRun;
import dev.apex.runtime.planner.Confirmer;
import dev.apex.timeline.LabelStore;
import dev.apex.tools.ToolRegistry;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Starts the console's tasks through the runtime's {@link Agent}, with the settings in force when
 * each task starts: the same agent as {@code apex run}, devices found through the providers on the
 * classpath.
 */
public final class AgentLauncher implements TaskLauncher {

  private final Map<String, String> env;
  private final OcrEngine ocr;
  private final String adb;
  private final String deviceTimeout;
  private final LabelStore labelStore;

  public AgentLauncher(Map<String, String> env, OcrEngine ocr, String adb) {
    this(env, ocr, adb, null);
  }

  /**
   * @param env the environment the model key and base URL come from
   * @param ocr the OCR engine every task uses
   * @param adb the adb server as host:port, or null for the environment's or the default
   * @param deviceTimeout the console's {@code --device-timeout}, or null: each task's deadline is
   *     then the settings' {@code device.timeout_ms} of the moment it starts
   */
  public AgentLauncher(Map<String, String> env, OcrEngine ocr, String adb, String deviceTimeout) {
    this(env, ocr, adb, deviceTimeout, null);
  }

  private AgentLauncher(
      Map<String, String> env,
      OcrEngine ocr,
      String adb,
      String deviceTimeout,
      LabelStore labelStore) {
    this.env = Map.copyOf(Objects.requireNonNull(env, "env"));
    this.ocr = Objects.requireNonNull(ocr, "ocr");
    this.adb = adb;
    this.deviceTimeout = deviceTimeout;
    this.labelStore = labelStore;
  }

  /**
   * This launcher with {@code store} (the console's timeline's) keeping labels across tasks when
   * the settings say {@code semantic.cache: timeline}; without one such tasks cache labels within
   * themselves only.
   */
  public AgentLauncher withLabelStore(LabelStore store) {
    return new AgentLauncher(env, ocr, adb, deviceTimeout, Objects.requireNonNull(store, "store"));
  }

  /** Goals need a model: with none configured in {@code config} and the environment, says so. */
  @Override
  public Optional<String> goalRefusal(ApexConfig config) {
    return Settings.of(config, env, false).goalRefusal();
  }

  @Override
  public PreparedTask prepare(TaskRequest request, ApexConfig config) {
    DeviceProviders.validate(request.device());
    Flow flow =
        request.isFlow()
            ? Flow.parse(request.flow(), "the console's flow", ToolRegistry.defaultRegistry())
            : null;
    Settings base = Settings.of(config, env, true);
    Settings settings = base.withDevice(Settings.withDeviceTimeout(base.device(), deviceTimeout));
    if (flow == null) {
      settings.requireGoalModel();
    }
    AgentRun run = flow != null ? AgentRun.flow(flow) : AgentRun.goal(request.goal());
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
       * Runs the task; the config's {@code planner} allow-lists decide what runs without asking,
       * and {@code confirmer} (the console's confirm button) decides the rest.
       */
      @Override
      public TaskOutcome run(
          TaskId id, TaskListener listener, Cancellation cancellation, Confirmer confirmer) {
        AgentBuilder builder =
            settings
                .agent()
                .device(request.device())
                .deviceOptions(new DeviceOptions(adb, null, settings.device(), env))
                .ocr(ocr)
                .confirmer(confirmer);
        if (labelStore != null) {
          builder.labelStore(labelStore);
        }
        try (Agent agent = builder.build()) {
          return agent
              .run(run.withTaskId(id).withCancellation(cancellation).withListener(listener))
              .taskOutcome();
        }
      }
    };
  }
}
