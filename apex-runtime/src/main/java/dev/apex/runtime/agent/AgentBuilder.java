package dev.apex.runtime.agent;

import dev.apex.core.Sleeper;
import dev.apex.core.retry.RetryPolicy;
import dev.apex.device.Device;
import dev.apex.device.DeviceOptions;
import dev.apex.device.DeviceProviders;
import dev.apex.llm.SemanticConfig;
import dev.apex.perception.OcrEngine;
import dev.apex.runtime.TaskListener;
import dev.apex.runtime.TaskRunner;
import dev.apex.runtime.observe.LabelCacheMode;
import dev.apex.runtime.planner.PlannerConfig;
import dev.apex.runtime.safety.Confirmer;
import dev.apex.runtime.safety.OriginRule;
import dev.apex.runtime.safety.SafetyPolicy;
import dev.apex.timeline.LabelStore;
import dev.apex.timeline.TaskTimeline;
import dev.apex.timeline.TimelineProviders;
import dev.apex.tools.ToolRegistry;
import dev.apex.world.WorldConfig;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * An agent's options. {@link #build()} checks them once, with messages that name the option. Not
 * thread-safe.
 */
public final class AgentBuilder {
  String selector = "sim";
  Device device;
  DeviceOptions deviceOptions = DeviceOptions.DEFAULTS;
  Agent.DeviceOpener opener = DeviceProviders::open;
  boolean customOpener;
  SemanticConfig model = SemanticConfig.defaults();
  PlannerConfig planner = PlannerConfig.defaults();
  boolean labels;
  LabelCacheMode labelCache = LabelCacheMode.DEFAULT;
  Duration labelCacheTtl = LabelCacheMode.DEFAULT_TTL;
  LabelStore labelStore;
  int maxSteps = TaskRunner.DEFAULT_MAX_STEPS;
  boolean ocr = true;
  OcrEngine ocrEngine;
  WorldConfig world = WorldConfig.defaults();
  SafetyPolicy safety = SafetyPolicy.defaults();
  Confirmer confirmer = Confirmer.DENY;
  final List<TaskListener> listeners = new ArrayList<>();
  Duration tapSettle = dev.apex.tools.TapTool.DEFAULT_SETTLE;
  Clock clock = Clock.systemUTC();
  Sleeper sleeper = Sleeper.SYSTEM;
  RetryPolicy retryPolicy = RetryPolicy.DEFAULT;
  ToolRegistry tools = ToolRegistry.defaultRegistry();
  Consumer<String> notices = notice -> {};
  TaskTimeline timeline;
  Path timelineFile;

  AgentBuilder() {}

  /**
   * The device by selector: {@code sim} (the default), {@code android[:SERIAL]}, {@code
   * ios[:WDA_URL]}, {@code web[:URL]} or {@code webdriver:ENDPOINT}; its driver module must be on
   * the classpath.
   */
  public AgentBuilder device(String selector) {
    this.selector = Objects.requireNonNull(selector, "device selector");
    this.device = null;
    return this;
  }

  /** A device you already hold; the agent does not close it. */
  public AgentBuilder device(Device device) {
    this.device = Objects.requireNonNull(device, "device");
    return this;
  }

  /** How a selector's device is opened: adb address, capabilities, I/O bounds. */
  public AgentBuilder deviceOptions(DeviceOptions value) {
    this.deviceOptions = Objects.requireNonNull(value, "deviceOptions");
    return this;
  }

  /** Who opens a selector's device; default {@link DeviceProviders#open}. */
  public AgentBuilder deviceOpener(Agent.DeviceOpener value) {
    this.opener = Objects.requireNonNull(value, "deviceOpener");
    this.customOpener = true;
    return this;
  }

  /**
   * The model connection (key, base URL, time budget, retries, the labelling model). With no key,
   * goals are refused and screens are not labelled.
   */
  public AgentBuilder model(SemanticConfig value) {
    this.model = Objects.requireNonNull(value, "model");
    return this;
  }

  /** How goals are planned: the planning model, the budget, the loop policy. */
  public AgentBuilder planner(PlannerConfig value) {
    this.planner = Objects.requireNonNull(value, "planner");
    return this;
  }

  /** Whether each screen gets semantic labels (one model call per observation); default off. */
  public AgentBuilder labels(boolean value) {
    this.labels = value;
    return this;
  }

  /**
   * Where the labels of a screen are kept so a revisited screen costs no labelling call: {@link
   * LabelCacheMode#TASK} (the default) within each task, {@link LabelCacheMode#TIMELINE} across
   * tasks too, in the timeline database ({@link #labelStore}, else the {@link #timeline}'s), or
   * {@link LabelCacheMode#OFF}. Only matters with {@link #labels} on.
   */
  public AgentBuilder labelCache(LabelCacheMode value) {
    this.labelCache = Objects.requireNonNull(value, "labelCache");
    return this;
  }

  /**
   * How long a labelling kept across tasks is served, positive; default {@link
   * LabelCacheMode#DEFAULT_TTL} (7 days).
   */
  public AgentBuilder labelCacheTtl(Duration value) {
    this.labelCacheTtl = Objects.requireNonNull(value, "labelCacheTtl");
    return this;
  }

  /**
   * Where {@link LabelCacheMode#TIMELINE} keeps labellings when runs are recorded by a listener of
   * your own rather than through {@link #timeline}: e.g. {@code SqliteTimeline.labels()}. Default:
   * the timeline's own store.
   */
  public AgentBuilder labelStore(LabelStore value) {
    this.labelStore = Objects.requireNonNull(value, "labelStore");
    return this;
  }

