package dev.apex.runtime.agent;

import dev.apex.core.InvalidInputException;
import dev.apex.core.Scene;
import dev.apex.core.TaskId;
import dev.apex.device.Device;
import dev.apex.device.DeviceOptions;
import dev.apex.device.DeviceProviders;
import dev.apex.llm.LlmUsage;
import dev.apex.perception.Perceiver;
import dev.apex.runtime.Cancellation;
import dev.apex.runtime.LlmTotals;
import dev.apex.runtime.TaskOutcome;
import dev.apex.runtime.TaskRunner;
import dev.apex.runtime.TimelineRecorder;
import dev.apex.runtime.flow.Flow;
import dev.apex.runtime.flow.FlowReplay;
import dev.apex.runtime.planner.ModelAgent;
import dev.apex.runtime.planner.PlannerConfig;
import dev.apex.runtime.planner.PlannerModels;
import dev.apex.runtime.planner.Pricing;
import dev.apex.runtime.safety.Confirmer;
import dev.apex.runtime.safety.SensitiveAction;
import dev.apex.semantic.Enricher;
import dev.apex.semantic.Enrichment;
import dev.apex.semantic.EnrichmentContext;
import dev.apex.timeline.LabelStore;
import dev.apex.timeline.TaskTimeline;
import dev.apex.timeline.TimelineProviders;
import dev.apex.tools.DescribeScreenSemanticTool;
import dev.apex.tools.ToolRegistry;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

/**
 * apex's entry point: an agent on one device that runs flows and goals to a typed {@link
 * AgentOutcome}, describes the screen, and records what it does through its listeners. The CLI, the
 * console, the bench and the JUnit extension are shells over it.
 *
 * <pre>{@code
 * try (Agent agent = Agent.builder().device("sim").build()) {
 *   AgentOutcome outcome = agent.runFlow(Path.of("examples/flows/settings-wifi-on.yaml"));
 *   System.out.println(outcome.status() + " after " + outcome.steps() + " steps");
 * }
 * }</pre>
 *
 * <p>An agent given a selector opens its device on first use and closes it with {@link #close()}; a
 * {@link Device} you pass in stays yours to close. It never reads settings files or the
 * environment: the caller passes plain options ({@code apex-config} turns the settings file into
 * them). One agent runs one task at a time; use one agent per device to run several at once.
 */
public final class Agent implements AutoCloseable {

  private final AgentBuilder options;
  private final Perceiver perceiver;
  private final Enricher enricher;
  private final ToolRegistry tools;
  private final Object deviceLock = new Object();
  private Device device;
  private TaskTimeline openedTimeline;
  private boolean closed;
  private final AtomicBoolean toldNoLabelStore = new AtomicBoolean();

  Agent(AgentBuilder b) {
    this.options = b;
    this.perceiver =
        new Perceiver(b.ocrEngine != null ? b.ocrEngine : PerceivingObserver.ocr(b.ocr, b.notices));
    boolean labels = b.labels && b.model.ready();
    this.enricher = labels ? Enricher.create(b.model.withEnabled(true), b.clock, b.sleeper) : null;
    this.tools =
        enricher == null ? b.tools : b.tools.replace(new DescribeScreenSemanticTool(enricher));
  }

  /** A builder with the defaults: the sim, no model, OCR when installed, world tracking on. */
  public static AgentBuilder builder() {
    return new AgentBuilder();
  }

  /** Loads the flow file and runs it; see {@link #run(AgentRun)}. */
  public AgentOutcome runFlow(Path flowFile) {
    return run(AgentRun.flow(Flow.load(flowFile, tools)));
  }

  /** Runs {@code flow}; see {@link #run(AgentRun)}. */
  public AgentOutcome run(Flow flow) {
    return run(AgentRun.flow(flow));
  }

  /**
   * Plans and runs {@code goal} with the model.
   *
   * @throws dev.apex.core.InvalidInputException before anything runs when no model is configured (a
   *     goal nothing can plan is refused, never reported reached)
   */
  public AgentOutcome runGoal(String goal) {
    return run(AgentRun.goal(goal));
  }

