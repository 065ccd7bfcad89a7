package dev.apex.config;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.InvalidInputException;
import dev.apex.runtime.agent.LabelCacheMode;
import dev.apex.runtime.safety.OriginRule;
import dev.apex.runtime.safety.SensitiveKind;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Every setting a user may change, in one table: its key in {@code config.json} and in the
 * console's config API (dotted for a nested key: {@code semantic.model} is {@code
 * {"semantic":{"model":…}}}), the environment variable that overrides it, its type and its range.
 * Checking, reading and writing all go through here, so a field cannot be valid in one place and
 * not in another.
 *
 * <p>The API keys are deliberately not fields: they are read only from {@code ANTHROPIC_API_KEY}
 * and {@code OPENAI_API_KEY}. Error messages name the key and what is accepted and never the value
 * given.
 */
public enum ConfigField {
  SEMANTIC_ENABLED("semantic.enabled", "APEX_SEMANTIC_ENABLED", Type.BOOLEAN, 0, 0),
  SEMANTIC_MODEL("semantic.model", "APEX_SEMANTIC_MODEL", Type.MODEL, 1, 100),
  SEMANTIC_TIMEOUT_MS(
      "semantic.timeout_ms", "APEX_SEMANTIC_TIMEOUT_MS", Type.INTEGER, 100, 600_000),
  SEMANTIC_MAX_RETRIES("semantic.max_retries", "APEX_SEMANTIC_MAX_RETRIES", Type.INTEGER, 0, 5),
  /**
   * Where screen labels are cached: {@code task} (within each task, the default), {@code timeline}
   * (across tasks too, in the timeline database) or {@code off} ({@link LabelCacheMode}).
   */
  SEMANTIC_CACHE("semantic.cache", "APEX_SEMANTIC_CACHE", Type.CACHE_MODE, 0, 0),
  /** How long a labelling kept across tasks is served, in hours (1 h to a year). */
  SEMANTIC_CACHE_TTL_HOURS(
      "semantic.cache_ttl_hours", "APEX_SEMANTIC_CACHE_TTL_HOURS", Type.INTEGER, 1, 8760),
  WORLD_ENABLED("world.enabled", "APEX_WORLD_ENABLED", Type.BOOLEAN, 0, 0),
  WORLD_HISTORY_SIZE("world.history_size", "APEX_WORLD_HISTORY_SIZE", Type.INTEGER, 1, 1000),
  MAX_STEPS("max_steps", "APEX_MAX_STEPS", Type.INTEGER, 1, 1000),
  SCREENSHOT_RETENTION(
      "screenshot_retention", "APEX_SCREENSHOT_RETENTION", Type.INTEGER, 1, 10_000),
  /** App ids a goal may launch without asking; the variable holds them comma-separated. */
  PLANNER_ALLOWED_APPS(
      "planner.allowed_apps",
      "APEX_PLANNER_ALLOWED_APPS",
      Type.APP_LIST,
      0,
      ApexConfig.Planner.MAX_APPS),
  /**
   * Web origins a model, a flow or a remote client may open without asking ({@link
   * dev.apex.runtime.safety.OriginRule}); the variable holds them comma-separated.
   */
  PLANNER_ALLOWED_URLS(
      "planner.allowed_urls",
      "APEX_PLANNER_ALLOWED_URLS",
      Type.ORIGIN_LIST,
      0,
      ApexConfig.Planner.MAX_APPS),
  /**
   * {@link SensitiveKind} names (any case) that need no confirmation; the variable holds them
   * comma-separated.
   */
  PLANNER_ALLOWED_ACTIONS(
      "planner.allowed_actions",
      "APEX_PLANNER_ALLOWED_ACTIONS",
      Type.KIND_LIST,
      0,
      SensitiveKind.values().length),
  /**
   * The model that plans a goal; empty for the provider's default (Claude's), which {@code openai}
   * has not: there it must be set.
   */
  PLANNER_MODEL("planner.model", "APEX_PLANNER_MODEL", Type.MODEL_OR_EMPTY, 0, 100),
  /** Which model provider plans and labels: {@code anthropic} (default) or {@code openai}. */
  LLM_PROVIDER("llm.provider", "APEX_LLM_PROVIDER", Type.PROVIDER, 0, 0),
  /**
   * The OpenAI-compatible endpoint's base URL, e.g. {@code http://localhost:11434/v1} (Ollama);
   * empty for OpenAI's. Its key is read only from {@code OPENAI_API_KEY}.
   */
  LLM_OPENAI_BASE_URL("llm.openai_base_url", "OPENAI_BASE_URL", Type.URL, 0, 500),
  /** The deadline of one whole device command, in ms ({@link dev.apex.device.DeviceLimits}). */
  DEVICE_TIMEOUT_MS("device.timeout_ms", "APEX_DEVICE_TIMEOUT_MS", Type.INTEGER, 100, 3_600_000),
  /** The most bytes one device answer (screenshot, tree, output) may carry. */
  DEVICE_MAX_CAPTURE_BYTES(
      "device.max_capture_bytes",
      "APEX_DEVICE_MAX_CAPTURE_BYTES",
      Type.INTEGER,
      64 * 1024,
      Integer.MAX_VALUE),
  /**
   * The adb server as {@code host:port} (empty: {@code ADB_SERVER_SOCKET}, else 127.0.0.1:5037);
   * {@code --adb} overrides it.
   */
  DEVICE_ADB_SERVER("device.adb_server", "APEX_DEVICE_ADB_SERVER", Type.ADDRESS, 0, 255),
  /** A WebDriverAgent the device list probes and {@code ios} opens (empty: none). */
  DEVICE_WDA_URL("device.wda_url", "APEX_DEVICE_WDA_URL", Type.URL, 0, 2_000),
  /**
   * WebDriver servers (Selenium Grid, Appium) the device list probes; the variable holds them
   * comma-separated.
   */
  DEVICE_WEBDRIVER_ENDPOINTS(
      "device.webdriver_endpoints",
      "APEX_DEVICE_WEBDRIVER_ENDPOINTS",
      Type.URL_LIST,
      0,
      ApexConfig.Device.MAX_ENDPOINTS),
  /** How long a tap waits for its element to hold still (0: not at all). */
  TAP_SETTLE_MS(
      "tap.settle_ms", "APEX_TAP_SETTLE_MS", Type.INTEGER, 0, dev.apex.tools.TapTool.MAX_SETTLE_MS);

