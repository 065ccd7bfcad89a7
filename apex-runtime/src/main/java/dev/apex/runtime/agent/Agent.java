package dev.apex.runtime.agent;

import dev.apex.core.InvalidInputException;
import dev.apex.core.Scene;
import dev.apex.device.Device;
import dev.apex.device.DeviceOptions;
import dev.apex.device.DeviceProviders;
import dev.apex.llm.LlmUsage;
import dev.apex.perception.Perceiver;
import dev.apex.runtime.Cancellation;
import dev.apex.runtime.LlmTotals;
import dev.apex.runtime.RunAssembly;
import dev.apex.runtime.RunParts;
import dev.apex.runtime.TaskListener;
import dev.apex.runtime.TaskOutcome;
import dev.apex.runtime.flow.Flow;
import dev.apex.runtime.observe.LabelCache;
import dev.apex.runtime.observe.LabelCacheMode;
import dev.apex.runtime.observe.LabelSavings;
import dev.apex.runtime.observe.PerceivingObserver;
import dev.apex.runtime.planner.PlannerModels;
import dev.apex.runtime.planner.Pricing;
import dev.apex.semantic.Enricher;
import dev.apex.semantic.Enrichment;
import dev.apex.semantic.EnrichmentContext;
import dev.apex.timeline.LabelStore;
import dev.apex.timeline.TaskTimeline;
import dev.apex.timeline.TimelineProviders;
import dev.apex.tools.DescribeScreenSemanticTool;
import dev.apex.tools.ToolRegistry;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
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
  private final RunKinds kinds;
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
    this.kinds = new RunKinds(b, tools);
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
    requireRunnable(run);
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
    Cancellation cancellation =
        run.cancellation() != null ? run.cancellation() : new Cancellation();
    try (PreparedRun prepared = kinds.prepare(run, observer)) {
      TaskOutcome outcome =
          assembly(d, run.listeners())
              .runner(prepared.parts(), cancellation)
              .run(run.title(), cancellation);
      return prepared.outcome(
          outcome,
          options.planner.model(),
          labels.get(),
          labelCache == null ? LabelSavings.NONE : labelCache.savings());
    }
  }

  /** Refuses, before anything runs, a goal with no model or a flow with unfilled variables. */
  private void requireRunnable(AgentRun run) {
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
  }

  /**
   * What every run on {@code d} shares: the tools, the safety policy, time, retries, the step
   * limit, tap settle, world tracking, the timeline, and the agent's listeners, then {@code
   * runListeners}.
   */
  private RunAssembly assembly(Device d, List<TaskListener> runListeners) {
    List<TaskListener> listeners = new ArrayList<>(options.listeners);
    listeners.addAll(runListeners);
    return new RunAssembly(
        d,
        tools,
        options.policy(),
        options.clock,
        options.sleeper,
        options.retryPolicy,
        options.maxSteps,
        options.tapSettle,
        options.world,
        timeline(),
        listeners);
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
        planner -> RunParts.of(planner, observer, options.confirmer),
        assembly(d, List.of()),
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
