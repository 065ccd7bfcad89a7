package dev.apex.config;

import dev.apex.core.InvalidInputException;
import dev.apex.device.DeviceLimits;
import dev.apex.llm.SemanticConfig;
import dev.apex.runtime.agent.Agent;
import dev.apex.runtime.agent.AgentBuilder;
import dev.apex.runtime.observe.LabelCacheMode;
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
 * {@code ~/.apex/config.json}), then the environment, then flags ({@link #withFlags}). One {@link
 * ApexConfig} holds every value, each checked against its {@link ConfigField} declaration; the
 * views below read it, so a new setting is read where it is used ({@code
 * settings.config().integer(ConfigField.X)}) and copied nowhere. Immutable.
 *
 * <p>The views: {@link #semantic()} (semantic enrichment and the model connection; off unless
 * enabled; the key from ANTHROPIC_API_KEY or OPENAI_API_KEY, never from the file), {@link
 * #world()}, {@link #maxSteps()}, {@link #ocr()} (whether to OCR screenshots when Tesseract is
 * installed), {@link #screenshotRetention()}, {@link #safety()} (what a planned goal may do without
 * asking), {@link #device()} (the bounds of device I/O), {@link #tapSettle()}, {@link
 * #labelCache()}, {@link #labelCacheTtl()} and {@link #plannerModel()} (empty for the provider's
 * default, which only Anthropic has).
 */
public final class Settings {

  private final ApexConfig config;
  private final boolean ocr;
  private final String anthropicBaseUrl;

  private Settings(ApexConfig config, boolean ocr, String anthropicBaseUrl) {
    this.config = java.util.Objects.requireNonNull(config, "config");
    this.ocr = ocr;
    this.anthropicBaseUrl = anthropicBaseUrl == null ? "" : anthropicBaseUrl.strip();
  }

  /**
   * The settings a config gives (its provider, key and OpenAI-compatible base URL included), with
   * ANTHROPIC_BASE_URL from {@code env} honoured for Anthropic. The config's own environment
   * overrides ({@code APEX_LLM_PROVIDER}, {@code OPENAI_BASE_URL}, {@code OPENAI_API_KEY}) are
   * already in it; an {@code OPENAI_API_KEY} alone never switches the provider.
   */
  public static Settings of(ApexConfig config, Map<String, String> env, boolean ocr) {
    return new Settings(config, ocr, env.get("ANTHROPIC_BASE_URL"));
  }

  /** Every value, by its declaration. */
  public ApexConfig config() {
    return config;
  }

  /**
   * These settings with the values flags give, each read by its declaration ({@link
   * ConfigField#fromFlag}) over the file's and the environment's. A {@code --base-url} also points
   * Anthropic's client at that URL, over ANTHROPIC_BASE_URL.
   *
   * @param given each flag's values as given, by the setting it sets; a setting not given keeps its
   *     value
   * @throws dev.apex.core.InvalidInputException naming the flag and what it accepts
   */
  public Settings withFlags(Map<ConfigField, List<String>> given) {
    ApexConfig result = config;
    for (ConfigField field : ConfigField.values()) {
      List<String> texts = given.getOrDefault(field, List.of());
      if (!texts.isEmpty()) {
        result = result.with(field, field.fromFlag(texts, result.get(field)));
      }
    }
    String baseUrl =
        given.getOrDefault(ConfigField.LLM_OPENAI_BASE_URL, List.of()).isEmpty()
            ? anthropicBaseUrl
            : result.text(ConfigField.LLM_OPENAI_BASE_URL);
    return new Settings(result, ocr, baseUrl);
  }

  /**
   * These settings with {@code field} set to {@code value}, checked.
   *
   * @throws InvalidConfigException naming the key when the value is of the wrong type or range
   */
  public Settings with(ConfigField field, Object value) {
    return new Settings(config.with(field, value), ocr, anthropicBaseUrl);
  }

  /** The model connection and screen labels (seed 004). */
  public SemanticConfig semantic() {
    SemanticConfig semantic = config.semanticConfig();
    if (!semantic.isOpenAi() && !anthropicBaseUrl.isEmpty()) {
      semantic = semantic.withBaseUrl(anthropicBaseUrl);
    }
    return semantic;
  }

  /** World tracking (on by default). */
  public WorldConfig world() {
    return config.worldConfig();
  }

  /** The step limit of a task. */
  public int maxSteps() {
    return config.maxSteps();
  }

  /** Whether to OCR screenshots when Tesseract is installed. */
  public boolean ocr() {
    return ocr;
  }

  /** How many tasks keep their screenshots in the timeline. */
  public int screenshotRetention() {
    return config.screenshotRetention();
  }

  /** What a planned goal, a flow or a remote client may do without asking. */
  public SafetyPolicy safety() {
    return config.safetyPolicy();
  }

  /** The bounds of device I/O. */
  public DeviceLimits device() {
    return config.device().limits();
  }

  /** How long a tap waits for its element to hold still. */
  public Duration tapSettle() {
    return config.tap().settle();
  }

  /** Where screen labels are cached. */
  public LabelCacheMode labelCache() {
    return config.semantic().cache();
  }

  /** How long labels kept across tasks are served. */
  public Duration labelCacheTtl() {
    return config.semantic().cacheTtl();
  }

  /** The model that plans a goal; empty for the provider's default. */
  public String plannerModel() {
    return config.planner().model();
  }

  /**
   * How the planner talks to the model: the defaults with {@link #plannerModel()} when one is
   * named; with an OpenAI-compatible provider the reply's limit is {@link
   * PlannerConfig#SMALL_CONTEXT_MAX_OUTPUT_TOKENS}, so a step fits an 8,192-token local model.
   */
  public PlannerConfig plannerConfig() {
    String plannerModel = plannerModel();
    PlannerConfig planner = PlannerConfig.defaults();
    if (semantic().isOpenAi()) {
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
    SemanticConfig semantic = semantic();
    if (!PlannerModels.configured(semantic)) {
      return Optional.of(PlannerModels.NONE_CONFIGURED);
    }
    if (semantic.isOpenAi() && plannerModel().isEmpty()) {
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
    SemanticConfig semantic = semantic();
    if (semantic.enabled()
        && semantic.isOpenAi()
        && ApexConfig.Semantic.DEFAULT_MODEL.equals(semantic.model())) {
      throw new InvalidInputException(MISSING_LABEL_MODEL);
    }
  }

  /**
   * These settings with {@code moreApps} and {@code moreOrigins} allowed beside the lists the
   * settings already hold, e.g. the page origin of the device a command opens.
   *
   * @throws InvalidConfigException naming the key, for an entry that is no app id or origin
   */
  public Settings withAllowed(Collection<String> moreApps, Collection<String> moreOrigins) {
    Set<String> apps = new LinkedHashSet<>(config.list(ConfigField.PLANNER_ALLOWED_APPS));
    apps.addAll(moreApps);
    Set<String> origins = new LinkedHashSet<>(config.list(ConfigField.PLANNER_ALLOWED_URLS));
    origins.addAll(moreOrigins);
    return with(ConfigField.PLANNER_ALLOWED_APPS, List.copyOf(apps))
        .with(ConfigField.PLANNER_ALLOWED_URLS, List.copyOf(origins));
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
    SemanticConfig semantic = semantic();
    return Agent.builder()
        .model(semantic)
        .planner(plannerConfig())
        .labels(semantic.enabled())
        .labelCache(labelCache())
        .labelCacheTtl(labelCacheTtl())
        .maxSteps(maxSteps())
        .world(world())
        .safety(safety())
        .tapSettle(tapSettle())
        .ocr(ocr);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Settings that
        && config.equals(that.config)
        && ocr == that.ocr
        && anthropicBaseUrl.equals(that.anthropicBaseUrl);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(config, ocr, anthropicBaseUrl);
  }

  @Override
  public String toString() {
    return "Settings[" + config + ", ocr=" + ocr + "]";
  }
}
