package dev.apex.config;

import dev.apex.core.InvalidInputException;
import dev.apex.device.DeviceLimits;
import dev.apex.llm.SemanticConfig;
import dev.apex.runtime.agent.Agent;
import dev.apex.runtime.agent.AgentBuilder;
import dev.apex.runtime.agent.LabelCacheMode;
import dev.apex.runtime.planner.PlannerConfig;
import dev.apex.runtime.planner.PlannerModels;
import dev.apex.runtime.safety.SafetyPolicy;
import dev.apex.world.WorldConfig;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The effective settings of one command: the config file ({@code $APEX_HOME/config.json}, else
 * {@code ~/.apex/config.json}), then the environment, then flags.
 *
 * @param semantic semantic enrichment (off unless enabled; the key comes from ANTHROPIC_API_KEY and
 *     never from the file)
 * @param world world tracking (on by default)
 * @param maxSteps the step limit of a task
 * @param ocr whether to OCR screenshots when Tesseract is installed
 * @param screenshotRetention how many tasks keep their screenshots in the timeline
 * @param safety what a Claude-planned goal may do without asking (the config's {@code planner}
 *     allow-lists)
 * @param device the bounds of device I/O (the config's {@code device} settings, then {@code
 *     --device-timeout})
 * @param tapSettle how long a tap waits for its element to hold still (the config's {@code
 *     tap.settle_ms})
 * @param labelCache where screen labels are cached (the config's {@code semantic.cache})
 * @param labelCacheTtl how long labels kept across tasks are served (the config's {@code
 *     semantic.cache_ttl_hours})
 * @param plannerModel the model that plans a goal (the config's {@code planner.model}, then {@code
 *     --planner-model}); empty for the provider's default, which only Anthropic has
 */
