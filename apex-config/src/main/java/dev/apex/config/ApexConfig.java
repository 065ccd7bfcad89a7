package dev.apex.config;

import dev.apex.core.Secrets;
import dev.apex.device.DeviceLimits;
import dev.apex.llm.SemanticConfig;
import dev.apex.runtime.observe.LabelCacheMode;
import dev.apex.runtime.safety.SafetyPolicy;
import dev.apex.runtime.safety.SensitiveKind;
import dev.apex.world.WorldConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The settings a task starts with: a value for every {@link ConfigField}, each checked against its
 * declaration when set, so an {@code ApexConfig} in hand is always valid. Immutable. The typed
 * views ({@link #semantic()}, {@link #device()}, …) read the same values; {@link #get} reads any
 * one by its declaration. A running task keeps the config it started with: a change applies to
 * tasks started afterwards.
 *
 * <p>The API keys ({@link ConfigField#ANTHROPIC_API_KEY}, {@link ConfigField#OPENAI_API_KEY}) are
 * never in {@link #toString()} or any JSON this package produces.
 */
public final class ApexConfig {

  private final Map<ConfigField, Object> values;

  private ApexConfig(Map<ConfigField, Object> values) {
    this.values = values;
  }

  /** Every declared default, and no API key. */
  public static ApexConfig defaults() {
    Map<ConfigField, Object> values = new EnumMap<>(ConfigField.class);
    for (ConfigField field : ConfigField.values()) {
      values.put(field, field.defaultValue());
    }
    return new ApexConfig(values);
  }

  /** The value of {@code field}, in normal form: a Boolean, an Integer, a String or a list. */
  public Object get(ConfigField field) {
    return values.get(Objects.requireNonNull(field, "field"));
  }

  /** A text field's value ({@code llm.provider}, {@code timeline.url}, a key). */
  public String text(ConfigField field) {
    return (String) get(field);
  }

  /** An integer field's value. */
  public int integer(ConfigField field) {
    return (Integer) get(field);
  }

  /** A boolean field's value. */
  public boolean bool(ConfigField field) {
    return (Boolean) get(field);
  }

  /** A list field's value. */
  @SuppressWarnings("unchecked")
  public List<String> list(ConfigField field) {
    return (List<String>) get(field);
  }

  /**
   * This config with {@code field} set to {@code value}: a Boolean, an integral number, a String or
   * a list of strings as its type needs.
   *
   * @throws InvalidConfigException naming the key when the value is of the wrong type or range
   */
  public ApexConfig with(ConfigField field, Object value) {
    Map<ConfigField, Object> copy = new EnumMap<>(values);
    copy.put(field, field.check(value));
    return new ApexConfig(copy);
  }

  public int maxSteps() {
    return integer(ConfigField.MAX_STEPS);
  }

  public int screenshotRetention() {
    return integer(ConfigField.SCREENSHOT_RETENTION);
  }

  /** The key from {@code ANTHROPIC_API_KEY}; empty when unset. */
  public String anthropicApiKey() {
    return text(ConfigField.ANTHROPIC_API_KEY);
  }

  /** Semantic enrichment (seed 004): off by default because it calls a paid model. */
  public Semantic semantic() {
    return new Semantic(
        bool(ConfigField.SEMANTIC_ENABLED),
        text(ConfigField.SEMANTIC_MODEL),
        Duration.ofMillis(integer(ConfigField.SEMANTIC_TIMEOUT_MS)),
        integer(ConfigField.SEMANTIC_MAX_RETRIES),
        LabelCacheMode.ofCode(text(ConfigField.SEMANTIC_CACHE)).orElseThrow(),
        Duration.ofHours(integer(ConfigField.SEMANTIC_CACHE_TTL_HOURS)));
  }

  /** The World Runtime (seed 000): on by default. */
  public World world() {
    return new World(bool(ConfigField.WORLD_ENABLED), integer(ConfigField.WORLD_HISTORY_SIZE));
  }

  /** What a planned goal may do without asking a person, and the planning model. */
  public Planner planner() {
    return new Planner(
        list(ConfigField.PLANNER_ALLOWED_APPS),
        FieldType.kinds(
            ConfigField.PLANNER_ALLOWED_ACTIONS.key(), list(ConfigField.PLANNER_ALLOWED_ACTIONS)),
        text(ConfigField.PLANNER_MODEL),
        list(ConfigField.PLANNER_ALLOWED_URLS));
  }

  /** The bounds of device I/O and where the devices not found by themselves are. */
  public Device device() {
    return new Device(
        Duration.ofMillis(integer(ConfigField.DEVICE_TIMEOUT_MS)),
        integer(ConfigField.DEVICE_MAX_CAPTURE_BYTES),
        text(ConfigField.DEVICE_ADB_SERVER),
        text(ConfigField.DEVICE_WDA_URL),
        list(ConfigField.DEVICE_WEBDRIVER_ENDPOINTS));
  }

  /** How a tap waits for its element to hold still. */
  public Tap tap() {
    return new Tap(Duration.ofMillis(integer(ConfigField.TAP_SETTLE_MS)));
  }

  /** Which model provider plans and labels, and the OpenAI-compatible endpoint. */
  public Llm llm() {
    return new Llm(
        text(ConfigField.LLM_PROVIDER),
        text(ConfigField.LLM_OPENAI_BASE_URL),
        text(ConfigField.OPENAI_API_KEY));
  }

  /**
   * The timeline file {@code timeline.url} names ({@code ~/} for the home folder), or empty for the
   * default one ({@code $APEX_HOME/timeline.db}, else {@code ~/.apex/timeline.db}).
   */
  public Optional<Path> timelineFile() {
    String url = text(ConfigField.TIMELINE_URL);
    if (url.isEmpty() || url.contains("://")) {
      return Optional.empty();
    }
    return Optional.of(
        url.equals("~") || url.startsWith("~/")
            ? Path.of(System.getProperty("user.home"), url.substring(1).replaceFirst("^/", ""))
            : Path.of(url));
  }

  /**
   * Where {@code timeline.url} records tasks: a PostgreSQL URL as given (password and all: it is a
   * registered secret), else the file of {@link #timelineFile()}; empty for the default file.
   */
  public Optional<String> timelineLocation() {
    String url = text(ConfigField.TIMELINE_URL);
    if (url.contains("://")) {
      return Optional.of(url);
    }
    return timelineFile().map(Path::toString);
  }

  public boolean hasApiKey() {
    return !anthropicApiKey().isEmpty();
  }

  /**
   * The enricher's settings and the model connection: these, the provider ({@code llm.provider})
   * with its key ({@code ANTHROPIC_API_KEY} or {@code OPENAI_API_KEY}) and base URL (Anthropic's
   * public API, or {@code llm.openai_base_url}; change it with {@link SemanticConfig#withBaseUrl}).
   */
  public SemanticConfig semanticConfig() {
    Semantic semantic = semantic();
    Llm llm = llm();
    SemanticConfig config =
        SemanticConfig.defaults()
            .withEnabled(semantic.enabled())
            .withModel(semantic.model())
            .withTimeout(semantic.timeout())
            .withMaxRetries(semantic.maxRetries())
            .withProvider(llm.provider());
    return config.isOpenAi()
        ? config.withApiKey(llm.openaiApiKey()).withBaseUrl(llm.openaiBaseUrl())
        : config.withApiKey(anthropicApiKey());
  }

  /**
   * The planner's safety policy: the default words, with {@link Planner#allowedApps} and {@link
   * Planner#allowedActions} allowed without asking.
   */
  public SafetyPolicy safetyPolicy() {
    Planner planner = planner();
    return SafetyPolicy.defaults()
        .withAllowedApps(new LinkedHashSet<>(planner.allowedApps()))
        .withAllowedOrigins(new LinkedHashSet<>(planner.allowedUrls()))
        .withAllowedKinds(
            planner.allowedActions().isEmpty()
                ? EnumSet.noneOf(SensitiveKind.class)
                : EnumSet.copyOf(planner.allowedActions()));
  }

  /** The World Runtime's settings. */
  public WorldConfig worldConfig() {
    World world = world();
    return new WorldConfig(world.enabled(), world.historySize());
  }

  public ApexConfig withSemantic(Semantic value) {
    return with(ConfigField.SEMANTIC_ENABLED, value.enabled())
        .with(ConfigField.SEMANTIC_MODEL, value.model())
        .with(ConfigField.SEMANTIC_TIMEOUT_MS, value.timeout().toMillis())
        .with(ConfigField.SEMANTIC_MAX_RETRIES, value.maxRetries())
        .with(ConfigField.SEMANTIC_CACHE, value.cache().code())
        .with(ConfigField.SEMANTIC_CACHE_TTL_HOURS, value.cacheTtl().toHours());
  }

  public ApexConfig withWorld(World value) {
    return with(ConfigField.WORLD_ENABLED, value.enabled())
        .with(ConfigField.WORLD_HISTORY_SIZE, value.historySize());
  }

  public ApexConfig withMaxSteps(int value) {
    return with(ConfigField.MAX_STEPS, value);
  }

  public ApexConfig withScreenshotRetention(int value) {
    return with(ConfigField.SCREENSHOT_RETENTION, value);
  }

  public ApexConfig withPlanner(Planner value) {
    return with(ConfigField.PLANNER_ALLOWED_APPS, value.allowedApps())
        .with(
            ConfigField.PLANNER_ALLOWED_ACTIONS,
            value.allowedActions().stream().map(SensitiveKind::code).toList())
        .with(ConfigField.PLANNER_MODEL, value.model())
        .with(ConfigField.PLANNER_ALLOWED_URLS, value.allowedUrls());
  }

  public ApexConfig withDevice(Device value) {
    return with(ConfigField.DEVICE_TIMEOUT_MS, value.timeout().toMillis())
        .with(ConfigField.DEVICE_MAX_CAPTURE_BYTES, value.maxCaptureBytes())
        .with(ConfigField.DEVICE_ADB_SERVER, value.adbServer())
        .with(ConfigField.DEVICE_WDA_URL, value.wdaUrl())
        .with(ConfigField.DEVICE_WEBDRIVER_ENDPOINTS, value.webdriverEndpoints());
  }

  public ApexConfig withAnthropicApiKey(String value) {
    return with(ConfigField.ANTHROPIC_API_KEY, value == null ? "" : value);
  }

  public ApexConfig withTap(Tap value) {
    return with(ConfigField.TAP_SETTLE_MS, value.settle().toMillis());
  }

  public ApexConfig withLlm(Llm value) {
    return with(ConfigField.LLM_PROVIDER, value.provider())
        .with(ConfigField.LLM_OPENAI_BASE_URL, value.openaiBaseUrl())
        .with(ConfigField.OPENAI_API_KEY, value.openaiApiKey());
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ApexConfig config && values.equals(config.values);
  }

  @Override
  public int hashCode() {
    return values.hashCode();
  }

  /** Every setting, each secret shown only as set or unset. */
  @Override
  public String toString() {
    StringBuilder text = new StringBuilder("ApexConfig[");
    for (ConfigField field : ConfigField.values()) {
      Object value = values.get(field);
      text.append(field.key()).append('=');
      text.append(field.secret() ? (((String) value).isEmpty() ? "<unset>" : "<set>") : value);
      text.append(field.ordinal() == ConfigField.values().length - 1 ? "]" : ", ");
    }
    return Secrets.withoutUserInfo(text.toString());
  }

  /**
   * Semantic enrichment settings.
   *
   * @param enabled whether each observed screen is labelled by one model call
   * @param model the Claude model id, e.g. {@code claude-haiku-4-5}
   * @param timeout the wall time one enrichment may take, retries included, in [100 ms, 10 min]
   * @param maxRetries retries after a retriable failure, in [0, 5]
   * @param cache where a screen's labels are kept so a revisit costs no call: {@link
   *     LabelCacheMode#TASK} by default
   * @param cacheTtl how long labels kept across tasks ({@link LabelCacheMode#TIMELINE}) are served,
   *     whole hours in [1 h, 8760 h]; default 168 h (7 days)
   */
  public record Semantic(
      boolean enabled,
      String model,
      Duration timeout,
      int maxRetries,
      LabelCacheMode cache,
      Duration cacheTtl) {

    public static final String DEFAULT_MODEL = "claude-haiku-4-5";

    public Semantic {
      Objects.requireNonNull(model, "model");
      Objects.requireNonNull(timeout, "timeout");
      Objects.requireNonNull(cache, "cache");
      Objects.requireNonNull(cacheTtl, "cacheTtl");
      ConfigField.SEMANTIC_MODEL.check(model);
      ConfigField.SEMANTIC_TIMEOUT_MS.check(timeout.toMillis());
      ConfigField.SEMANTIC_MAX_RETRIES.check(maxRetries);
      if (!cacheTtl.equals(Duration.ofHours(cacheTtl.toHours()))) {
        throw new InvalidConfigException(
            ConfigField.SEMANTIC_CACHE_TTL_HOURS.key(),
            ConfigField.SEMANTIC_CACHE_TTL_HOURS.key() + " must be whole hours");
      }
      ConfigField.SEMANTIC_CACHE_TTL_HOURS.check(cacheTtl.toHours());
    }

    /** Settings with the default label cache (within each task; 7 days across tasks). */
    public Semantic(boolean enabled, String model, Duration timeout, int maxRetries) {
      this(enabled, model, timeout, maxRetries, LabelCacheMode.DEFAULT, LabelCacheMode.DEFAULT_TTL);
    }

    /** Off, {@value #DEFAULT_MODEL}, 10 s, 2 retries, labels cached within each task. */
    public static Semantic defaults() {
      return ApexConfig.defaults().semantic();
    }

    public Semantic withEnabled(boolean value) {
      return new Semantic(value, model, timeout, maxRetries, cache, cacheTtl);
    }

    public Semantic withModel(String value) {
      return new Semantic(enabled, value, timeout, maxRetries, cache, cacheTtl);
    }

    public Semantic withTimeout(Duration value) {
      return new Semantic(enabled, model, value, maxRetries, cache, cacheTtl);
    }

    public Semantic withMaxRetries(int value) {
      return new Semantic(enabled, model, timeout, value, cache, cacheTtl);
    }

    public Semantic withCache(LabelCacheMode value) {
      return new Semantic(enabled, model, timeout, maxRetries, value, cacheTtl);
    }

    public Semantic withCacheTtl(Duration value) {
      return new Semantic(enabled, model, timeout, maxRetries, cache, value);
    }
  }

  /**
   * World Runtime settings.
   *
   * @param enabled whether a task keeps a world state
   * @param historySize how many recent steps the world remembers, in [1, 1000]
   */
  public record World(boolean enabled, int historySize) {

    public World {
      ConfigField.WORLD_HISTORY_SIZE.check(historySize);
    }

    /** On, with a history of 10 steps. */
    public static World defaults() {
      return ApexConfig.defaults().world();
    }

    public World withEnabled(boolean value) {
      return new World(value, historySize);
    }

    public World withHistorySize(int value) {
      return new World(enabled, value);
    }
  }

  /**
   * What a Claude-planned goal may do without asking a person (an explicit allow; everything else
   * sensitive needs a confirmation, see {@link SafetyPolicy}).
   *
   * @param allowedApps app ids (packages, bundle ids) a goal may launch without asking; at most
   *     {@value #MAX_APPS}, duplicates dropped, in the order given
   * @param allowedActions kinds of sensitive action that need no confirmation; empty by default,
   *     duplicates dropped
   * @param model the model that plans a goal ({@code planner.model}); empty for the provider's
   *     default (Claude's {@code claude-sonnet-5-5}; with {@code openai} there is none and it must
   *     be set)
   * @param allowedUrls web origins a model, a flow or a remote client may open without asking
   *     ({@code planner.allowed_urls}, {@link dev.apex.runtime.safety.OriginRule}); normalised, at
   *     most {@value #MAX_APPS}, duplicates dropped
   */
  public record Planner(
      List<String> allowedApps,
      List<SensitiveKind> allowedActions,
      String model,
      List<String> allowedUrls) {

    /** The most app ids the allow-list may hold. */
    public static final int MAX_APPS = 100;

    public Planner {
      allowedApps =
          List.copyOf(new LinkedHashSet<>(Objects.requireNonNull(allowedApps, "allowedApps")));
      allowedActions =
          List.copyOf(
              new LinkedHashSet<>(Objects.requireNonNull(allowedActions, "allowedActions")));
      ConfigField.PLANNER_ALLOWED_APPS.check(allowedApps);
      model = model == null ? "" : model.strip();
      if (!model.isEmpty()) {
        ConfigField.PLANNER_MODEL.check(model);
      }
      allowedUrls =
          List.copyOf(
              new LinkedHashSet<>(
                  ConfigField.PLANNER_ALLOWED_URLS.checkItems(
                      allowedUrls == null ? List.of() : allowedUrls)));
    }

    /** No origin allowed. */
    public Planner(List<String> allowedApps, List<SensitiveKind> allowedActions, String model) {
      this(allowedApps, allowedActions, model, List.of());
    }

    /** No planning model named: the provider's default (Claude's; none for openai). */
    public Planner(List<String> allowedApps, List<SensitiveKind> allowedActions) {
      this(allowedApps, allowedActions, "");
    }

    /** Whether a planning model is named ({@code planner.model}). */
    public boolean hasModel() {
      return !model.isEmpty();
    }

    public Planner withModel(String value) {
      return new Planner(allowedApps, allowedActions, value, allowedUrls);
    }

    /** No app and no action allowed: every sensitive action asks. */
    public static Planner defaults() {
      return ApexConfig.defaults().planner();
    }

    public Planner withAllowedApps(List<String> value) {
      return new Planner(value, allowedActions, model, allowedUrls);
    }

    public Planner withAllowedActions(List<SensitiveKind> value) {
      return new Planner(allowedApps, value, model, allowedUrls);
    }

    public Planner withAllowedUrls(List<String> value) {
      return new Planner(allowedApps, allowedActions, model, value);
    }
  }

  /**
   * The bounds of device I/O, for every driver (adb, WebDriverAgent, WebDriver), and where the
   * devices that are not found by themselves are.
   *
   * @param timeout the deadline of one whole device command, in [100 ms, 1 h]; default 30 s
   * @param maxCaptureBytes the most bytes one device answer may carry, in [64 KiB, 2 GiB); default
   *     64 MiB
   * @param adbServer the adb server as {@code host:port}, or empty for {@code ADB_SERVER_SOCKET},
   *     else 127.0.0.1:5037 ({@code device.adb_server})
   * @param wdaUrl a WebDriverAgent's URL the device list probes, or empty ({@code device.wda_url})
   * @param webdriverEndpoints WebDriver servers (Selenium Grid, Appium) the device list probes, at
   *     most {@value #MAX_ENDPOINTS} ({@code device.webdriver_endpoints})
   */
  public record Device(
      Duration timeout,
      long maxCaptureBytes,
      String adbServer,
      String wdaUrl,
      List<String> webdriverEndpoints) {

    /** The most WebDriver endpoints the device list probes. */
    public static final int MAX_ENDPOINTS = 10;

    public Device {
      Objects.requireNonNull(timeout, "timeout");
      ConfigField.DEVICE_TIMEOUT_MS.check(timeout.toMillis());
      ConfigField.DEVICE_MAX_CAPTURE_BYTES.check(maxCaptureBytes);
      adbServer = adbServer == null ? "" : adbServer.strip();
      wdaUrl = wdaUrl == null ? "" : wdaUrl.strip();
      webdriverEndpoints = webdriverEndpoints == null ? List.of() : List.copyOf(webdriverEndpoints);
      ConfigField.DEVICE_ADB_SERVER.check(adbServer);
      ConfigField.DEVICE_WDA_URL.check(wdaUrl);
      ConfigField.DEVICE_WEBDRIVER_ENDPOINTS.checkItems(webdriverEndpoints);
      // A grid's basic-auth password in a URL is a secret from here on, wherever it is printed.
      dev.apex.core.Secrets.registerUserInfo(wdaUrl);
      webdriverEndpoints.forEach(dev.apex.core.Secrets::registerUserInfo);
    }

    /** The bounds alone; no adb server, WebDriverAgent or endpoint configured. */
    public Device(Duration timeout, long maxCaptureBytes) {
      this(timeout, maxCaptureBytes, "", "", List.of());
    }

    /** {@link DeviceLimits#DEFAULTS}: 30 s, 64 MiB; nothing configured. */
    public static Device defaults() {
      return ApexConfig.defaults().device();
    }

    /** The drivers' form of these settings. */
    public DeviceLimits limits() {
      return new DeviceLimits(timeout, maxCaptureBytes);
    }

    public Device withTimeout(Duration value) {
      return new Device(value, maxCaptureBytes, adbServer, wdaUrl, webdriverEndpoints);
    }

    public Device withMaxCaptureBytes(long value) {
      return new Device(timeout, value, adbServer, wdaUrl, webdriverEndpoints);
    }

    public Device withAdbServer(String value) {
      return new Device(timeout, maxCaptureBytes, value, wdaUrl, webdriverEndpoints);
    }

    public Device withWdaUrl(String value) {
      return new Device(timeout, maxCaptureBytes, adbServer, value, webdriverEndpoints);
    }

    public Device withWebdriverEndpoints(List<String> value) {
      return new Device(timeout, maxCaptureBytes, adbServer, wdaUrl, value);
    }

    /**
     * What the drivers and the device list need: these bounds, the adb server ({@code adb} when
     * given, else this one, else the driver's default), the WebDriverAgent and the endpoints.
     */
    public dev.apex.device.DeviceOptions options(
        String adb, java.nio.file.Path capabilities, java.util.Map<String, String> env) {
      String server = adb != null && !adb.isBlank() ? adb : adbServer;
      return new dev.apex.device.DeviceOptions(server, capabilities, limits(), env)
          .withListed(wdaUrl, webdriverEndpoints);
    }

    /** Every setting, each URL without its user info. */
    @Override
    public String toString() {
      return dev.apex.core.Secrets.withoutUserInfo(
          "Device[timeout="
              + timeout
              + ", maxCaptureBytes="
              + maxCaptureBytes
              + ", adbServer="
              + adbServer
              + ", wdaUrl="
              + wdaUrl
              + ", webdriverEndpoints="
              + webdriverEndpoints
              + "]");
    }
  }

  /**
   * How a tap acts on a settled screen.
   *
   * @param settle the most a tap waits for its element's box to repeat on two consecutive
   *     observations before tapping the last box seen, in [0, 60 s]; 0 taps at once; default 2 s
   */
  public record Tap(Duration settle) {

    public Tap {
      Objects.requireNonNull(settle, "settle");
      ConfigField.TAP_SETTLE_MS.check(settle.toMillis());
    }

    /** A 2 s bound. */
    public static Tap defaults() {
      return ApexConfig.defaults().tap();
    }
  }

  /**
   * Which model provider plans goals and labels screens.
   *
   * @param provider {@code anthropic} (the default) or {@code openai} (any OpenAI-compatible
   *     endpoint: OpenAI, Ollama, vLLM, llama.cpp's server, LM Studio, OpenRouter)
   * @param openaiBaseUrl the OpenAI-compatible endpoint's base URL, e.g. {@code
   *     http://localhost:11434/v1}; empty for {@value SemanticConfig#DEFAULT_OPENAI_BASE_URL}
   * @param openaiApiKey the key from {@code OPENAI_API_KEY}; empty when unset (a placeholder is
   *     sent: local servers take none). Like Anthropic's, never in the file, {@link #toString()} or
   *     any JSON this package produces; read only from the environment
   */
  public record Llm(String provider, String openaiBaseUrl, String openaiApiKey) {

    public Llm {
      provider = provider == null || provider.isBlank() ? "anthropic" : provider.strip();
      ConfigField.LLM_PROVIDER.check(provider);
      openaiBaseUrl = openaiBaseUrl == null ? "" : openaiBaseUrl.strip();
      if (!openaiBaseUrl.isEmpty()) {
        ConfigField.LLM_OPENAI_BASE_URL.check(openaiBaseUrl);
      }
      openaiApiKey = openaiApiKey == null ? "" : openaiApiKey.strip();
    }

    /** Anthropic; the OpenAI endpoint's default URL; no OpenAI key. */
    public static Llm defaults() {
      return ApexConfig.defaults().llm();
    }

    public boolean hasOpenAiApiKey() {
      return !openaiApiKey.isEmpty();
    }

    public Llm withProvider(String value) {
      return new Llm(value, openaiBaseUrl, openaiApiKey);
    }

    public Llm withOpenAiBaseUrl(String value) {
      return new Llm(provider, value, openaiApiKey);
    }

    public Llm withOpenAiApiKey(String value) {
      return new Llm(provider, openaiBaseUrl, value);
    }

    /** The settings, the key shown only as set or unset. */
    @Override
    public String toString() {
      return "Llm[provider="
          + provider
          + ", openaiBaseUrl="
          + openaiBaseUrl
          + ", openaiApiKey="
          + (hasOpenAiApiKey() ? "<set>" : "<unset>")
          + "]";
    }
  }
}