  /**
   * Runs one task to its end. Never throws for the task's own failure: see the outcome's status.
   *
   * @throws dev.apex.core.InvalidInputException when the run needs a model and none is configured
   * @throws dev.apex.core.ApexException when the device cannot be opened
   */
  public AgentOutcome run(AgentRun run) {
    Objects.requireNonNull(run, "run");
    if (run.needsModel()) {
      PlannerModels.require(options.model);
    }
    if (run.flow() != null && !run.flow().variables().isEmpty()) {
      throw new InvalidInputException(
          run.flow().source()
              + " uses "
              + run.flow().variables().stream()
                  .map(v -> "${" + v + "}")
                  .collect(Collectors.joining(", "))
              + ": fill them first from the run's named variables (Flow.withVariables;"
              + " apex run --var NAME)");
    }
    Device d = device();
    AtomicReference<LlmTotals> labels =
        new AtomicReference<>(LlmTotals.none(options.model.model()));
    LabelCache labelCache = newLabelCache();
    PerceivingObserver observer =
        new PerceivingObserver(
            d,
            perceiver,
            enricher,
            run.goal(),
            usage -> addLabels(labels, usage),
            labelCache,
            recordsScreenshots(run.listeners().isEmpty()));
    // A flow's steps were written by a person, who confirmed them by writing them; a model's
    // steps (a goal's, a heal's) go to the agent's confirmer. The policy sees every step at the
    // executor either way.
    Confirmer asks = run.confirmer() != null ? run.confirmer() : options.confirmer;
    Confirmer confirmer =
        run.confirmer() != null
            ? run.confirmer()
            : run.flow() != null ? Confirmer.AUTHORED : options.confirmer;
    Cancellation cancellation =
        run.cancellation() != null ? run.cancellation() : new Cancellation();
    ModelAgent claude = null;
    FlowReplay replay = null;
    FlowRecording healing = null;
    try {
      TaskRunner.Builder runner;
      if (run.flow() != null) {
        boolean modelHeals =
            run.heal() && run.healer() == null && PlannerModels.configured(options.model);
        if (run.heal() && run.healer() == null && !modelHeals) {
          options.notices.accept(
              "healing needs a model (set ANTHROPIC_API_KEY): a drifted step fails, as without"
                  + " --heal");
        }
        AtomicReference<FlowReplay> current = new AtomicReference<>();
        Confirmer replayConfirmer = replayConfirmer(current, confirmer, asks);
        if (modelHeals) {
          claude = claude(replayConfirmer);
          replay = new FlowReplay(run.flow(), tools, claude.planner(), run.healCalls());
          runner = claude.runner(d, observer, replay);
        } else if (run.heal() && run.healer() != null) {
          replay = new FlowReplay(run.flow(), tools, run.healer(), run.healCalls());
          runner =
              TaskRunner.builder(d, observer, replay)
                  .registry(tools)
                  .safety(options.safety, replayConfirmer)
                  .stopOnStepFailure(false);
        } else {
          replay = new FlowReplay(run.flow(), tools);
          runner =
              TaskRunner.builder(d, observer, replay)
                  .registry(tools)
                  .safety(options.safety, confirmer);
        }
        current.set(replay);
        if (replay.heals()) {
          healing = new FlowRecording(run.flow().name());
          runner.listener(healing);
        }
      } else if (run.planner() != null) {
        runner =
            TaskRunner.builder(d, observer, run.planner())
                .registry(tools)
                .safety(options.safety, confirmer);
      } else {
        claude = claude(confirmer);
        runner = claude.runner(d, observer);
      }
      runner
          .clock(options.clock)
          .sleeper(options.sleeper)
          .retryPolicy(options.retryPolicy)
          .maxSteps(options.maxSteps)
          .settleBound(options.tapSettle)
          .worldConfig(options.world);
      TaskId id = run.taskId();
      if (id != null) {
        runner.taskIds(() -> id);
      }
      TaskTimeline timeline = timeline();
      if (timeline != null) {
        runner.listener(new TimelineRecorder(timeline, cancellation));
      }
      options.listeners.forEach(runner::listener);
      run.listeners().forEach(runner::listener);
      TaskOutcome outcome = runner.build().run(run.title(), cancellation);
      LlmTotals planning =
          claude != null ? claude.totals() : LlmTotals.none(options.planner.model());
      Optional<String> summary = claude != null ? claude.summary() : Optional.empty();
      AgentOutcome result =
          AgentOutcome.of(
              outcome,
              planning,
              labels.get(),
              run.flow() != null ? Optional.empty() : summary,
              labelCache == null ? LabelSavings.NONE : labelCache.savings(),
              null);
      return replay == null
          ? result
          : result.withReplay(report(result, replay, healing, run.heal()));
    } finally {
      if (claude != null) {
        claude.close();
      }
    }
  }

