package dev.apex.config;

import static dev.apex.config.ConfigField.Section.DEVICES;
import static dev.apex.config.ConfigField.Section.MODEL;
import static dev.apex.config.ConfigField.Section.SAFETY;
import static dev.apex.config.ConfigField.Section.SEMANTIC;
import static dev.apex.config.ConfigField.Section.TASKS;
import static dev.apex.config.ConfigField.Section.WORLD;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.device.DeviceLimits;
import dev.apex.runtime.TaskRunner;
import dev.apex.runtime.agent.LabelCacheMode;
import dev.apex.tools.TapTool;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Every setting, declared once: its key in {@code config.json} and in the console's config API
 * (dotted for a nested key: {@code semantic.model} is {@code {"semantic":{"model":…}}}), the
 * environment variable that overrides it, its flag where it has one, its type, range and default,
 * the help text the CLI and the console show, the console section it is shown in, and whether it is
 * a secret. The file, the environment, the CLI's options, the console's config API and page, and
 * the JUnit extension all read these declarations; a new setting is one more constant here and the
 * code that uses it.
 *
 * <p>The API keys are secrets: read only from {@code ANTHROPIC_API_KEY} and {@code OPENAI_API_KEY},
 * never written to the file, shown only as set or unset. Error messages name the key (or variable,
 * or flag) and what is accepted and never the value given.
 */
