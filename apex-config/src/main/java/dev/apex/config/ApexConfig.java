package dev.apex.config;

import dev.apex.device.DeviceLimits;
import dev.apex.llm.SemanticConfig;
import dev.apex.runtime.agent.LabelCacheMode;
import dev.apex.runtime.safety.SafetyPolicy;
import dev.apex.runtime.safety.SensitiveKind;
import dev.apex.world.WorldConfig;
import java.time.Duration;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;

/**
 * The settings a task starts with. Immutable; every value is checked against its {@link
 * ConfigField}'s range when the record is built, so an {@code ApexConfig} in hand is always valid.
 * A running task keeps the config it started with: a change applies to tasks started afterwards.
 *
 * @param semantic semantic enrichment (seed 004): off by default because it calls a paid model
 * @param world the World Runtime (seed 000): on by default
 * @param maxSteps the most steps a task may execute, in [1, 1000]; default 20
 * @param screenshotRetention how many of the newest tasks keep their screenshots in the timeline,
 *     in [1, 10000]; default 50. It applies when the timeline is next opened
 * @param planner what a Claude-planned goal may do without asking a person
 * @param device the bounds of device I/O: a whole command's deadline and a capture's size
 * @param tap how a tap waits for its element to hold still
 * @param anthropicApiKey the key from {@code ANTHROPIC_API_KEY}; empty when unset. Never written to
 *     the config file, never in {@link #toString()} or any JSON this package produces
 * @param llm which model provider plans and labels, and the OpenAI-compatible endpoint
 */
