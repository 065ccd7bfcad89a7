package dev.apex.console;

import dev.apex.config.ApexConfig;
import dev.apex.config.ConfigField;
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
  private final Map<ConfigField, List<String>> flags;
  private final LabelStore labelStore;
  private final Tracing tracing;

  /**
   * How the shell traces the console's tasks, in the runtime's types (the console holds no tracer
   * of its own): each task's span listener and a span per device command.
   */
  public interface Tracing {
    /** The listener that makes a task's spans, for the settings the task starts with. */
    TaskListener listener(Settings settings);

    /** {@code device}, making a span per command it is given. */
    Device device(Device device);
  }

  /**
   * @param adb the adb server as host:port, or null for the settings' {@code device.adb_server}
   */
  public AgentLauncher(Map<String, String> env, OcrEngine ocr, String adb) {
    this(
        env,
        ocr,
        adb == null || adb.isBlank()
            ? Map.of()
            : Map.of(ConfigField.DEVICE_ADB_SERVER, List.of(adb)));
  }

  /**
   * @param env the environment the model key and base URL come from
   * @param ocr the OCR engine every task uses
   * @param flags the console's flags of declared settings ({@code --adb}, {@code
   *     --device-timeout}), by setting: they win over the settings of the moment a task starts,
   *     which decide the rest
   */
  public AgentLauncher(
      Map<String, String> env, OcrEngine ocr, Map<ConfigField, List<String>> flags) {
    this(env, ocr, flags, null, null);
  }

  private AgentLauncher(
      Map<String, String> env,
      OcrEngine ocr,
      Map<ConfigField, List<String>> flags,
      LabelStore labelStore,
      Tracing tracing) {
    this.env = Map.copyOf(Objects.requireNonNull(env, "env"));
    this.ocr = Objects.requireNonNull(ocr, "ocr");
    this.flags = Map.copyOf(Objects.requireNonNull(flags, "flags"));
    this.labelStore = labelStore;
    this.tracing = tracing;
  }

  /**
   * This launcher with {@code store} (the console's timeline's) keeping labels across tasks when
   * the settings say {@code semantic.cache: timeline}; without one such tasks cache labels within
   * themselves only.
   */
  public AgentLauncher withLabelStore(LabelStore store) {
    return new AgentLauncher(env, ocr, flags, Objects.requireNonNull(store, "store"), tracing);
  }

  /**
   * This launcher with its tasks traced by {@code tracing}: the tasks it starts on a selector and
   * those the inspector runs on a held device (whose own screen reads between them are not).
   */
  public AgentLauncher withTracing(Tracing tracing) {
    return new AgentLauncher(
        env, ocr, flags, labelStore, Objects.requireNonNull(tracing, "tracing"));
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
        b -> opened(b.device(request.device()).deviceOptions(deviceOptions(config))));
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
        return prepare(null, FlowVariables.none(), title, now, once, b -> b.device(traced(device)));
      }

      @Override
      public PreparedTask flow(String yaml, ApexConfig now) {
        return prepare(yaml, FlowVariables.none(), null, now, null, b -> b.device(traced(device)));
      }

      @Override
      public void close() {
        device.close();
      }
    };
  }

  /** {@code builder} opening its selector's device traced, when tasks are traced. */
  private AgentBuilder opened(AgentBuilder builder) {
    return tracing == null
        ? builder
        : builder.deviceOpener(
            (selector, options) -> tracing.device(DeviceProviders.open(selector, options)));
  }

  /** A held device as one task sees it: traced when tasks are. */
  private Device traced(Device device) {
    return tracing == null ? device : tracing.device(device);
  }

  /** How a console user names a flow's variables. */
  static String howToName(List<String> names) {
    return "give them in the request's vars (\"vars\": {\""
        + names.get(0)
        + "\": \"VALUE\"}), or as "
        + names.get(0)
        + "=VALUE lines under Variables on New task";
  }

  /** The settings' adb server (the console's {@code --adb} first) and device bounds. */
  private DeviceOptions deviceOptions(ApexConfig config) {
    Settings settings = settings(config);
    return new DeviceOptions(
        settings.config().text(ConfigField.DEVICE_ADB_SERVER), null, settings.device(), env);
  }

  /** The settings of the moment with the console's flags over them. */
  Settings settings(ApexConfig config) {
    return Settings.of(config, env, true).withFlags(flags);
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
        if (tracing != null) {
          builder.listener(tracing.listener(settings));
        }
        AgentRun task = run.withTaskId(id).withCancellation(cancellation).withListener(listener);
        try (Agent agent = builder.build()) {
          return agent.run(task).taskOutcome();
        }
      }
    };
  }
}