public enum ConfigField {
  SEMANTIC_ENABLED(
      "semantic.enabled",
      "APEX_SEMANTIC_ENABLED",
      FieldType.BOOLEAN,
      0,
      0,
      false,
      Flag.of("--semantic", ""),
      SEMANTIC,
      "Semantic enrichment",
      "Label each screen with one LLM call (costs tokens; needs ANTHROPIC_API_KEY, or llm.provider"
          + " openai)."),
  SEMANTIC_MODEL(
      "semantic.model",
      "APEX_SEMANTIC_MODEL",
      FieldType.MODEL,
      1,
      100,
      ApexConfig.Semantic.DEFAULT_MODEL,
      Flag.of("--model", ""),
      SEMANTIC,
      "Model",
      "The model that labels screens; with openai name one the endpoint serves."),
  SEMANTIC_TIMEOUT_MS(
      "semantic.timeout_ms",
      "APEX_SEMANTIC_TIMEOUT_MS",
      FieldType.INTEGER,
      100,
      600_000,
      10_000,
      Flag.of("--semantic-timeout", "in seconds"),
      SEMANTIC,
      "Timeout (ms)",
      "The whole labelling call's time budget, retries included."),
  SEMANTIC_MAX_RETRIES(
      "semantic.max_retries",
      "APEX_SEMANTIC_MAX_RETRIES",
      FieldType.INTEGER,
      0,
      5,
      2,
      Flag.of("--semantic-retries", ""),
      SEMANTIC,
      "Max retries",
      "Retries of a failed labelling call, within its time budget."),
  /** Where screen labels are cached ({@link LabelCacheMode}). */
  SEMANTIC_CACHE(
      "semantic.cache",
      "APEX_SEMANTIC_CACHE",
      FieldType.CACHE_MODE,
      0,
      0,
      LabelCacheMode.DEFAULT.code(),
      Flag.NONE,
      SEMANTIC,
      "Label cache",
      "task (a revisited screen costs no call), timeline (across tasks too, in the timeline) or"
          + " off."),
  SEMANTIC_CACHE_TTL_HOURS(
      "semantic.cache_ttl_hours",
      "APEX_SEMANTIC_CACHE_TTL_HOURS",
      FieldType.INTEGER,
      1,
      8760,
      (int) LabelCacheMode.DEFAULT_TTL.toHours(),
      Flag.NONE,
      SEMANTIC,
      "Cached labels expire after (hours)",
      "For the timeline cache; 168 is 7 days."),
  WORLD_ENABLED(
      "world.enabled",
      "APEX_WORLD_ENABLED",
      FieldType.BOOLEAN,
      0,
      0,
      true,
      Flag.NONE,
      WORLD,
      "World Runtime",
      "Keep a bounded world state per task."),
  WORLD_HISTORY_SIZE(
      "world.history_size",
      "APEX_WORLD_HISTORY_SIZE",
      FieldType.INTEGER,
      1,
      1000,
      10,
      Flag.NONE,
      WORLD,
      "History size",
      "Recent steps the world remembers."),
  MAX_STEPS(
      "max_steps",
      "APEX_MAX_STEPS",
      FieldType.INTEGER,
      1,
      1000,
      TaskRunner.DEFAULT_MAX_STEPS,
      Flag.of("--max-steps", ""),
      TASKS,
      "Max steps per task",
      "Stop a task after this many steps."),
  SCREENSHOT_RETENTION(
      "screenshot_retention",
      "APEX_SCREENSHOT_RETENTION",
      FieldType.INTEGER,
      1,
      10_000,
      50,
      Flag.NONE,
      TASKS,
      "Keep screenshots of the newest … tasks",
      "Applies when the timeline is next opened."),
  /** App ids a goal may launch without asking; the variable holds them comma-separated. */
  PLANNER_ALLOWED_APPS(
      "planner.allowed_apps",
      "APEX_PLANNER_ALLOWED_APPS",
      FieldType.APP_LIST,
      0,
      ApexConfig.Planner.MAX_APPS,
      List.of(),
      Flag.of("--allow-app", "repeat for more; added to the setting's list"),
      SAFETY,
      "Apps a goal may launch without asking",
      "App ids (packages, bundle ids) a goal may launch without asking, e.g."
          + " com.android.settings."),
  /** Web origins a model, a flow or a remote client may open without asking. */
  PLANNER_ALLOWED_URLS(
      "planner.allowed_urls",
      "APEX_PLANNER_ALLOWED_URLS",
      FieldType.ORIGIN_LIST,
      0,
      ApexConfig.Planner.MAX_APPS,
      List.of(),
      Flag.of("--allow-url", "repeat for more; added to the setting's list"),
      SAFETY,
      "Web origins a goal, a flow or this console may open",
      "Web origins a goal, a flow or a remote client may open without asking, e.g."
          + " https://example.com, https://*.example.com, or * for every public one. Loopback and"
          + " private addresses open only when named exactly; file:, data: and the like never."),
  /** Sensitive action kinds (any case) that need no confirmation. */
  PLANNER_ALLOWED_ACTIONS(
      "planner.allowed_actions",
      "APEX_PLANNER_ALLOWED_ACTIONS",
      FieldType.KIND_LIST,
      0,
      dev.apex.runtime.planner.SensitiveKind.values().length,
      List.of(),
      Flag.NONE,
      SAFETY,
      "Actions that need no confirmation",
      "Kinds of sensitive action among password_entry, payment, deletion, sending, app_launch."
          + " Empty: every sensitive action asks."),
  LLM_PROVIDER(
      "llm.provider",
      "APEX_LLM_PROVIDER",
      FieldType.PROVIDER,
      0,
      0,
      "anthropic",
      Flag.of("--provider", ""),
      MODEL,
      "Model provider",
      "anthropic (Claude) or openai: any OpenAI-compatible endpoint (OpenAI, Ollama, vLLM,"
          + " llama.cpp, LM Studio, OpenRouter)."),
  /** The OpenAI-compatible endpoint's base URL; its key is read only from OPENAI_API_KEY. */
  LLM_OPENAI_BASE_URL(
      "llm.openai_base_url",
      "OPENAI_BASE_URL",
      FieldType.URL,
      0,
      500,
      "",
      Flag.of("--base-url", "for anthropic too, else ANTHROPIC_BASE_URL"),
      MODEL,
      "OpenAI-compatible base URL",
      "For openai, e.g. http://localhost:11434/v1 (Ollama); empty for OpenAI's API."),
  /** The model that plans a goal; empty for the provider's default, which openai has not. */
  PLANNER_MODEL(
      "planner.model",
      "APEX_PLANNER_MODEL",
      FieldType.MODEL_OR_EMPTY,
      0,
      100,
      "",
      Flag.of("--planner-model", ""),
      MODEL,
      "Planning model",
      "The model that plans a goal; empty for Claude's default. Required with openai, e.g."
          + " qwen2.5:7b."),
  /** The deadline of one whole device command ({@link DeviceLimits}). */
  DEVICE_TIMEOUT_MS(
      "device.timeout_ms",
      "APEX_DEVICE_TIMEOUT_MS",
      FieldType.INTEGER,
      100,
      3_600_000,
      (int) DeviceLimits.DEFAULT_TIMEOUT_MS,
      Flag.of("--device-timeout", "in ms or as 500ms, 5s, 2m"),
      DEVICES,
      "Device command deadline (ms)",
      "A whole device command (tap, dump, screenshot) fails after this long, however the device"
          + " trickles."),
  DEVICE_MAX_CAPTURE_BYTES(
      "device.max_capture_bytes",
      "APEX_DEVICE_MAX_CAPTURE_BYTES",
      FieldType.INTEGER,
      64 * 1024,
      Integer.MAX_VALUE,
      (int) DeviceLimits.DEFAULT_MAX_CAPTURE_BYTES,
      Flag.NONE,
      DEVICES,
      "Most bytes one capture may read",
      "A screenshot, tree or output larger than this fails in one line."),
  DEVICE_ADB_SERVER(
      "device.adb_server",
      "APEX_DEVICE_ADB_SERVER",
      FieldType.ADDRESS,
      0,
      255,
      "",
      Flag.of("--adb", ""),
      DEVICES,
      "adb server (host:port)",
      "The adb server; empty for ADB_SERVER_SOCKET, else 127.0.0.1:5037."),
  DEVICE_WDA_URL(
      "device.wda_url",
      "APEX_DEVICE_WDA_URL",
      FieldType.URL,
      0,
      2_000,
      "",
      Flag.NONE,
      DEVICES,
      "WebDriverAgent URL",
      "A WebDriverAgent the device list probes and ios opens; empty for none."),
  DEVICE_WEBDRIVER_ENDPOINTS(
      "device.webdriver_endpoints",
      "APEX_DEVICE_WEBDRIVER_ENDPOINTS",
      FieldType.URL_LIST,
      0,
      ApexConfig.Device.MAX_ENDPOINTS,
      List.of(),
      Flag.NONE,
      DEVICES,
      "WebDriver servers the device list probes",
      "Selenium Grid or Appium server URLs the device list probes."),
  TAP_SETTLE_MS(
      "tap.settle_ms",
      "APEX_TAP_SETTLE_MS",
      FieldType.INTEGER,
      0,
      TapTool.MAX_SETTLE_MS,
      (int) TapTool.DEFAULT_SETTLE.toMillis(),
      Flag.NONE,
      TASKS,
      "Wait for a tapped element to stop moving (ms)",
      "A tap looks again until its element holds still, up to this long; 0 taps at once."),
  /** Where tasks are recorded; a PostgreSQL URL will be accepted once that backend exists. */
  TIMELINE_URL(
      "timeline.url",
      "APEX_TIMELINE",
      FieldType.TIMELINE,
      0,
      4096,
      "",
      Flag.of("--db", ""),
      TASKS,
      "Timeline file",
      "Where tasks are recorded: a SQLite file; empty for $APEX_HOME/timeline.db, else"
          + " ~/.apex/timeline.db. A postgresql:// URL is not supported yet."),
  ANTHROPIC_API_KEY(
      "anthropic_api_key",
      "ANTHROPIC_API_KEY",
      FieldType.SECRET,
      0,
      0,
      "",
      Flag.NONE,
      SEMANTIC,
      "ANTHROPIC_API_KEY",
      "Read from the environment of the process that runs apex; never shown or stored here."),
  OPENAI_API_KEY(
      "openai_api_key",
      "OPENAI_API_KEY",
      FieldType.SECRET,
      0,
      0,
      "",
      Flag.NONE,
      MODEL,
      "OPENAI_API_KEY",
      "Optional (local servers take none). Read from the environment of the process that runs"
          + " apex; never shown or stored here.");