public record Settings(
    SemanticConfig semantic,
    WorldConfig world,
    int maxSteps,
    boolean ocr,
    int screenshotRetention,
    SafetyPolicy safety,
    DeviceLimits device,
    Duration tapSettle,
    LabelCacheMode labelCache,
    Duration labelCacheTtl,
    String plannerModel) {

  public Settings {
    labelCache = labelCache == null ? LabelCacheMode.DEFAULT : labelCache;
    labelCacheTtl = labelCacheTtl == null ? LabelCacheMode.DEFAULT_TTL : labelCacheTtl;
    plannerModel = plannerModel == null ? "" : plannerModel.strip();
  }

  /**
   * The settings a config gives (its provider, key and OpenAI-compatible base URL included), with
   * ANTHROPIC_BASE_URL from {@code env} honoured for Anthropic. The config's own environment
   * overrides ({@code APEX_LLM_PROVIDER}, {@code OPENAI_BASE_URL}, {@code OPENAI_API_KEY}) are
   * already in it; an {@code OPENAI_API_KEY} alone never switches the provider.
   */
  public static Settings of(ApexConfig config, Map<String, String> env, boolean ocr) {
    SemanticConfig semantic = config.semanticConfig();
    String baseUrl = env.get("ANTHROPIC_BASE_URL");
    if (!semantic.isOpenAi() && baseUrl != null && !baseUrl.isBlank()) {
      semantic = semantic.withBaseUrl(baseUrl);
    }
    return new Settings(
        semantic,
        config.worldConfig(),
        config.maxSteps(),
        ocr,
        config.screenshotRetention(),
        config.safetyPolicy(),
        config.device().limits(),
        config.tap().settle(),
        config.semantic().cache(),
        config.semantic().cacheTtl(),
        config.planner().model());
  }

  /**
   * These settings with other model connection and planning model (the CLI's flags applied).
   *
   * @param plannerModel empty for the provider's default
   */
  public Settings withModels(SemanticConfig value, String plannerModel) {
    return new Settings(
        value,
        world,
        maxSteps,
        ocr,
        screenshotRetention,
        safety,
        device,
        tapSettle,
        labelCache,
        labelCacheTtl,
        plannerModel);
  }

  /**
   * How the planner talks to the model: the defaults with {@link #plannerModel()} when one is
   * named; with an OpenAI-compatible provider the reply's limit is {@link
   * PlannerConfig#SMALL_CONTEXT_MAX_OUTPUT_TOKENS}, so a step fits an 8,192-token local model.
   */
  public PlannerConfig plannerConfig() {
    PlannerConfig planner = PlannerConfig.defaults();
    if (semantic.isOpenAi()) {
      planner = planner.withMaxOutputTokens(PlannerConfig.SMALL_CONTEXT_MAX_OUTPUT_TOKENS);
    }
    return plannerModel.isEmpty() ? planner : planner.withModel(plannerModel);
  }

  /**
   * What stops a goal from being planned with these settings, in one line, or empty: no model
   * configured ({@link PlannerModels#NONE_CONFIGURED}), or an OpenAI-compatible provider with no
   * planning model named.
   */
  public Optional<String> goalRefusal() {
    if (!PlannerModels.configured(semantic)) {
      return Optional.of(PlannerModels.NONE_CONFIGURED);
    }
    if (semantic.isOpenAi() && plannerModel.isEmpty()) {
      return Optional.of(MISSING_PLANNER_MODEL);
    }
    return Optional.empty();
  }

  /** What to say when {@code openai} plans with no model named. */
  public static final String MISSING_PLANNER_MODEL =
      "--planner-model is required with --provider openai: name the model that plans the goal"
          + " (e.g. --planner-model qwen2.5:7b, or planner.model in the config)";

  /** What to say when {@code openai} labels with no model named. */
  public static final String MISSING_LABEL_MODEL =
      "--model is required with --provider openai and --semantic: name the model that labels"
          + " screens (e.g. --model qwen2.5:7b, or semantic.model in the config)";

  /**
   * Refuses a goal these settings cannot plan.
   *
   * @throws InvalidInputException with {@link #goalRefusal()}'s line
   */
  public void requireGoalModel() {
    Optional<String> refusal = goalRefusal();
    if (refusal.isPresent()) {
      throw new InvalidInputException(refusal.get());
    }
  }

  /**
   * Refuses labels with an OpenAI-compatible provider and no label model named: Claude's default
   * ({@value ApexConfig.Semantic#DEFAULT_MODEL}) counts as none, since no such server serves it.
   *
   * @throws InvalidInputException with {@link #MISSING_LABEL_MODEL}
   */
  public void requireLabelModel() {
    if (semantic.enabled()
        && semantic.isOpenAi()
        && ApexConfig.Semantic.DEFAULT_MODEL.equals(semantic.model())) {
      throw new InvalidInputException(MISSING_LABEL_MODEL);
    }
  }

  /** These settings with other device bounds. */
  public Settings withDevice(DeviceLimits value) {
    return new Settings(
        semantic,
        world,
        maxSteps,
        ocr,
        screenshotRetention,
        safety,
        value,
        tapSettle,
        labelCache,
        labelCacheTtl,
        plannerModel);
  }

  /**
   * The safety policy with {@code moreApps} (from {@code --allow-app}) allowed too: the config's
   * allow-list and the flags together, never one replacing the other.
   */
  public SafetyPolicy safetyWith(Collection<String> moreApps) {
    return safetyWith(moreApps, List.of());
  }

  /**
   * The safety policy with {@code moreApps} ({@code --allow-app}) and {@code moreOrigins} ({@code
   * --allow-url}) allowed too, beside the config's lists.
   *
   * @throws dev.apex.core.InvalidInputException naming {@code --allow-url} and the bad origin
   */
  public SafetyPolicy safetyWith(Collection<String> moreApps, Collection<String> moreOrigins) {
    Set<String> apps = new LinkedHashSet<>(safety.allowedApps());
    apps.addAll(moreApps);
    Set<String> origins = new LinkedHashSet<>(safety.allowedOrigins());
    origins.addAll(moreOrigins);
    return safety.withAllowedApps(apps).withAllowedOrigins(origins);
  }

  /**
   * These settings with {@code moreApps} ({@code --allow-app}) and {@code moreOrigins} ({@code
   * --allow-url}) allowed beside the config's lists ({@link #safetyWith}).
   *
   * @throws dev.apex.core.InvalidInputException naming {@code --allow-url} and the bad origin
   */
  public Settings withAllowed(Collection<String> moreApps, Collection<String> moreOrigins) {
    return new Settings(
        semantic,
        world,
        maxSteps,
        ocr,
        screenshotRetention,
        safetyWith(moreApps, moreOrigins),
        device,
        tapSettle,
        labelCache,
        labelCacheTtl,
        plannerModel);
  }

  /**
   * {@code limits} with the deadline a {@code --device-timeout} value gives ({@code 500}, {@code
   * 500ms}, {@code 5s}, {@code 2m}; 100 ms to 1 h), or {@code limits} when it is null.
   *
   * @throws dev.apex.core.InvalidInputException naming the flag, for a value out of form or range
   */
  public static DeviceLimits withDeviceTimeout(DeviceLimits limits, String deviceTimeout) {
    if (deviceTimeout == null) {
      return limits;
    }
    return limits.withTimeout(
        DurationOption.parse(
            "--device-timeout", deviceTimeout, Duration.ofMillis(100), Duration.ofHours(1)));
  }

  /** These settings with another step limit. */
  public Settings withMaxSteps(int value) {
    return new Settings(
        semantic,
        world,
        value,
        ocr,
        screenshotRetention,
        safety,
        device,
        tapSettle,
        labelCache,
        labelCacheTtl,
        plannerModel);
  }

  /**
   * An agent builder with these settings applied: the model connection and planning model, whether
   * screens are labelled and how their labels are cached, the step limit, world tracking, the
   * safety policy and the tap settle. The device, OCR engine, listeners and confirmer are the
   * caller's to add; {@link #device()} are the bounds to open it with. With {@link
   * LabelCacheMode#TIMELINE}, a caller that records runs through a listener of its own gives the
   * builder its timeline's label store.
   */
  public AgentBuilder agent() {
    return Agent.builder()
        .model(semantic)
        .planner(plannerConfig())
        .labels(semantic.enabled())
        .labelCache(labelCache)
        .labelCacheTtl(labelCacheTtl)
        .maxSteps(maxSteps)
        .world(world)
        .safety(safety)
        .tapSettle(tapSettle)
        .ocr(ocr);
  }
}
