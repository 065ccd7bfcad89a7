package dev.apex.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The JSON forms of the settings. One shape for the file and for changes, nested by group:
 *
 * <pre>{@code
 * {"semantic": {"enabled": false, "model": "claude-haiku-4-5", "timeout_ms": 10000, "max_retries": 2},
 *  "world": {"enabled": true, "history_size": 10},
 *  "max_steps": 20,
 *  "screenshot_retention": 50,
 *  "planner": {"allowed_apps": ["com.android.settings"], "allowed_actions": ["sending"]},
 *  "device": {"timeout_ms": 30000, "max_capture_bytes": 67108864}}
 * }</pre>
 *
 * A change names only the keys it sets. The public form adds {@code anthropic_api_key} ({@code
 * "set"} or {@code "unset"}, never the key) and {@code env_overrides} (key → the variable that
 * decides it). Stateless and thread-safe.
 */
public final class ConfigJson {

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private ConfigJson() {}

  /**
   * The settings a JSON object names, checked field by field.
   *
   * @throws InvalidConfigException naming the first unknown key, read-only key, non-object group or
   *     bad value
   */
  public static Map<ConfigField, Object> parse(JsonNode root) {
    Objects.requireNonNull(root, "root");
    if (!root.isObject()) {
      throw new InvalidConfigException("$", "settings must be a JSON object");
    }
    Map<ConfigField, Object> values = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = root.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> entry = it.next();
      String name = entry.getKey();
      Optional<ConfigField> secret = ConfigField.byKey(name).filter(ConfigField::secret);
      if (secret.isPresent()) {
        throw new InvalidConfigException(
            name,
            name
                + " cannot be set here; set the "
                + secret.get().envVar()
                + " environment variable where apex runs");
      }
      if (!ConfigField.inGroup(name).isEmpty()) {
        if (!entry.getValue().isObject()) {
          throw new InvalidConfigException(name, name + " must be a JSON object");
        }
        for (Iterator<Map.Entry<String, JsonNode>> inner = entry.getValue().fields();
            inner.hasNext(); ) {
          Map.Entry<String, JsonNode> field = inner.next();
          put(values, name + "." + field.getKey(), field.getValue());
        }
      } else {
        put(values, name, entry.getValue());
      }
    }
    return values;
  }

  private static void put(Map<ConfigField, Object> values, String key, JsonNode value) {
    Optional<ConfigField> field = ConfigField.byKey(key).filter(f -> !f.secret());
    if (field.isEmpty()) {
      throw new InvalidConfigException(
          key, "unknown config key " + key + "; known keys: " + ConfigField.knownKeys());
    }
    values.put(field.get(), field.get().fromJson(value));
  }

  /** The file form: every field, no API key. */
  public static ObjectNode toFileJson(ApexConfig config) {
    Objects.requireNonNull(config, "config");
    ObjectNode root = NODES.objectNode();
    for (ConfigField field : ConfigField.settable()) {
      ObjectNode parent =
          field
              .group()
              .map(g -> root.has(g) ? (ObjectNode) root.get(g) : root.putObject(g))
              .orElse(root);
      Object value = field.get(config);
      if (value instanceof Boolean b) {
        parent.put(field.jsonName(), b);
      } else if (value instanceof Integer i) {
        parent.put(field.jsonName(), i);
      } else if (value instanceof List<?> list) {
        ArrayNode array = parent.putArray(field.jsonName());
        list.forEach(item -> array.add((String) item));
      } else if (field == ConfigField.TIMELINE_URL) {
        // The password of a PostgreSQL timeline is a secret: never in the file nor on a page.
        parent.put(field.jsonName(), FieldType.withoutPassword((String) value));
      } else {
        parent.put(field.jsonName(), (String) value);
      }
    }
    return root;
  }

  /**
   * The declarations, for a settings page to render: each setting's {@code key}, {@code label},
   * {@code help}, {@code section} (and its {@code section_title}), {@code type} ({@code bool},
   * {@code int}, {@code list}, {@code text} or {@code secret}), what it {@code accepts}, its {@code
   * env} variable, its {@code flag} (or null) and its {@code default} (null for a secret), by
   * section and then in declaration order.
   */
  public static ArrayNode fields() {
    ArrayNode fields = NODES.arrayNode();
    for (ConfigField.Section section : ConfigField.Section.values()) {
      for (ConfigField field : ConfigField.values()) {
        if (field.section() == section) {
          fields.add(field(field));
        }
      }
    }
    return fields;
  }

  private static ObjectNode field(ConfigField field) {
    ObjectNode node = NODES.objectNode();
    node.put("key", field.key());
    node.put("label", field.label());
    node.put("help", field.help());
    node.put("section", field.section().name().toLowerCase(java.util.Locale.ROOT));
    node.put("section_title", field.section().title());
    node.put("type", field.uiType());
    node.put("accepts", field.accepts());
    node.put("env", field.envVar());
    node.put("flag", field.flag().map(ConfigField.Flag::name).orElse(null));
    node.put("secret", field.secret());
    node.set(
        "default",
        field.secret()
            ? NODES.nullNode()
            : dev.apex.core.Json.mapper().valueToTree(field.defaultValue()));
    return node;
  }

  /**
   * The public form: the file form, then {@code anthropic_api_key} and {@code openai_api_key}:
   * {@code "set"}/{@code "unset"}, then {@code env_overrides}: each overridden key and its
   * variable.
   */
  public static ObjectNode toPublicJson(ApexConfig config, Set<ConfigField> envOverrides) {
    Objects.requireNonNull(envOverrides, "envOverrides");
    ObjectNode root = toFileJson(config);
    for (ConfigField field : ConfigField.values()) {
      if (field.secret()) {
        root.put(field.key(), config.text(field).isEmpty() ? "unset" : "set");
      }
    }
    ObjectNode overrides = root.putObject("env_overrides");
    for (ConfigField field : ConfigField.settable()) {
      if (envOverrides.contains(field)) {
        overrides.put(field.key(), field.envVar());
      }
    }
    return root;
  }
}
