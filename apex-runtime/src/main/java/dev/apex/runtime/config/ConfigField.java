package dev.apex.runtime.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Every setting a user may change, in one table: its key in {@code config.json} and in the
 * console's config API (dotted for a nested key: {@code semantic.model} is {@code
 * {"semantic":{"model":…}}}), the environment variable that overrides it, its type and its range.
 * Checking, reading and writing all go through here, so a field cannot be valid in one place and
 * not in another.
 *
 * <p>The API key is deliberately not a field: it is read only from {@code ANTHROPIC_API_KEY}. Error
 * messages name the key and what is accepted and never the value given.
 */
public enum ConfigField {
  SEMANTIC_ENABLED("semantic.enabled", "APEX_SEMANTIC_ENABLED", Type.BOOLEAN, 0, 0),
  SEMANTIC_MODEL("semantic.model", "APEX_SEMANTIC_MODEL", Type.MODEL, 1, 100),
  SEMANTIC_TIMEOUT_MS(
      "semantic.timeout_ms", "APEX_SEMANTIC_TIMEOUT_MS", Type.INTEGER, 100, 600_000),
  SEMANTIC_MAX_RETRIES("semantic.max_retries", "APEX_SEMANTIC_MAX_RETRIES", Type.INTEGER, 0, 5),
  WORLD_ENABLED("world.enabled", "APEX_WORLD_ENABLED", Type.BOOLEAN, 0, 0),
  WORLD_HISTORY_SIZE("world.history_size", "APEX_WORLD_HISTORY_SIZE", Type.INTEGER, 1, 1000),
  MAX_STEPS("max_steps", "APEX_MAX_STEPS", Type.INTEGER, 1, 1000),
  SCREENSHOT_RETENTION(
      "screenshot_retention", "APEX_SCREENSHOT_RETENTION", Type.INTEGER, 1, 10_000);

  /** The environment variable holding the API key, the only place the key is read from. */
  public static final String API_KEY_ENV = "ANTHROPIC_API_KEY";

  /** The key under which the public JSON says whether the API key is set. Never settable. */
  public static final String API_KEY_KEY = "anthropic_api_key";

  private static final Pattern MODEL = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:@-]*");

  private enum Type {
    BOOLEAN,
    INTEGER,
    MODEL
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
              + " letters, digits and . _ : @ - (e.g. "
              + ApexConfig.Semantic.DEFAULT_MODEL
              + ")";
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

  /** Its value in {@code config}: a Boolean, an Integer or a String. */
  public Object get(ApexConfig config) {
    Objects.requireNonNull(config, "config");
    ApexConfig.Semantic s = config.semantic();
    return switch (this) {
      case SEMANTIC_ENABLED -> s.enabled();
      case SEMANTIC_MODEL -> s.model();
      case SEMANTIC_TIMEOUT_MS -> Math.toIntExact(s.timeout().toMillis());
      case SEMANTIC_MAX_RETRIES -> s.maxRetries();
      case WORLD_ENABLED -> config.world().enabled();
      case WORLD_HISTORY_SIZE -> config.world().historySize();
      case MAX_STEPS -> config.maxSteps();
      case SCREENSHOT_RETENTION -> config.screenshotRetention();
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
      case WORLD_ENABLED -> config.withWorld(w.withEnabled((Boolean) value));
      case WORLD_HISTORY_SIZE -> config.withWorld(w.withHistorySize((Integer) value));
      case MAX_STEPS -> config.withMaxSteps((Integer) value);
      case SCREENSHOT_RETENTION -> config.withScreenshotRetention((Integer) value);
    };
  }

  /**
   * The value a JSON node holds, checked: a JSON boolean, an integral number or a string as the
   * field's type needs (no strings for numbers, no numbers for booleans).
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
      default:
        return checkModel(envVar, value);
    }
  }

  void checkRange(long value) {
    checkRange(key, value);
  }

  void checkModel(String value) {
    checkModel(key, value);
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

  private InvalidConfigException invalid(String name) {
    return new InvalidConfigException(name, name + " must be " + accepts());
  }

  /** The fields of a group, in declaration order. */
  static List<ConfigField> inGroup(String group) {
    return Arrays.stream(values()).filter(f -> f.group().equals(Optional.of(group))).toList();
  }
}
