package dev.apex.config;

import static dev.apex.config.ConfigField.Section.CONSOLE;
import static dev.apex.config.ConfigField.Section.DEVICES;
import static dev.apex.config.ConfigField.Section.MODEL;
import static dev.apex.config.ConfigField.Section.SAFETY;
import static dev.apex.config.ConfigField.Section.SEMANTIC;
import static dev.apex.config.ConfigField.Section.TASKS;
import static dev.apex.config.ConfigField.Section.WORLD;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.device.DeviceLimits;
import dev.apex.runtime.TaskRunner;
import dev.apex.runtime.observe.LabelCacheMode;
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
      FieldSpec.bool("semantic.enabled", false)
          .env("APEX_SEMANTIC_ENABLED")
          .flag("--semantic", Scope.MODEL, FlagForm.SWITCH)
          .shown(
              SEMANTIC,
              "Semantic enrichment",
              "Label each screen with one LLM call (costs tokens; needs ANTHROPIC_API_KEY,"
                  + " or llm.provider openai).")),
  SEMANTIC_MODEL(
      FieldSpec.text("semantic.model", FieldType.MODEL, 100, ApexConfig.Semantic.DEFAULT_MODEL)
          .env("APEX_SEMANTIC_MODEL")
          .flag("--model", Scope.MODEL)
          .shown(
              SEMANTIC,
              "Model",
              "The model that labels screens; with openai name one the endpoint serves.")),
  SEMANTIC_TIMEOUT_MS(
      FieldSpec.integer("semantic.timeout_ms", 100, 600_000, 10_000)
          .env("APEX_SEMANTIC_TIMEOUT_MS")
          .flag("--semantic-timeout", Scope.MODEL, FlagForm.SECONDS)
          .shown(
              SEMANTIC,
              "Timeout (ms)",
              "The whole labelling call's time budget, retries included.")),
  SEMANTIC_MAX_RETRIES(
      FieldSpec.integer("semantic.max_retries", 0, 5, 2)
          .env("APEX_SEMANTIC_MAX_RETRIES")
          .flag("--semantic-retries", Scope.MODEL)
          .shown(
              SEMANTIC,
              "Max retries",
              "Retries of a failed labelling call, within its time budget.")),
  /** Where screen labels are cached ({@link LabelCacheMode}). */
  SEMANTIC_CACHE(
      FieldSpec.text("semantic.cache", FieldType.CACHE_MODE, 0, LabelCacheMode.DEFAULT.code())
          .env("APEX_SEMANTIC_CACHE")
          .shown(
              SEMANTIC,
              "Label cache",
              "task (a revisited screen costs no call), timeline (across tasks too, in the"
                  + " timeline) or off.")),
  SEMANTIC_CACHE_TTL_HOURS(
      FieldSpec.integer(
              "semantic.cache_ttl_hours", 1, 8760, (int) LabelCacheMode.DEFAULT_TTL.toHours())
          .env("APEX_SEMANTIC_CACHE_TTL_HOURS")
          .shown(
              SEMANTIC,
              "Cached labels expire after (hours)",
              "For the timeline cache; 168 is 7 days.")),
  WORLD_ENABLED(
      FieldSpec.bool("world.enabled", true)
          .env("APEX_WORLD_ENABLED")
          .shown(WORLD, "World Runtime", "Keep a bounded world state per task.")),
  WORLD_HISTORY_SIZE(
      FieldSpec.integer("world.history_size", 1, 1000, 10)
          .env("APEX_WORLD_HISTORY_SIZE")
          .shown(WORLD, "History size", "Recent steps the world remembers.")),
  MAX_STEPS(
      FieldSpec.integer("max_steps", 1, 1000, TaskRunner.DEFAULT_MAX_STEPS)
          .env("APEX_MAX_STEPS")
          .flag("--max-steps", Scope.TASK)
          .shown(TASKS, "Max steps per task", "Stop a task after this many steps.")),
  SCREENSHOT_RETENTION(
      FieldSpec.integer("screenshot_retention", 1, 10_000, 50)
          .env("APEX_SCREENSHOT_RETENTION")
          .shown(
              TASKS,
              "Keep screenshots of the newest … tasks",
              "Applies when the timeline is next opened.")),
  /**
   * Whether trace spans (exported when the OTEL_* variables ask for it) may carry payloads: a
   * task's goal, a step's arguments and failure reasons, redacted first. Off: sizes and counts
   * only.
   */
  TRACES_PAYLOADS(
      FieldSpec.bool("traces.payloads", false)
          .env("APEX_TRACES_PAYLOADS")
          .shown(
              TASKS,
              "Trace payloads",
              "Let exported trace spans carry goals, step arguments and failure reasons, redacted;"
                  + " off: sizes and counts only, never screen or typed text.")),
  /** App ids a goal may launch without asking; the variable holds them comma-separated. */
  PLANNER_ALLOWED_APPS(
      FieldSpec.list("planner.allowed_apps", FieldType.APP_LIST, ApexConfig.Planner.MAX_APPS)
          .env("APEX_PLANNER_ALLOWED_APPS")
          .flag("--allow-app", Scope.TASK, FlagForm.ADDED)
          .shown(
              SAFETY,
              "Apps a goal may launch without asking",
              "App ids (packages, bundle ids) a goal may launch without asking, e.g."
                  + " com.android.settings.")),
  /** Web origins a model, a flow or a remote client may open without asking. */
  PLANNER_ALLOWED_URLS(
      FieldSpec.list("planner.allowed_urls", FieldType.ORIGIN_LIST, ApexConfig.Planner.MAX_APPS)
          .env("APEX_PLANNER_ALLOWED_URLS")
          .flag("--allow-url", Scope.TASK, FlagForm.ADDED)
          .shown(
              SAFETY,
              "Web origins a goal, a flow or this console may open",
              "Web origins a goal, a flow or a remote client may open without asking, e.g."
                  + " https://example.com, https://*.example.com, or * for every public one."
                  + " Loopback and private addresses open only when named exactly; file:, data:"
                  + " and the like never.")),
  /** Sensitive action kinds (any case) that need no confirmation. */
  PLANNER_ALLOWED_ACTIONS(
      FieldSpec.list(
              "planner.allowed_actions",
              FieldType.KIND_LIST,
              dev.apex.runtime.safety.SensitiveKind.values().length)
          .env("APEX_PLANNER_ALLOWED_ACTIONS")
          .shown(
              SAFETY,
              "Actions that need no confirmation",
              "Kinds of sensitive action among password_entry, payment, deletion, sending,"
                  + " app_launch. Empty: every sensitive action asks.")),
  LLM_PROVIDER(
      FieldSpec.text("llm.provider", FieldType.PROVIDER, 0, "anthropic")
          .env("APEX_LLM_PROVIDER")
          .flag("--provider", Scope.MODEL)
          .shown(
              MODEL,
              "Model provider",
              "anthropic (Claude) or openai: any OpenAI-compatible endpoint (OpenAI, Ollama, vLLM,"
                  + " llama.cpp, LM Studio, OpenRouter).")),
  /** The OpenAI-compatible endpoint's base URL; its key is read only from OPENAI_API_KEY. */
  LLM_OPENAI_BASE_URL(
      FieldSpec.text("llm.openai_base_url", FieldType.URL, 500, "")
          .env("OPENAI_BASE_URL")
          .flag(
              "--base-url",
              Scope.MODEL,
              FlagForm.SAME,
              "for anthropic too, else ANTHROPIC_BASE_URL")
          .shown(
              MODEL,
              "OpenAI-compatible base URL",
              "For openai, e.g. http://localhost:11434/v1 (Ollama); empty for OpenAI's API.")),
  /** The model that plans a goal; empty for the provider's default, which openai has not. */
  PLANNER_MODEL(
      FieldSpec.text("planner.model", FieldType.MODEL_OR_EMPTY, 100, "")
          .env("APEX_PLANNER_MODEL")
          .flag("--planner-model", Scope.TASK)
          .shown(
              MODEL,
              "Planning model",
              "The model that plans a goal; empty for Claude's default. Required with openai, e.g."
                  + " qwen2.5:7b.")),
  /** The deadline of one whole device command ({@link DeviceLimits}). */
  DEVICE_TIMEOUT_MS(
      FieldSpec.integer("device.timeout_ms", 100, 3_600_000, (int) DeviceLimits.DEFAULT_TIMEOUT_MS)
          .env("APEX_DEVICE_TIMEOUT_MS")
          .flag("--device-timeout", Scope.DEVICE, FlagForm.DURATION)
          .shown(
              DEVICES,
              "Device command deadline (ms)",
              "A whole device command (tap, dump, screenshot) fails after this long, however"
                  + " the device trickles.")),
  DEVICE_MAX_CAPTURE_BYTES(
      FieldSpec.integer(
              "device.max_capture_bytes",
              64 * 1024,
              Integer.MAX_VALUE,
              (int) DeviceLimits.DEFAULT_MAX_CAPTURE_BYTES)
          .env("APEX_DEVICE_MAX_CAPTURE_BYTES")
          .shown(
              DEVICES,
              "Most bytes one capture may read",
              "A screenshot, tree or output larger than this fails in one line.")),
  DEVICE_ADB_SERVER(
      FieldSpec.text("device.adb_server", FieldType.ADDRESS, 255, "")
          .env("APEX_DEVICE_ADB_SERVER")
          .flag("--adb", Scope.ADB)
          .shown(
              DEVICES,
              "adb server (host:port)",
              "The adb server; empty for ADB_SERVER_SOCKET, else 127.0.0.1:5037.")),
  DEVICE_WDA_URL(
      FieldSpec.text("device.wda_url", FieldType.URL, 2_000, "")
          .env("APEX_DEVICE_WDA_URL")
          .shown(
              DEVICES,
              "WebDriverAgent URL",
              "A WebDriverAgent the device list probes and ios opens; empty for none.")),
  DEVICE_WEBDRIVER_ENDPOINTS(
      FieldSpec.list(
              "device.webdriver_endpoints", FieldType.URL_LIST, ApexConfig.Device.MAX_ENDPOINTS)
          .env("APEX_DEVICE_WEBDRIVER_ENDPOINTS")
          .shown(
              DEVICES,
              "WebDriver servers the device list probes",
              "Selenium Grid or Appium server URLs the device list probes.")),
  TAP_SETTLE_MS(
      FieldSpec.integer(
              "tap.settle_ms", 0, TapTool.MAX_SETTLE_MS, (int) TapTool.DEFAULT_SETTLE.toMillis())
          .env("APEX_TAP_SETTLE_MS")
          .shown(
              TASKS,
              "Wait for a tapped element to stop moving (ms)",
              "A tap looks again until its element holds still, up to this long; 0 taps at once.")),
  /** Where tasks are recorded: a SQLite file or a PostgreSQL server many runners share. */
  TIMELINE_URL(
      FieldSpec.text("timeline.url", FieldType.TIMELINE, 4096, "")
          .env("APEX_TIMELINE")
          .flag("--db", Scope.TIMELINE)
          .shown(
              TASKS,
              "Timeline",
              "Where tasks are recorded: a SQLite file (empty for $APEX_HOME/timeline.db, else"
                  + " ~/.apex/timeline.db), or a PostgreSQL database shared by many runners:"
                  + " postgresql://HOST:PORT/DBNAME with USER@ before the host (its password from"
                  + " PGPASSWORD or ~/.pgpass, never this file).")),
  /** How long a write waits for a PostgreSQL timeline that went away before the task fails. */
  TIMELINE_WRITE_TIMEOUT_S(
      FieldSpec.integer("timeline.write_timeout", 1, 3_600, 60)
          .env("APEX_TIMELINE_WRITE_TIMEOUT")
          .shown(
              TASKS,
              "Timeline write timeout (s)",
              "How long a step waits for a PostgreSQL timeline that went away (a restart) before"
                  + " its task ends FAILED.")),
  ANTHROPIC_API_KEY(
      FieldSpec.secret("anthropic_api_key", "ANTHROPIC_API_KEY")
          .shown(
              SEMANTIC,
              "ANTHROPIC_API_KEY",
              "Read from the environment of the process that runs apex; never shown or stored"
                  + " here.")),
  OPENAI_API_KEY(
      FieldSpec.secret("openai_api_key", "OPENAI_API_KEY")
          .shown(
              MODEL,
              "OPENAI_API_KEY",
              "Optional (local servers take none). Read from the environment of the process"
                  + " that runs apex; never shown or stored here.")),
  /** A deployed console's access token, the same at every start; else a random one each start. */
  CONSOLE_TOKEN(
      FieldSpec.secret("console_token", "APEX_CONSOLE_TOKEN")
          .shown(
              CONSOLE,
              "APEX_CONSOLE_TOKEN",
              "The token apex console asks for, at least 32 of A-Z a-z 0-9 . _ ~ - (e.g. from"
                  + " openssl rand -hex 32); unset, each start makes a new one. Read from the"
                  + " environment; never shown or stored here."));

  /** Where the console shows a setting, in this order. */
  public enum Section {
    MODEL("Model"),
    SEMANTIC("Semantic scene"),
    WORLD("World Runtime"),
    TASKS("Tasks and timeline"),
    SAFETY("Planner safety"),
    DEVICES("Devices"),
    CONSOLE("Console");

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
   * Which commands offer a setting's flag. A command names the scopes it takes (the commands that
   * open a device take {@link #ADB} and {@link #DEVICE}), and gets every declared flag of those
   * scopes, so a new flag is declared here and nowhere in the CLI.
   */
  public enum Scope {
    /** The model connection and screen labels: commands that may call a model. */
    MODEL,
    /** The bounds of a device: commands that open one. */
    DEVICE,
    /** Where adb is: commands that open or list devices. */
    ADB,
    /** A task's limits and what its planner may do: commands that run tasks. */
    TASK,
    /** Where the timeline is: commands that record or read tasks. */
    TIMELINE
  }

  /** How a flag's value is written, when that differs from the setting's. */
  public enum FlagForm {
    /** The setting's own value. */
    SAME(""),
    /** No value: the flag turns a boolean setting on. */
    SWITCH(""),
    /** A number of seconds for a setting in milliseconds, e.g. {@code 2.5}. */
    SECONDS("in seconds"),
    /**
     * A duration for a setting in milliseconds: {@code 500}, {@code 500ms}, {@code 5s}, {@code 2m}.
     */
    DURATION("in ms or as 500ms, 5s, 2m"),
    /** Repeatable; each value is added to the setting's list. */
    ADDED("repeat for more; added to the setting's list");

    private final String text;

    FlagForm(String text) {
      this.text = text;
    }

    /**
     * How the help says it, e.g. {@code in seconds}; empty for {@link #SAME} and {@link #SWITCH}.
     */
    public String text() {
      return text;
    }
  }

  /**
   * A setting's command-line flag.
   *
   * @param name the flag, e.g. {@code --device-timeout}; empty for a setting with none
   * @param scope which commands offer it
   * @param kind how its value is written
   * @param note what else the help says of it, or empty
   */
  public record Flag(String name, Scope scope, FlagForm kind, String note) {
    static final Flag NONE = new Flag("", Scope.TASK, FlagForm.SAME, "");

    /**
     * How the flag's value differs from the setting's, for its help, e.g. {@code in seconds}; empty
     * when it takes the same.
     */
    public String form() {
      if (kind.text().isEmpty() || note.isEmpty()) {
        return kind.text() + note;
      }
      return kind.text() + "; " + note;
    }

    /** Whether it takes a value (all but a {@link FlagForm#SWITCH}). */
    public boolean takesValue() {
      return kind != FlagForm.SWITCH;
    }

    /** Whether it may be given more than once ({@link FlagForm#ADDED}). */
    public boolean repeatable() {
      return kind == FlagForm.ADDED;
    }
  }

  /** The providers {@code llm.provider} accepts. */
  public static final List<String> PROVIDERS = FieldType.PROVIDERS;

  private final FieldSpec spec;

  ConfigField(FieldSpec spec) {
    this.spec = spec;
  }

  /** The dotted JSON key, e.g. {@code semantic.timeout_ms}. */
  public String key() {
    return spec.key();
  }

  /** The group object it lives in ({@code semantic}, {@code world}), or empty for a top key. */
  public Optional<String> group() {
    int dot = spec.key().indexOf('.');
    return dot < 0 ? Optional.empty() : Optional.of(spec.key().substring(0, dot));
  }

  /** The key within its group, e.g. {@code timeout_ms}. */
  public String jsonName() {
    return spec.key().substring(spec.key().indexOf('.') + 1);
  }

  /** The environment variable that overrides the file, e.g. {@code APEX_MAX_STEPS}. */
  public String envVar() {
    return spec.envVar();
  }

  /** Its command-line flag, e.g. {@code --device-timeout}, or empty. */
  public Optional<Flag> flag() {
    return spec.flag().name().isEmpty() ? Optional.empty() : Optional.of(spec.flag());
  }

  /** What its flag's value is called in the help, e.g. {@code N}, {@code HOST:PORT}, {@code MS}. */
  public String flagLabel() {
    return switch (spec.flag().kind()) {
      case SWITCH -> "";
      case SECONDS -> "SECONDS";
      case DURATION -> "MS";
      default ->
          switch (spec.type()) {
            case INTEGER -> "N";
            case MODEL, MODEL_OR_EMPTY -> "MODEL";
            case PROVIDER -> "NAME";
            case URL -> "URL";
            case ADDRESS -> "HOST:PORT";
            case APP_LIST -> "APP_ID";
            case ORIGIN_LIST -> "ORIGIN";
            case TIMELINE -> "FILE|URL";
            default -> "VALUE";
          };
    };
  }

  /**
   * The JUnit configuration parameter (or system property) that sets it in the JUnit extension,
   * named for its variable: {@code APEX_MAX_STEPS} is {@code apex.max.steps}; empty for a secret
   * and for a variable that is not apex's own ({@code OPENAI_BASE_URL}).
   */
  public Optional<String> parameter() {
    return secret() || !spec.envVar().startsWith("APEX_")
        ? Optional.empty()
        : Optional.of(spec.envVar().toLowerCase(java.util.Locale.ROOT).replace('_', '.'));
  }

  /** Its value when nothing sets it, in normal form (Boolean, Integer, String or list). */
  public Object defaultValue() {
    return spec.defaultValue();
  }

  /** Whether it is a key: read only from the environment, never written or shown. */
  public boolean secret() {
    return spec.type() == FieldType.SECRET;
  }

  /** Where the console shows it. */
  public Section section() {
    return spec.section();
  }

  /** Its name on the console's settings page. */
  public String label() {
    return spec.label();
  }

  /** One or two sentences on what it does, for the CLI's help and the console's page. */
  public String help() {
    return spec.help();
  }

  /** The console's input type: {@code bool}, {@code int}, {@code list}, {@code text}, secret. */
  public String uiType() {
    return spec.type().uiType();
  }

  /** What the field accepts, for messages and the UI, e.g. {@code an integer in [1, 1000]}. */
  public String accepts() {
    return spec.type().accepts(spec.min(), spec.max());
  }

  /** A valid value other than the default, in normal form, e.g. for a help text or a test. */
  public Object example() {
    return spec.type().example(this);
  }

  long min() {
    return spec.min();
  }

  long max() {
    return spec.max();
  }

  /** The field, by its dotted key. */
  public static Optional<ConfigField> byKey(String key) {
    return Arrays.stream(values()).filter(f -> f.key().equals(key)).findFirst();
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
    return spec.type().fromJson(this, Objects.requireNonNull(node, "node"));
  }

  /**
   * The value an environment variable holds, checked. Booleans accept {@code true/false}, {@code
   * yes/no}, {@code on/off} and {@code 1/0}, ignoring case; lists are comma-separated.
   *
   * @throws InvalidConfigException naming the variable when it cannot be used
   */
  public Object fromEnv(String text) {
    return spec.type().fromText(this, spec.envVar(), Objects.requireNonNull(text, "text"));
  }

  /**
   * The value a piece of text from {@code source} holds (a flag, a JUnit parameter), checked as
   * {@link #fromEnv} checks a variable.
   *
   * @throws InvalidConfigException naming {@code source} when it cannot be used
   */
  public Object fromText(String source, String text) {
    return spec.type().fromText(this, source, Objects.requireNonNull(text, "text"));
  }

  /**
   * The value its flag gives, checked, in the setting's normal form: a {@link FlagForm#SWITCH}
   * turns it on; {@link FlagForm#SECONDS} and {@link FlagForm#DURATION} become milliseconds; an
   * {@link FlagForm#ADDED} list is {@code current} with each value added; otherwise the last value
   * given.
   *
   * @param texts the values given, in order (for a switch, one empty text per time it is given)
   * @param current the setting's value before the flag (from the file and the environment)
   * @throws dev.apex.core.InvalidInputException naming the flag and what it accepts, never the
   *     value
   */
  public Object fromFlag(List<String> texts, Object current) {
    Flag flag = flag().orElseThrow(() -> new IllegalStateException(key() + " has no flag"));
    if (texts.isEmpty()) {
      return current;
    }
    String last = texts.get(texts.size() - 1);
    return switch (flag.kind()) {
      case SWITCH -> true;
      case SAME -> fromText(flag.name(), last);
      case SECONDS -> {
        double seconds;
        try {
          seconds = Double.parseDouble(last.strip());
        } catch (NumberFormatException e) {
          seconds = Double.NaN;
        }
        double millis = Math.rint(seconds * 1000);
        if (!(millis >= min() && millis <= max())) {
          throw new InvalidConfigException(
              flag.name(),
              flag.name()
                  + " must be a number of seconds from "
                  + seconds(min())
                  + " to "
                  + seconds(max()));
        }
        yield (int) millis;
      }
      case DURATION ->
          (int)
              DurationOption.parse(
                      flag.name(),
                      last,
                      java.time.Duration.ofMillis(min()),
                      java.time.Duration.ofMillis(max()))
                  .toMillis();
      case ADDED -> {
        java.util.Set<String> items = new java.util.LinkedHashSet<>(checkItems(asList(current)));
        for (String text : texts) {
          items.addAll(asList(fromText(flag.name(), text)));
        }
        yield check(List.copyOf(items));
      }
    };
  }

  private static String seconds(long millis) {
    return java.math.BigDecimal.valueOf(millis, 3).stripTrailingZeros().toPlainString();
  }

  @SuppressWarnings("unchecked")
  private static List<String> asList(Object value) {
    return (List<String>) value;
  }

  /** {@code value} checked and in normal form; a message naming the key when it is not valid. */
  Object check(Object value) {
    return spec.type().check(this, Objects.requireNonNull(value, spec.key()));
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