public record ApexConfig(
    Semantic semantic,
    World world,
    int maxSteps,
    int screenshotRetention,
    Planner planner,
    Device device,
    Tap tap,
    String anthropicApiKey,
    Llm llm) {

  public ApexConfig {
    Objects.requireNonNull(semantic, "semantic");
    Objects.requireNonNull(world, "world");
    Objects.requireNonNull(planner, "planner");
    Objects.requireNonNull(device, "device");
    Objects.requireNonNull(tap, "tap");
    ConfigField.MAX_STEPS.checkRange(maxSteps);
    ConfigField.SCREENSHOT_RETENTION.checkRange(screenshotRetention);
    anthropicApiKey = anthropicApiKey == null ? "" : anthropicApiKey.strip();
    llm = llm == null ? Llm.defaults() : llm;
  }

  /** Every default, and no API key. */
  public static ApexConfig defaults() {
    return new ApexConfig(
        Semantic.defaults(),
        World.defaults(),
        20,
        50,
        Planner.defaults(),
        Device.defaults(),
        Tap.defaults(),
        "",
        Llm.defaults());
  }

  public boolean hasApiKey() {
    return !anthropicApiKey.isEmpty();
  }

  /**
   * The enricher's settings and the model connection: these, the provider ({@code llm.provider})
   * with its key ({@code ANTHROPIC_API_KEY} or {@code OPENAI_API_KEY}) and base URL (Anthropic's
   * public API, or {@code llm.openai_base_url}; change it with {@link SemanticConfig#withBaseUrl}).
   */
  public SemanticConfig semanticConfig() {
    SemanticConfig config =
        SemanticConfig.defaults()
            .withEnabled(semantic.enabled())
            .withModel(semantic.model())
            .withTimeout(semantic.timeout())
            .withMaxRetries(semantic.maxRetries())
            .withProvider(llm.provider());
    return config.isOpenAi()
        ? config.withApiKey(llm.openaiApiKey()).withBaseUrl(llm.openaiBaseUrl())
        : config.withApiKey(anthropicApiKey);
  }

  public ApexConfig withLlm(Llm value) {
    return new ApexConfig(
        semantic,
        world,
        maxSteps,
        screenshotRetention,
        planner,
        device,
        tap,
        anthropicApiKey,
        value);
  }

  /**
   * The planner's safety policy: the default words, with {@link Planner#allowedApps} and {@link
   * Planner#allowedActions} allowed without asking.
   */
  public SafetyPolicy safetyPolicy() {
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
    return new WorldConfig(world.enabled(), world.historySize());
  }

  public ApexConfig withSemantic(Semantic value) {
    return new ApexConfig(
        value, world, maxSteps, screenshotRetention, planner, device, tap, anthropicApiKey, llm);
  }

  public ApexConfig withWorld(World value) {
    return new ApexConfig(
        semantic, value, maxSteps, screenshotRetention, planner, device, tap, anthropicApiKey, llm);
  }

  public ApexConfig withMaxSteps(int value) {
    return new ApexConfig(
        semantic, world, value, screenshotRetention, planner, device, tap, anthropicApiKey, llm);
  }

  public ApexConfig withScreenshotRetention(int value) {
    return new ApexConfig(
        semantic, world, maxSteps, value, planner, device, tap, anthropicApiKey, llm);
  }

  public ApexConfig withPlanner(Planner value) {
    return new ApexConfig(
        semantic, world, maxSteps, screenshotRetention, value, device, tap, anthropicApiKey, llm);
  }

  public ApexConfig withDevice(Device value) {
    return new ApexConfig(
        semantic, world, maxSteps, screenshotRetention, planner, value, tap, anthropicApiKey, llm);
  }

  public ApexConfig withAnthropicApiKey(String value) {
    return new ApexConfig(
        semantic, world, maxSteps, screenshotRetention, planner, device, tap, value, llm);
  }

  public ApexConfig withTap(Tap value) {
    return new ApexConfig(
        semantic,
        world,
        maxSteps,
        screenshotRetention,
        planner,
        device,
        value,
        anthropicApiKey,
        llm);
  }

  /** Every setting, the key shown only as set or unset. */
  @Override
  public String toString() {
    return "ApexConfig[semantic="
        + semantic
        + ", world="
        + world
        + ", maxSteps="
        + maxSteps
        + ", screenshotRetention="
        + screenshotRetention
        + ", planner="
        + planner
        + ", device="
        + device
        + ", tap="
        + tap
        + ", anthropicApiKey="
        + (hasApiKey() ? "<set>" : "<unset>")
        + ", llm="
        + llm
        + "]";
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
      ConfigField.SEMANTIC_MODEL.checkModel(model);
      ConfigField.SEMANTIC_TIMEOUT_MS.checkRange(timeout.toMillis());
      ConfigField.SEMANTIC_MAX_RETRIES.checkRange(maxRetries);
      if (!cacheTtl.equals(Duration.ofHours(cacheTtl.toHours()))) {
        throw new InvalidConfigException(
            ConfigField.SEMANTIC_CACHE_TTL_HOURS.key(),
            ConfigField.SEMANTIC_CACHE_TTL_HOURS.key() + " must be whole hours");
      }
      ConfigField.SEMANTIC_CACHE_TTL_HOURS.checkRange(cacheTtl.toHours());
    }

    /** Settings with the default label cache (within each task; 7 days across tasks). */
    public Semantic(boolean enabled, String model, Duration timeout, int maxRetries) {
      this(enabled, model, timeout, maxRetries, LabelCacheMode.DEFAULT, LabelCacheMode.DEFAULT_TTL);
    }

    /** Off, {@value #DEFAULT_MODEL}, 10 s, 2 retries, labels cached within each task. */
    public static Semantic defaults() {
      return new Semantic(false, DEFAULT_MODEL, Duration.ofSeconds(10), 2);
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
      ConfigField.WORLD_HISTORY_SIZE.checkRange(historySize);
    }

    /** On, with a history of 10 steps. */
    public static World defaults() {
      return new World(true, 10);
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
      ConfigField.PLANNER_ALLOWED_APPS.checkApps(allowedApps);
      model = model == null ? "" : model.strip();
      if (!model.isEmpty()) {
        ConfigField.PLANNER_MODEL.checkModel(model);
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
      return new Planner(List.of(), List.of());
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
      ConfigField.DEVICE_TIMEOUT_MS.checkRange(timeout.toMillis());
      ConfigField.DEVICE_MAX_CAPTURE_BYTES.checkRange(maxCaptureBytes);
      adbServer = adbServer == null ? "" : adbServer.strip();
      wdaUrl = wdaUrl == null ? "" : wdaUrl.strip();
      webdriverEndpoints = webdriverEndpoints == null ? List.of() : List.copyOf(webdriverEndpoints);
      ConfigField.DEVICE_ADB_SERVER.checkText(adbServer);
      ConfigField.DEVICE_WDA_URL.checkText(wdaUrl);
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
      return new Device(DeviceLimits.DEFAULTS.timeout(), DeviceLimits.DEFAULTS.maxCaptureBytes());
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
      ConfigField.TAP_SETTLE_MS.checkRange(settle.toMillis());
    }

    /** A 2 s bound. */
    public static Tap defaults() {
      return new Tap(dev.apex.tools.TapTool.DEFAULT_SETTLE);
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
      ConfigField.LLM_PROVIDER.checkProvider(provider);
      openaiBaseUrl = openaiBaseUrl == null ? "" : openaiBaseUrl.strip();
      if (!openaiBaseUrl.isEmpty()) {
        ConfigField.LLM_OPENAI_BASE_URL.checkUrl(openaiBaseUrl);
      }
      openaiApiKey = openaiApiKey == null ? "" : openaiApiKey.strip();
    }

    /** Anthropic; the OpenAI endpoint's default URL; no OpenAI key. */
    public static Llm defaults() {
      return new Llm("anthropic", "", "");
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