  private ModelAgent claude(Confirmer confirmer) {
    PlannerConfig planner =
        options.planner.withBudget(options.planner.budget().withMaxSteps(options.maxSteps));
    return ModelAgent.create(
        options.model, planner, options.safety, confirmer, tools, options.clock, options.sleeper);
  }

  /**
   * Who confirms a replay's sensitive steps: {@code authored} for the flow's own steps, {@code
   * asks} (a person) for those the healer planned.
   */
  private static Confirmer replayConfirmer(
      AtomicReference<FlowReplay> replay, Confirmer authored, Confirmer asks) {
    return new Confirmer() {
      @Override
      public boolean confirm(SensitiveAction action) {
        return modelPlanned() ? asks.confirm(action) : authored.confirm(action);
      }

      @Override
      public String refusal(SensitiveAction action) {
        return modelPlanned() ? asks.refusal(action) : authored.refusal(action);
      }

      private boolean modelPlanned() {
        FlowReplay r = replay.get();
        return r != null && r.healing();
      }
    };
  }

  private static ReplayReport report(
      AgentOutcome outcome, FlowReplay replay, FlowRecording healing, boolean asked) {
    Optional<String> yaml = Optional.empty();
    Optional<String> why = Optional.empty();
    if (healing == null) {
      why = Optional.of(asked ? "no model to heal with" : "healing was off");
    } else if (replay.healedSteps() == 0) {
      why = Optional.of("no step needed healing");
    } else {
      try {
        yaml = Optional.of(healing.toHealedFlow(outcome, replay));
      } catch (InvalidInputException e) {
        why = Optional.of(e.getMessage());
      }
    }
    return new ReplayReport(
        replay.heals(),
        replay.healedSteps(),
        replay.healCalls(),
        replay.screenDrifts(),
        replay.healPlans(),
        replay.marks(),
        yaml,
        why);
  }

  /**
   * Opens a task that the caller drives one step at a time (a JUnit test, an MCP client): see
   * {@link Session}. Its steps run through this agent's device, observer, tools, world tracking and
   * listeners, as a run's do; it opens the device first.
   *
   * @param title the task's goal text in the timeline, e.g. the test's name
   * @throws dev.apex.core.ApexException when the device cannot be opened
   */
  public Session session(String title) {
    return session(title, Session.MAX_STEPS);
  }

  /**
   * {@link #session(String)} ending {@link dev.apex.core.TaskStatus#MAX_STEPS} after {@code
   * maxSteps} steps (an MCP server's {@code --max-steps}).
   *
   * @throws IllegalArgumentException when {@code maxSteps} is below 1
   */
  public Session session(String title, int maxSteps) {
    if (maxSteps < 1) {
      throw new IllegalArgumentException("maxSteps must be at least 1, got " + maxSteps);
    }
    Device d = device();
    PerceivingObserver observer =
        new PerceivingObserver(
            d, perceiver, enricher, null, usage -> {}, newLabelCache(), recordsScreenshots(true));
    return Session.start(
        title,
        maxSteps,
        (planner, cancellation) -> {
          TaskRunner.Builder runner =
              TaskRunner.builder(d, observer, planner)
                  .registry(tools)
                  .clock(options.clock)
                  .sleeper(options.sleeper)
                  .retryPolicy(options.retryPolicy)
                  .settleBound(options.tapSettle)
                  .worldConfig(options.world)
                  .safety(options.safety, options.confirmer);
          TaskTimeline timeline = timeline();
          if (timeline != null) {
            // Its stop requests (the console's Cancel) reach the session's own cancellation.
            runner.listener(new TimelineRecorder(timeline, cancellation));
          }
          options.listeners.forEach(runner::listener);
          return runner;
        },
        this::scene);
  }

  /**
   * The current screen as a Scene: one capture, perceived (no labels). The capture takes a
   * screenshot only for OCR ({@link Device#captureTree()} otherwise): nothing records it.
   */
  public Scene scene() {
    return perceiver.observe(PerceivingObserver.capture(device(), perceiver));
  }

  /**
   * Whether a task's observations must carry their screenshot: a timeline keeps them for playback,
   * and a listener may read them from its step records.
   */
  private boolean recordsScreenshots(boolean noRunListeners) {
    return timeline() != null || !options.listeners.isEmpty() || !noRunListeners;
  }