  /** The most steps one task may run; default 20. */
  public AgentBuilder maxSteps(int value) {
    this.maxSteps = value;
    return this;
  }

  /** Whether to OCR screenshots when Tesseract is installed; default on. */
  public AgentBuilder ocr(boolean value) {
    this.ocr = value;
    this.ocrEngine = null;
    return this;
  }

  /** An OCR engine of your own ({@link OcrEngine#NONE} for none). */
  public AgentBuilder ocr(OcrEngine value) {
    this.ocrEngine = Objects.requireNonNull(value, "ocr");
    return this;
  }

  /** World tracking; default on, with a history of 10. */
  public AgentBuilder world(WorldConfig value) {
    this.world = Objects.requireNonNull(value, "world");
    return this;
  }

  /**
   * What runs without asking; default {@link SafetyPolicy#defaults()}. The page origin of a {@code
   * web:URL} {@link #device(String) selector} is allowed beside it ({@link #policy()}).
   */
  public AgentBuilder safety(SafetyPolicy value) {
    this.safety = Objects.requireNonNull(value, "safety");
    return this;
  }

  /**
   * The policy runs use: {@link #safety} with the page origin of the selector's own {@code web:URL}
   * allowed too ({@link OriginRule#pageOrigin}), since whoever named the device chose that site, so
   * a run may open its pages again without asking; another origin still follows the rule. A device
   * given as an instance names no page.
   */
  SafetyPolicy policy() {
    Optional<String> page = device == null ? OriginRule.pageOrigin(selector) : Optional.empty();
    if (page.isEmpty()) {
      return safety;
    }
    Set<String> origins = new LinkedHashSet<>(safety.allowedOrigins());
    origins.add(page.get());
    return safety.withAllowedOrigins(origins);
  }

  /** Who is asked about the rest; default {@link Confirmer#DENY}. */
  public AgentBuilder confirmer(Confirmer value) {
    this.confirmer = Objects.requireNonNull(value, "confirmer");
    return this;
  }

  /** Hears every run's events (a timeline recorder, a progress printer); in the order added. */
  public AgentBuilder listener(TaskListener value) {
    this.listeners.add(Objects.requireNonNull(value, "listener"));
    return this;
  }

  /** How long a tap waits for its element to hold still; default 2 s, zero to tap at once. */
  public AgentBuilder tapSettle(Duration value) {
    this.tapSettle = Objects.requireNonNull(value, "tapSettle");
    return this;
  }

  public AgentBuilder clock(Clock value) {
    this.clock = Objects.requireNonNull(value, "clock");
    return this;
  }

  /** How retry backoff and the {@code wait} tool wait; tests pass a recording sleeper. */
  public AgentBuilder sleeper(Sleeper value) {
    this.sleeper = Objects.requireNonNull(value, "sleeper");
    return this;
  }

  public AgentBuilder retryPolicy(RetryPolicy value) {
    this.retryPolicy = Objects.requireNonNull(value, "retryPolicy");
    return this;
  }

  /** The tools steps may use; default {@link ToolRegistry#defaultRegistry()}. */
  public AgentBuilder tools(ToolRegistry value) {
    this.tools = Objects.requireNonNull(value, "tools");
    return this;
  }

  /**
   * Records every run (its start, each step, its end) in the timeline file {@code file}, opened on
   * first use through the timeline provider on the classpath ({@code apex-storage}: SQLite) and
   * closed with the agent. Default: no timeline.
   */
  public AgentBuilder timeline(Path file) {
    this.timelineFile = Objects.requireNonNull(file, "timeline file");
    this.timeline = null;
    return this;
  }

  /** Records every run in {@code timeline}, which stays yours to close. */
  public AgentBuilder timeline(TaskTimeline timeline) {
    this.timeline = Objects.requireNonNull(timeline, "timeline");
    this.timelineFile = null;
    return this;
  }

  /** Records nothing (the default). */
  public AgentBuilder noTimeline() {
    this.timeline = null;
    this.timelineFile = null;
    return this;
  }

  /** Hears one-line notices a person should see (no Tesseract, so no OCR). */
  public AgentBuilder notices(Consumer<String> value) {
    this.notices = Objects.requireNonNull(value, "notices");
    return this;
  }

  /**
   * Checks the options and builds the agent. Opens nothing yet.
   *
   * @throws dev.apex.core.InvalidInputException naming the option that is wrong
   */
  public Agent build() {
    if (maxSteps < 1) {
      throw new dev.apex.core.InvalidInputException("maxSteps must be at least 1, got " + maxSteps);
    }
    try {
      dev.apex.tools.TapTool.requireSettleBound("tapSettle", tapSettle);
    } catch (IllegalArgumentException e) {
      throw new dev.apex.core.InvalidInputException(e.getMessage());
    }
    if (labelCacheTtl.isNegative() || labelCacheTtl.isZero()) {
      throw new dev.apex.core.InvalidInputException(
          "labelCacheTtl must be positive, got " + labelCacheTtl);
    }
    if (timelineFile != null) {
      // A file nothing can store into is refused now, naming the module to add.
      TimelineProviders.require();
    }
    if (device == null && !customOpener) {
      // A selector nothing can open is refused now, not at the first run.
      DeviceProviders.validate(selector);
    }
    return new Agent(this);
  }
}