  /** Where the console shows a setting, in this order. */
  public enum Section {
    MODEL("Model"),
    SEMANTIC("Semantic scene"),
    WORLD("World Runtime"),
    TASKS("Tasks and timeline"),
    SAFETY("Planner safety"),
    DEVICES("Devices");

    private final String title;

    Section(String title) {
      this.title = title;
    }

    /** The heading the console shows, e.g. {@code Semantic scene}. */
    public String title() {
      return title;
    }
  }

  /**
   * A setting's command-line flag.
   *
   * @param name the flag, e.g. {@code --device-timeout}; empty for a setting with none
   * @param form how the flag's value differs from the setting's, e.g. {@code in seconds}; empty
   *     when it takes the same
   */
  public record Flag(String name, String form) {
    static final Flag NONE = new Flag("", "");

    static Flag of(String name, String form) {
      return new Flag(name, form);
    }
  }

  /** The providers {@code llm.provider} accepts. */
  public static final List<String> PROVIDERS = FieldType.PROVIDERS;

  private final String key;
  private final String envVar;
  private final FieldType type;
  private final long min;
  private final long max;
  private final Object defaultValue;
  private final Flag flag;
  private final Section section;
  private final String label;
  private final String help;

  ConfigField(
      String key,
      String envVar,
      FieldType type,
      long min,
      long max,
      Object defaultValue,
      Flag flag,
      Section section,
      String label,
      String help) {
    this.key = key;
    this.envVar = envVar;
    this.type = type;
    this.min = min;
    this.max = max;
    this.defaultValue = defaultValue;
    this.flag = flag;
    this.section = section;
    this.label = label;
    this.help = help;
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

  /** Its command-line flag, e.g. {@code --device-timeout}, or empty. */
  public Optional<Flag> flag() {
    return flag.name().isEmpty() ? Optional.empty() : Optional.of(flag);
  }

  /**
   * The JUnit configuration parameter (or system property) that sets it in the JUnit extension,
   * named for its variable: {@code APEX_MAX_STEPS} is {@code apex.max.steps}; empty for a secret
   * and for a variable that is not apex's own ({@code OPENAI_BASE_URL}).
   */
  public Optional<String> parameter() {
    return secret() || !envVar.startsWith("APEX_")
        ? Optional.empty()
        : Optional.of(envVar.toLowerCase(java.util.Locale.ROOT).replace('_', '.'));
  }

  /** Its value when nothing sets it, in normal form (Boolean, Integer, String or list). */
  public Object defaultValue() {
    return defaultValue;
  }

  /** Whether it is a key: read only from the environment, never written or shown. */
  public boolean secret() {
    return type == FieldType.SECRET;
  }

  /** Where the console shows it. */
  public Section section() {
    return section;
  }

  /** Its name on the console's settings page. */
  public String label() {
    return label;
  }

  /** One or two sentences on what it does, for the CLI's help and the console's page. */
  public String help() {
    return help;
  }

  /** The console's input type: {@code bool}, {@code int}, {@code list}, {@code text}, secret. */
  public String uiType() {
    return type.uiType();
  }

  /** What the field accepts, for messages and the UI, e.g. {@code an integer in [1, 1000]}. */
  public String accepts() {
    return type.accepts(min, max);
  }

  /** A valid value other than the default, in normal form, e.g. for a help text or a test. */
  public Object example() {
    return type.example(this);
  }

  long min() {
    return min;
  }

  long max() {
    return max;
  }

  /** The field, by its dotted key. */
  public static Optional<ConfigField> byKey(String key) {
    return Arrays.stream(values()).filter(f -> f.key.equals(key)).findFirst();
  }

  /** The settable fields (every one but the secrets), in declaration order. */
  public static List<ConfigField> settable() {
    return Arrays.stream(values()).filter(f -> !f.secret()).toList();
  }

  /** Every settable dotted key, comma-separated, for "known keys" messages. */
  public static String knownKeys() {
    return settable().stream().map(ConfigField::key).collect(Collectors.joining(", "));
  }

  /** Its value in {@code config}, in normal form. */
  public Object get(ApexConfig config) {
    return Objects.requireNonNull(config, "config").get(this);
  }

  /** {@code config} with this field set to {@code value}, checked. */
  public ApexConfig set(ApexConfig config, Object value) {
    return Objects.requireNonNull(config, "config").with(this, value);
  }

  /**
   * The value a JSON node holds, checked.
   *
   * @throws InvalidConfigException naming the key when the type or range is wrong
   */
  public Object fromJson(JsonNode node) {
    return type.fromJson(this, Objects.requireNonNull(node, "node"));
  }

  /**
   * The value an environment variable holds, checked. Booleans accept {@code true/false}, {@code
   * yes/no}, {@code on/off} and {@code 1/0}, ignoring case; lists are comma-separated.
   *
   * @throws InvalidConfigException naming the variable when it cannot be used
   */
  public Object fromEnv(String text) {
    return type.fromText(this, envVar, Objects.requireNonNull(text, "text"));
  }

  /**
   * The value a piece of text from {@code source} holds (a flag, a JUnit parameter), checked as
   * {@link #fromEnv} checks a variable.
   *
   * @throws InvalidConfigException naming {@code source} when it cannot be used
   */
  public Object fromText(String source, String text) {
    return type.fromText(this, source, Objects.requireNonNull(text, "text"));
  }

  /** {@code value} checked and in normal form; a message naming the key when it is not valid. */
  Object check(Object value) {
    return type.check(this, Objects.requireNonNull(value, key));
  }

  /** A list checked and in normal form (origins normalised, kinds lower-cased). */
  @SuppressWarnings("unchecked")
  List<String> checkItems(List<String> items) {
    return (List<String>) check(items);
  }

  InvalidConfigException invalid(String name) {
    return new InvalidConfigException(name, name + " must be " + accepts());
  }

  /** The fields of a group, in declaration order. */
  static List<ConfigField> inGroup(String group) {
    return Arrays.stream(values()).filter(f -> f.group().equals(Optional.of(group))).toList();
  }
}
