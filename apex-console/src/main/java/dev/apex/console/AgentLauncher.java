package dev.apex.console;

import dev.apex.config.ApexConfig;
import dev.apex.config.Settings;
import dev.apex.core.PlannedStep;
import dev.apex.core.RawCapture;
import dev.apex.core.TaskId;
import dev.apex.device.Device;
import dev.apex.device.DeviceOptions;
import dev.apex.device.DeviceProviders;
import dev.apex.perception.OcrEngine;
import dev.apex.perception.Perceiver;
import dev.apex.runtime.Cancellation;
import dev.apex.runtime.Planner;
import dev.apex.runtime.TaskListener;
import dev.apex.runtime.TaskOutcome;
import dev.apex.runtime.agent.Agent;
import dev.apex.runtime.agent.AgentBuilder;
import dev.apex.runtime.agent.AgentRun;
import dev.apex.runtime.flow.Flow;
import dev.apex.runtime.flow.FlowVariables;
import dev.apex.runtime.safety.Confirmer;
import dev.apex.timeline.LabelStore;
import dev.apex.tools.ToolRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;

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
   * @param adb the adb server as host:port, or null for the settings' {@code device.adb_server},
   *     else the environment's or the default
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
    return prepare(
        request.isFlow() ? request.flow() : null,
        request.vars(),
        request.goal(),
        config,
        null,
        b -> b.device(request.device()).deviceOptions(deviceOptions(config)));
  }

  /** The identity the device's provider gives the selector ({@link DeviceProviders#identity}). */
  @Override
  public String identity(String selector, ApexConfig config) {
    return DeviceProviders.identity(selector, deviceOptions(config));
  }

  /**
   * Opens the device now and holds it: each task the inspector runs on it gets an agent over this
   * one device (which the agent does not close), so the screen it left is where the next starts.
   */
  @Override
  public HeldDevice hold(String selector, ApexConfig config) {
    DeviceProviders.validate(selector);
    Settings settings = settings(config);
    Device device = DeviceProviders.open(selector, deviceOptions(config));
    Perceiver perceiver = new Perceiver(ocr);
    return new HeldDevice() {
      @Override
      public Screen screen() {
        RawCapture capture = device.capture();
        return new Screen(perceiver.observe(capture), capture.screenshot());
      }

      @Override
      public Duration deadline() {
        return settings.device().timeout();
      }

      @Override
      public PreparedTask step(String title, PlannedStep step, ApexConfig now) {
        Planner once =
            (goal, scene, context) ->
                context.stepResults().isEmpty() ? List.of(step) : List.<PlannedStep>of();
        return prepare(null, FlowVariables.none(), title, now, once, b -> b.device(device));
      }

      @Override
      public PreparedTask flow(String yaml, ApexConfig now) {
        return prepare(yaml, FlowVariables.none(), null, now, null, b -> b.device(device));
      }

      @Override
      public void close() {
        device.close();
      }
    };
  }

  /** How a console user names a flow's variables. */
  static String howToName(List<String> names) {
    return "give them in the request's vars (\"vars\": {\""
        + names.get(0)
        + "\": \"VALUE\"}), or as "
        + names.get(0)
        + "=VALUE lines under Variables on New task";
  }

  /** The console's {@code --adb}, else the settings' {@code device.adb_server} of the moment. */
  private DeviceOptions deviceOptions(ApexConfig config) {
    String server = adb != null && !adb.isBlank() ? adb : config.device().adbServer();
    return new DeviceOptions(server, null, settings(config).device(), env);
  }

  private Settings settings(ApexConfig config) {
    Settings base = Settings.of(config, env, true);
    return base.withDevice(Settings.withDeviceTimeout(base.device(), deviceTimeout));
  }

  /**
   * A task on the device {@code device} sets on the builder: the flow {@code flowYaml} filled from
   * {@code vars} only, else {@code goal} planned by {@code planner}, else by the model.
   *
   * @throws dev.apex.core.InvalidInputException (a 400) before anything runs, naming each {@code
   *     ${NAME}} of the flow that {@code vars} does not name
   */
  private PreparedTask prepare(
      String flowYaml,
      FlowVariables vars,
      String goal,
      ApexConfig config,
      Planner planner,
      UnaryOperator<AgentBuilder> device) {
    Flow flow =
        flowYaml != null
            ? Flow.parse(flowYaml, "the console's flow", ToolRegistry.defaultRegistry())
                .withVariables(vars, AgentLauncher::howToName)
            : null;
    Settings settings = settings(config);
    if (flow == null && planner == null) {
      settings.requireGoalModel();
    }
    AgentRun run =
        flow != null
            ? AgentRun.flow(flow)
            : planner != null ? AgentRun.planned(goal, planner) : AgentRun.goal(goal);
    String title = flow != null ? "flow " + flow.name() : goal;
    return new PreparedTask() {
      @Override
      public String goal() {
        return title;
      }

      @Override
      public TaskOutcome run(TaskId id, TaskListener listener, Cancellation cancellation) {
        return run(id, listener, cancellation, Confirmer.DENY);
      }

      /**
       * Runs the task; the config's {@code planner} allow-lists decide what runs without asking,
       * and {@code confirmer} (the console's confirm button) decides the rest: a goal's steps and
       * an inspector's step (a person chose what to tap, but a sensitive tap still asks); a flow's
       * authored steps run unasked, as with apex run.
       */
      @Override
      public TaskOutcome run(
          TaskId id, TaskListener listener, Cancellation cancellation, Confirmer confirmer) {
        AgentBuilder builder = device.apply(settings.agent()).ocr(ocr).confirmer(confirmer);
        if (labelStore != null) {
          builder.labelStore(labelStore);
        }
        AgentRun task = run.withTaskId(id).withCancellation(cancellation).withListener(listener);
        try (Agent agent = builder.build()) {
          return agent.run(task).taskOutcome();
        }
      }
    };
  }
}