  /** The environment variable holding the API key, the only place the key is read from. */
  public static final String API_KEY_ENV = "ANTHROPIC_API_KEY";

  /** The key under which the public JSON says whether the API key is set. Never settable. */
  public static final String API_KEY_KEY = "anthropic_api_key";

  /** The environment variable holding the OpenAI-compatible endpoint's key, its only source. */
  public static final String OPENAI_API_KEY_ENV = "OPENAI_API_KEY";

  /** The key under which the public JSON says whether the OpenAI key is set. Never settable. */
  public static final String OPENAI_API_KEY_KEY = "openai_api_key";

  /** The providers {@code llm.provider} accepts. */
  public static final List<String> PROVIDERS = List.of("anthropic", "openai");

  /** A model id; a slash allowed, as OpenAI-compatible gateways name them ({@code org/model}). */
  private static final Pattern MODEL = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:@/-]*");

  private static final Pattern APP_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,199}");
  private static final Pattern ADDRESS =
      Pattern.compile("(?:[A-Za-z0-9][A-Za-z0-9.-]*|\\[[0-9A-Fa-f:.]+\\]):[0-9]{1,5}");
  private static final Pattern URL = Pattern.compile("(?i)https?://[^\\s\\p{Cntrl}]+");

  /** What an unknown kind may look like to be named in a message (never a pasted secret). */
  private static final Pattern NAMEABLE = Pattern.compile("[A-Za-z_]{1,40}");

  private enum Type {
    BOOLEAN,
    INTEGER,
    MODEL,
    MODEL_OR_EMPTY,
    PROVIDER,
    URL,
    CACHE_MODE,
    APP_LIST,
    KIND_LIST,
    ADDRESS,
    URL_LIST,
    ORIGIN_LIST
  }

  private final String key;
  private final String envVar;
  private final Type type;
  private final long min;
  private final long max;

  ConfigField(String key, String envVar, Type type, long min, long max) {
    this.key = key;
    this.envVar = envVar;
    this.type = type;
    this.min = min;
    this.max = max;
  }

  /** The dotted JSON key, e.g. {@code semantic.timeout_ms}. */
  public String key() {
    return key;
  }

  /** The group object it lives in ({@code semantic}, {@code world}), or empty for a top key. */
  public Optional<String> group() {
    int dot = key.indexOf('.');
    return dot < 0 ? Optional.empty() : Optional.of(key.substring(0, dot));
  }

  /** The key within its group, e.g. {@code timeout_ms}. */
  public String jsonName() {
    return key.substring(key.indexOf('.') + 1);
  }

  /** The environment variable that overrides the file, e.g. {@code APEX_MAX_STEPS}. */
  public String envVar() {
    return envVar;
  }

  /** What the field accepts, for messages and the UI, e.g. {@code an integer in [1, 1000]}. */
  public String accepts() {
    return switch (type) {
      case BOOLEAN -> "true or false";
      case INTEGER -> "an integer in [" + min + ", " + max + "]";
      case MODEL ->
          "a model id of 1 to "
              + max
              + " letters, digits and . _ : @ - / (e.g. "
              + ApexConfig.Semantic.DEFAULT_MODEL
              + ")";
      case MODEL_OR_EMPTY ->
          "empty (the provider's default) or a model id of 1 to "
              + max
              + " letters, digits and . _ : @ - / (e.g. claude-sonnet-5-5, qwen2.5:7b)";
      case PROVIDER -> "one of " + String.join(", ", PROVIDERS);
      case CACHE_MODE -> "one of " + LabelCacheMode.codes();
      case APP_LIST ->
          "a list of at most "
              + max
              + " app ids of letters, digits and . _ - (e.g. com.android.settings)";
      case KIND_LIST -> "a list of action kinds among " + kindCodes();
      case ADDRESS -> "host:port (e.g. 127.0.0.1:5037), or empty for the default";
      case URL ->
          "an http:// or https:// URL of at most "
              + max
              + " characters (e.g. http://localhost:11434/v1), or empty for the default";
      case URL_LIST -> "a list of at most " + max + " http:// or https:// URLs";
      case ORIGIN_LIST ->
          "a list of at most "
              + max
              + " origins such as https://example.com or http://localhost:8080,"
              + " https://*.example.com or *";
    };
  }

  /** The field, by its dotted key. */
  public static Optional<ConfigField> byKey(String key) {
    return Arrays.stream(values()).filter(f -> f.key.equals(key)).findFirst();
  }

  /** Every dotted key, comma-separated, for "known keys" messages. */
  public static String knownKeys() {
    return Arrays.stream(values()).map(ConfigField::key).collect(Collectors.joining(", "));
  }

  /**
   * Its value in {@code config}: a Boolean, an Integer, a String, or a {@code List<String>} (app
   * ids; action kinds as lower-case {@link SensitiveKind#code()}s).
   */
  public Object get(ApexConfig config) {
    Objects.requireNonNull(config, "config");
    ApexConfig.Semantic s = config.semantic();
    return switch (this) {
      case SEMANTIC_ENABLED -> s.enabled();
      case SEMANTIC_MODEL -> s.model();
      case SEMANTIC_TIMEOUT_MS -> Math.toIntExact(s.timeout().toMillis());
      case SEMANTIC_MAX_RETRIES -> s.maxRetries();
      case SEMANTIC_CACHE -> s.cache().code();
      case SEMANTIC_CACHE_TTL_HOURS -> Math.toIntExact(s.cacheTtl().toHours());
      case WORLD_ENABLED -> config.world().enabled();
      case WORLD_HISTORY_SIZE -> config.world().historySize();
      case MAX_STEPS -> config.maxSteps();
      case SCREENSHOT_RETENTION -> config.screenshotRetention();
      case PLANNER_ALLOWED_APPS -> config.planner().allowedApps();
      case PLANNER_ALLOWED_URLS -> config.planner().allowedUrls();
      case PLANNER_ALLOWED_ACTIONS ->
          config.planner().allowedActions().stream().map(SensitiveKind::code).toList();
      case DEVICE_TIMEOUT_MS -> Math.toIntExact(config.device().timeout().toMillis());
      case DEVICE_MAX_CAPTURE_BYTES -> Math.toIntExact(config.device().maxCaptureBytes());
      case TAP_SETTLE_MS -> Math.toIntExact(config.tap().settle().toMillis());
      case PLANNER_MODEL -> config.planner().model();
      case LLM_PROVIDER -> config.llm().provider();
      case LLM_OPENAI_BASE_URL -> config.llm().openaiBaseUrl();
      case DEVICE_ADB_SERVER -> config.device().adbServer();
      case DEVICE_WDA_URL -> config.device().wdaUrl();
      case DEVICE_WEBDRIVER_ENDPOINTS -> config.device().webdriverEndpoints();
    };
  }

  /** {@code config} with this field set to {@code value}, a value {@link #fromJson} accepted. */
  public ApexConfig set(ApexConfig config, Object value) {
    Objects.requireNonNull(config, "config");
    Objects.requireNonNull(value, "value");
    ApexConfig.Semantic s = config.semantic();
    ApexConfig.World w = config.world();
    return switch (this) {
      case SEMANTIC_ENABLED -> config.withSemantic(s.withEnabled((Boolean) value));
      case SEMANTIC_MODEL -> config.withSemantic(s.withModel((String) value));
      case SEMANTIC_TIMEOUT_MS ->
          config.withSemantic(s.withTimeout(Duration.ofMillis((Integer) value)));
      case SEMANTIC_MAX_RETRIES -> config.withSemantic(s.withMaxRetries((Integer) value));
      case SEMANTIC_CACHE -> config.withSemantic(s.withCache(cacheMode(key, (String) value)));
      case SEMANTIC_CACHE_TTL_HOURS ->
          config.withSemantic(s.withCacheTtl(Duration.ofHours((Integer) value)));
      case WORLD_ENABLED -> config.withWorld(w.withEnabled((Boolean) value));
      case WORLD_HISTORY_SIZE -> config.withWorld(w.withHistorySize((Integer) value));
      case MAX_STEPS -> config.withMaxSteps((Integer) value);
      case SCREENSHOT_RETENTION -> config.withScreenshotRetention((Integer) value);
      case PLANNER_ALLOWED_APPS ->
          config.withPlanner(config.planner().withAllowedApps(strings(value)));
      case PLANNER_ALLOWED_URLS ->
          config.withPlanner(config.planner().withAllowedUrls(strings(value)));
      case PLANNER_ALLOWED_ACTIONS ->
          config.withPlanner(config.planner().withAllowedActions(kinds(key, strings(value))));
      case DEVICE_TIMEOUT_MS ->
          config.withDevice(config.device().withTimeout(Duration.ofMillis((Integer) value)));
      case DEVICE_MAX_CAPTURE_BYTES ->
          config.withDevice(config.device().withMaxCaptureBytes((Integer) value));
      case TAP_SETTLE_MS -> config.withTap(new ApexConfig.Tap(Duration.ofMillis((Integer) value)));
      case PLANNER_MODEL -> config.withPlanner(config.planner().withModel((String) value));
      case LLM_PROVIDER -> config.withLlm(config.llm().withProvider((String) value));
      case LLM_OPENAI_BASE_URL -> config.withLlm(config.llm().withOpenAiBaseUrl((String) value));
      case DEVICE_ADB_SERVER -> config.withDevice(config.device().withAdbServer((String) value));
      case DEVICE_WDA_URL -> config.withDevice(config.device().withWdaUrl((String) value));
      case DEVICE_WEBDRIVER_ENDPOINTS ->
          config.withDevice(config.device().withWebdriverEndpoints(strings(value)));
    };
  }

  /**
   * The value a JSON node holds, checked: a JSON boolean, an integral number, a string or an array
   * of strings as the field's type needs (no strings for numbers, no numbers for booleans).
   *
   * @throws InvalidConfigException naming the key when the type or range is wrong
   */
  public Object fromJson(JsonNode node) {
    Objects.requireNonNull(node, "node");
    switch (type) {
      case BOOLEAN:
        if (!node.isBoolean()) {
          throw invalid(key);
        }
        return node.booleanValue();
      case INTEGER:
        if (!node.isIntegralNumber() || !node.canConvertToLong()) {
          throw invalid(key);
        }
        return checkRange(key, node.longValue());
      case APP_LIST:
      case KIND_LIST:
      case URL_LIST:
      case ORIGIN_LIST:
        if (!node.isArray()) {
          throw invalid(key);
        }
        List<String> items = new ArrayList<>();
        for (JsonNode item : node) {
          if (!item.isTextual()) {
            throw invalid(key);
          }
          items.add(item.textValue().strip());
        }
        return checkList(key, items);
      case CACHE_MODE:
        if (!node.isTextual()) {
          throw invalid(key);
        }
        return cacheMode(key, node.textValue()).code();
      case MODEL_OR_EMPTY:
      case PROVIDER:
      case ADDRESS:
      case URL:
        if (!node.isTextual()) {
          throw invalid(key);
        }
        return checkText(key, node.textValue().strip());
      default:
        if (!node.isTextual()) {
          throw invalid(key);
        }
        return checkModel(key, node.textValue());
    }
  }

  /**
   * The value an environment variable holds, checked. Booleans accept {@code true/false}, {@code
   * yes/no}, {@code on/off} and {@code 1/0}, ignoring case.
   *
   * @throws InvalidConfigException naming the variable when it cannot be used
   */
  public Object fromEnv(String text) {
    Objects.requireNonNull(text, "text");
    String value = text.strip();
    switch (type) {
      case BOOLEAN:
        return switch (value.toLowerCase(Locale.ROOT)) {
          case "true", "yes", "on", "1" -> true;
          case "false", "no", "off", "0" -> false;
          default -> throw invalid(envVar);
        };
      case INTEGER:
        try {
          return checkRange(envVar, Long.parseLong(value));
        } catch (NumberFormatException e) {
          throw invalid(envVar);
        }
      case APP_LIST:
      case KIND_LIST:
      case URL_LIST:
      case ORIGIN_LIST:
        List<String> items =
            Arrays.stream(value.split(",")).map(String::strip).filter(t -> !t.isEmpty()).toList();
        return checkList(envVar, items);
      case CACHE_MODE:
        return cacheMode(envVar, value).code();
      case MODEL_OR_EMPTY:
      case PROVIDER:
      case ADDRESS:
      case URL:
        return checkText(envVar, value);
      default:
        return checkModel(envVar, value);
    }
  }

  void checkRange(long value) {
    checkRange(key, value);
  }

  void checkModel(String value) {
    if (type == Type.MODEL_OR_EMPTY) {
      checkText(key, value);
    } else {
      checkModel(key, value);
    }
  }

  void checkProvider(String value) {
    checkText(key, value);
  }

  void checkUrl(String value) {
    checkText(key, value);
  }

  /**
   * A provider name, a URL, a host:port address or an optional model, by the field's type: empty
   * means unset (but for a provider); lower-cases a provider. Never echoes the value.
   */
  private String checkText(String name, String text) {
    String value = text.strip();
    switch (type) {
      case PROVIDER -> {
        String provider = value.toLowerCase(Locale.ROOT);
        if (!PROVIDERS.contains(provider)) {
          throw invalid(name);
        }
        return provider;
      }
      case URL, ADDRESS -> {
        Pattern pattern = type == Type.ADDRESS ? ADDRESS : URL;
        if (!value.isEmpty() && (value.length() > max || !pattern.matcher(value).matches())) {
          throw invalid(name);
        }
        return value;
      }
      default -> {
        if (!value.isEmpty() && (value.length() > max || !MODEL.matcher(value).matches())) {
          throw invalid(name);
        }
        return value;
      }
    }
  }

  private int checkRange(String name, long value) {
    if (value < min || value > max) {
      throw invalid(name);
    }
    return (int) value;
  }

  private String checkModel(String name, String value) {
    if (value.isEmpty() || value.length() > max || !MODEL.matcher(value).matches()) {
      throw invalid(name);
    }
    return value;
  }

  /** The mode {@code value} names (any case), or a message naming {@code name} and the modes. */
  private LabelCacheMode cacheMode(String name, String value) {
    return LabelCacheMode.ofCode(value).orElseThrow(() -> invalid(name));
  }

  void checkApps(List<String> apps) {
    checkList(key, apps);
  }

  /** The items checked, in their normal form (origins normalised, kinds lower-cased). */
  List<String> checkItems(List<String> items) {
    return checkList(key, items);
  }

  void checkText(String value) {
    checkText(key, value);
  }

  private List<String> checkList(String name, List<String> items) {
    if (items.size() > max) {
      throw invalid(name);
    }
    if (type == Type.KIND_LIST) {
      return kinds(name, items).stream().map(SensitiveKind::code).toList();
    }
    if (type == Type.ORIGIN_LIST) {
      return origins(name, items);
    }
    if (type == Type.URL_LIST) {
      for (String item : items) {
        if (item.length() > 2_000 || !URL.matcher(item).matches()) {
          throw invalid(name);
        }
      }
      return List.copyOf(items);
    }
    for (String item : items) {
      if (!APP_ID.matcher(item).matches()) {
        throw invalid(name);
      }
    }
    return List.copyOf(items);
  }

  /** The origins in their normal form; a bad one is refused without echoing it. */
  private List<String> origins(String name, List<String> items) {
    List<String> out = new ArrayList<>();
    for (String item : items) {
      try {
        out.add(OriginRule.normalise(item));
      } catch (InvalidInputException e) {
        throw invalid(name);
      }
    }
    return List.copyOf(out);
  }

  /** The kinds {@code names} give, in any case; an unknown one is named when it is a plain word. */
  private static List<SensitiveKind> kinds(String name, List<String> names) {
    List<SensitiveKind> kinds = new ArrayList<>();
    for (String item : names) {
      String upper = item.strip().toUpperCase(Locale.ROOT);
      SensitiveKind kind =
          allowableKinds()
              .filter(k -> k.name().equals(upper))
              .findFirst()
              .orElseThrow(
                  () ->
                      new InvalidConfigException(
                          name,
                          name
                              + ": unknown action kind "
                              + (NAMEABLE.matcher(item).matches() ? item : "(not a kind name)")
                              + "; known kinds: "
                              + kindCodes()));
      kinds.add(kind);
    }
    return kinds;
  }

  /** The kinds an allow may name: all but opening a URL, which only origins allow. */
  private static Stream<SensitiveKind> allowableKinds() {
    return Arrays.stream(SensitiveKind.values()).filter(k -> k != SensitiveKind.URL_OPEN);
  }

  private static String kindCodes() {
    return allowableKinds().map(SensitiveKind::code).collect(Collectors.joining(", "));
  }

  @SuppressWarnings("unchecked")
  private static List<String> strings(Object value) {
    return (List<String>) value;
  }

  private InvalidConfigException invalid(String name) {
    return new InvalidConfigException(name, name + " must be " + accepts());
  }

  /** The fields of a group, in declaration order. */
  static List<ConfigField> inGroup(String group) {
    return Arrays.stream(values()).filter(f -> f.group().equals(Optional.of(group))).toList();
  }
}
