package dev.apex.config;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.InvalidInputException;
import dev.apex.core.Secrets;
import dev.apex.runtime.observe.LabelCacheMode;
import dev.apex.runtime.safety.OriginRule;
import dev.apex.runtime.safety.SensitiveKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What a {@link ConfigField} holds and how a value of it is read and checked, whichever source it
 * comes from (the file's JSON, an environment variable, a flag, a program). A value in normal form
 * is a Boolean, an Integer, a String or an unmodifiable {@code List<String>}. Messages name the
 * source ({@code name}: a key, a variable or a flag) and what is accepted, never the value.
 */
enum FieldType {
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
  ORIGIN_LIST,
  /** A key read only from the environment; never in the file, shown only as set or unset. */
  SECRET,
  /** Where the timeline is: a file path, or empty for the default file. */
  TIMELINE;

  /** The providers {@code llm.provider} accepts. */
  static final List<String> PROVIDERS = List.of("anthropic", "openai");

  /** A model id; a slash allowed, as OpenAI-compatible gateways name them ({@code org/model}). */
  private static final Pattern MODEL_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:@/-]*");

  private static final Pattern APP_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,199}");
  private static final Pattern HOST_PORT =
      Pattern.compile("(?:[A-Za-z0-9][A-Za-z0-9.-]*|\\[[0-9A-Fa-f:.]+\\]):[0-9]{1,5}");
  private static final Pattern HTTP_URL = Pattern.compile("(?i)https?://[^\\s\\p{Cntrl}]+");

  /** A URL scheme at the start of a timeline value, to tell a database URL from a path. */
  private static final Pattern SCHEME = Pattern.compile("(?i)([a-z][a-z0-9+.-]*)://.*");

  /**
   * A PostgreSQL timeline: {@code postgresql://USER[:PASSWORD]@HOST[:PORT]/DBNAME} (the store
   * checks the rest). Group 2 is the password with its colon.
   */
  private static final Pattern POSTGRES_URL =
      Pattern.compile(
          "(postgres(?:ql)?://[^:@/\\s]+)(:[^@/\\s]*)?(@(?:\\[[0-9A-Fa-f:.]+\\]|[A-Za-z0-9.-]+)"
              + "(?::[0-9]{1,5})?/[A-Za-z0-9_$.-]{1,63})");

  /** What an unknown kind may look like to be named in a message (never a pasted secret). */
  private static final Pattern NAMEABLE = Pattern.compile("[A-Za-z_]{1,40}");

  boolean isList() {
    return this == APP_LIST || this == KIND_LIST || this == URL_LIST || this == ORIGIN_LIST;
  }

  /** The type's name in the console's field list: bool, int, list or text. */
  String uiType() {
    return switch (this) {
      case BOOLEAN -> "bool";
      case INTEGER -> "int";
      case SECRET -> "secret";
      default -> isList() ? "list" : "text";
    };
  }

  /**
   * What a field of this type accepts, for messages and help, e.g. {@code an integer in [1, 5]}.
   */
  String accepts(long min, long max) {
    return switch (this) {
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
      case SECRET -> "read only from the environment";
      case TIMELINE ->
          "a file path of at most " + max + " characters, or empty for the default file";
    };
  }

  /**
   * A valid value other than {@code field}'s default, in normal form: what help texts and tests use
   * to show the field taking a value.
   */
  Object example(ConfigField field) {
    return switch (this) {
      case BOOLEAN -> !(Boolean) field.defaultValue();
      case INTEGER ->
          (int) (field.defaultValue().equals((int) field.min()) ? field.max() : field.min());
      case MODEL, MODEL_OR_EMPTY -> "qwen2.5:7b";
      case PROVIDER -> "openai";
      case URL -> "http://localhost:11434/v1";
      case CACHE_MODE -> LabelCacheMode.OFF.code();
      case APP_LIST -> List.of("com.example.app");
      case KIND_LIST -> List.of(SensitiveKind.SENDING.code());
      case ADDRESS -> "127.0.0.1:5038";
      case URL_LIST -> List.of("http://localhost:4444/wd/hub");
      case ORIGIN_LIST -> List.of("https://example.com");
      case SECRET -> "example-key-0f3c9a71d2";
      case TIMELINE -> "/var/lib/apex/example-timeline.db";
    };
  }

  /**
   * The value a JSON node holds, checked: a JSON boolean, an integral number, a string or an array
   * of strings as the type needs (no strings for numbers, no numbers for booleans).
   */
  Object fromJson(ConfigField field, JsonNode node) {
    String name = field.key();
    switch (this) {
      case BOOLEAN:
        if (!node.isBoolean()) {
          throw field.invalid(name);
        }
        return node.booleanValue();
      case INTEGER:
        if (!node.isIntegralNumber() || !node.canConvertToLong()) {
          throw field.invalid(name);
        }
        return checkRange(field, name, node.longValue());
      default:
        if (isList()) {
          if (!node.isArray()) {
            throw field.invalid(name);
          }
          List<String> items = new ArrayList<>();
          for (JsonNode item : node) {
            if (!item.isTextual()) {
              throw field.invalid(name);
            }
            items.add(item.textValue().strip());
          }
          return checkList(field, name, items);
        }
        if (!node.isTextual()) {
          throw field.invalid(name);
        }
        return checkText(field, name, node.textValue());
    }
  }

  /**
   * The value a piece of text holds (an environment variable, a JUnit parameter, a flag), checked.
   * Booleans accept {@code true/false}, {@code yes/no}, {@code on/off} and {@code 1/0}, ignoring
   * case; a list is comma-separated.
   */
  Object fromText(ConfigField field, String name, String text) {
    String value = text.strip();
    switch (this) {
      case BOOLEAN:
        return switch (value.toLowerCase(Locale.ROOT)) {
          case "true", "yes", "on", "1" -> true;
          case "false", "no", "off", "0" -> false;
          default -> throw field.invalid(name);
        };
      case INTEGER:
        try {
          return checkRange(field, name, Long.parseLong(value));
        } catch (NumberFormatException e) {
          throw field.invalid(name);
        }
      default:
        if (isList()) {
          List<String> items =
              Arrays.stream(value.split(",")).map(String::strip).filter(t -> !t.isEmpty()).toList();
          return checkList(field, name, items);
        }
        return checkText(field, name, value);
    }
  }

  /**
   * A value a program gives, checked and in normal form: any integral number for an integer, a
   * string, a list of strings, a boolean.
   */
  Object check(ConfigField field, Object value) {
    String name = field.key();
    return switch (this) {
      case BOOLEAN -> {
        if (!(value instanceof Boolean b)) {
          throw field.invalid(name);
        }
        yield b;
      }
      case INTEGER -> {
        if (!(value instanceof Integer || value instanceof Long)) {
          throw field.invalid(name);
        }
        yield checkRange(field, name, ((Number) value).longValue());
      }
      default -> {
        if (isList()) {
          if (!(value instanceof List<?> list)
              || !list.stream().allMatch(String.class::isInstance)) {
            throw field.invalid(name);
          }
          yield checkList(field, name, list.stream().map(String.class::cast).toList());
        }
        if (!(value instanceof String text)) {
          throw field.invalid(name);
        }
        yield checkText(field, name, text);
      }
    };
  }

  private static int checkRange(ConfigField field, String name, long value) {
    if (value < field.min() || value > field.max()) {
      throw field.invalid(name);
    }
    return (int) value;
  }

  /**
   * A model id, provider name, URL, host:port address, cache mode, secret or timeline location, in
   * normal form: stripped; a provider and a cache mode lower-cased. Never echoes the value.
   */
  private String checkText(ConfigField field, String name, String text) {
    String value = text.strip();
    long max = field.max();
    return switch (this) {
      case PROVIDER -> {
        String provider = value.toLowerCase(Locale.ROOT);
        if (!PROVIDERS.contains(provider)) {
          throw field.invalid(name);
        }
        yield provider;
      }
      case CACHE_MODE -> LabelCacheMode.ofCode(value).orElseThrow(() -> field.invalid(name)).code();
      case URL, ADDRESS -> {
        Pattern pattern = this == ADDRESS ? HOST_PORT : HTTP_URL;
        if (!value.isEmpty() && (value.length() > max || !pattern.matcher(value).matches())) {
          throw field.invalid(name);
        }
        // A basic-auth password in a URL is a secret from here on, wherever it is printed.
        Secrets.registerUserInfo(value);
        yield value;
      }
      case MODEL -> {
        if (value.isEmpty() || value.length() > max || !MODEL_ID.matcher(value).matches()) {
          throw field.invalid(name);
        }
        yield value;
      }
      case SECRET -> value;
      case TIMELINE -> checkTimeline(field, name, value);
      default -> {
        if (!value.isEmpty() && (value.length() > max || !MODEL_ID.matcher(value).matches())) {
          throw field.invalid(name);
        }
        yield value;
      }
    };
  }

  /**
   * A file path, or a PostgreSQL URL whose password (if any) is a secret from here on; any other
   * URL is refused in one line, and a malformed PostgreSQL one shows the form without echoing it.
   */
  private static String checkTimeline(ConfigField field, String name, String value) {
    var scheme = SCHEME.matcher(value);
    if (scheme.matches()) {
      String s = scheme.group(1).toLowerCase(Locale.ROOT);
      Secrets.registerUserInfo(value);
      if (!s.startsWith("postgres")) {
        throw new InvalidConfigException(
            name, name + " must be a file path or a postgresql:// URL, not a " + s + ":// URL");
      }
      if (value.length() > field.max() || !POSTGRES_URL.matcher(value).matches()) {
        throw new InvalidConfigException(
            name,
            name
                + " must be postgresql://USER[:PASSWORD]@HOST:PORT/DBNAME (or a SQLite file path)");
      }
      return value;
    }
    if (value.length() > field.max() || value.chars().anyMatch(Character::isISOControl)) {
      throw field.invalid(name);
    }
    return value;
  }

  /**
   * {@code value} without a PostgreSQL URL's password ({@code postgresql://USER@HOST:PORT/DB}):
   * what the config file and the console's settings show. Anything else unchanged.
   */
  static String withoutPassword(String value) {
    var m = POSTGRES_URL.matcher(value);
    return m.matches() && m.group(2) != null ? m.group(1) + m.group(3) : value;
  }

  /** Whether {@code value} is a PostgreSQL URL that carries a password. */
  static boolean hasPassword(String value) {
    var m = POSTGRES_URL.matcher(value);
    return m.matches() && m.group(2) != null && m.group(2).length() > 1;
  }

  /** The items checked, in normal form: origins normalised, kinds lower-cased, deduplicated. */
  private List<String> checkList(ConfigField field, String name, List<String> items) {
    if (items.size() > field.max()) {
      throw field.invalid(name);
    }
    return switch (this) {
      case KIND_LIST -> distinct(kinds(name, items).stream().map(SensitiveKind::code).toList());
      case ORIGIN_LIST -> distinct(origins(field, name, items));
      case URL_LIST -> {
        for (String item : items) {
          if (item.length() > 2_000 || !HTTP_URL.matcher(item).matches()) {
            throw field.invalid(name);
          }
          Secrets.registerUserInfo(item);
        }
        yield List.copyOf(items);
      }
      default -> {
        for (String item : items) {
          if (!APP_ID.matcher(item).matches()) {
            throw field.invalid(name);
          }
        }
        yield distinct(items);
      }
    };
  }

  private static List<String> distinct(List<String> items) {
    return List.copyOf(new LinkedHashSet<>(items));
  }

  /** The origins in their normal form; a bad one is refused without echoing it. */
  private static List<String> origins(ConfigField field, String name, List<String> items) {
    List<String> out = new ArrayList<>();
    for (String item : items) {
      try {
        out.add(OriginRule.normalise(item));
      } catch (InvalidInputException e) {
        throw field.invalid(name);
      }
    }
    return out;
  }

  /** The kinds {@code names} give, in any case; an unknown one is named when it is a plain word. */
  static List<SensitiveKind> kinds(String name, List<String> names) {
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
}