  /**
   * The current screen and, when labels are on, its labels (or why there are none): what {@code
   * apex describe} prints.
   */
  public Description describe() {
    return describe(scene());
  }

  /**
   * {@code scene} and, when labels are on, its labels or why there are none (a scene read from a
   * saved dump, say). Opens no device.
   */
  public Description describe(Scene scene) {
    Objects.requireNonNull(scene, "scene");
    if (!options.labels) {
      return new Description(scene, null);
    }
    EnrichmentContext context = PerceivingObserver.compactContext(scene, null);
    if (enricher == null) {
      // Asked for labels with no key: the enricher says why there are none, without a call.
      try (Enricher none = new Enricher(options.model.withEnabled(true), null)) {
        return new Description(scene, none.enrich(scene, context));
      }
    }
    return new Description(scene, enricher.enrich(scene, context));
  }

  /**
   * A screen and its labels.
   *
   * @param scene the perceived screen
   * @param enrichment the labelling's outcome, or null when labels are off
   */
  public record Description(Scene scene, Enrichment enrichment) {}

  /**
   * The timeline runs are recorded in: the one given, the file given (opened on first use through
   * the {@link TimelineProviders} on the classpath), or null for none.
   */
  public TaskTimeline timeline() {
    if (options.timeline != null) {
      return options.timeline;
    }
    if (options.timelineFile == null) {
      return null;
    }
    synchronized (deviceLock) {
      if (closed) {
        throw new IllegalStateException("this agent is closed");
      }
      if (openedTimeline == null) {
        openedTimeline = TimelineProviders.open(options.timelineFile);
      }
      return openedTimeline;
    }
  }

  /** The device, opened on first use. */
  public Device device() {
    synchronized (deviceLock) {
      if (closed) {
        throw new IllegalStateException("this agent is closed");
      }
      if (device == null) {
        device =
            options.device != null
                ? options.device
                : options.opener.open(options.selector, options.deviceOptions);
      }
      return device;
    }
  }

  /** The tools steps may use (the semantic describe tool among them when labels are on). */
  public ToolRegistry tools() {
    return tools;
  }

  /** Whether a goal can be planned: a model is configured. */
  public boolean modelConfigured() {
    return PlannerModels.configured(options.model);
  }

  /** Closes the device it opened (not one passed in) and the model clients. Idempotent. */
  @Override
  public void close() {
    Device opened;
    TaskTimeline timeline;
    synchronized (deviceLock) {
      if (closed) {
        return;
      }
      closed = true;
      opened = options.device == null ? device : null;
      device = null;
      timeline = openedTimeline;
      openedTimeline = null;
    }
    try {
      if (enricher != null) {
        enricher.close();
      }
    } finally {
      try {
        if (opened != null) {
          opened.close();
        }
      } finally {
        if (timeline != null) {
          timeline.close();
        }
      }
    }
  }

  /**
   * A task's label cache as the options say, or null when labels are off or the cache is. In
   * timeline mode without a store (no timeline, or one that keeps no labels) it caches within the
   * task only, and says so once.
   */
  private LabelCache newLabelCache() {
    if (enricher == null || options.labelCache == LabelCacheMode.OFF) {
      return null;
    }
    LabelStore store = null;
    if (options.labelCache == LabelCacheMode.TIMELINE) {
      store = options.labelStore;
      if (store == null) {
        TaskTimeline timeline = timeline();
        store = timeline == null ? null : timeline.labelStore().orElse(null);
      }
      if (store == null && !toldNoLabelStore.getAndSet(true)) {
        options.notices.accept(
            "semantic.cache is timeline but no timeline keeps labels here;"
                + " labels are cached within each task only");
      }
    }
    return new LabelCache(enricher.model(), Enricher.promptVersion(), store, options.labelCacheTtl);
  }

  private void addLabels(AtomicReference<LlmTotals> totals, LlmUsage usage) {
    if (usage == null || usage.equals(LlmUsage.NONE)) {
      return;
    }
    double cost = Pricing.forConnection(options.model, options.model.model()).costUsd(usage);
    totals.updateAndGet(t -> t.plus(usage, cost));
  }

  /**
   * Opens the device a selector names; {@link DeviceProviders#open} unless a test gives another.
   */
  @FunctionalInterface
  public interface DeviceOpener {
    Device open(String selector, DeviceOptions options);
  }
}
