package dev.apex.world;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The rules for {@link WorldState#variables()}: what a {@code remember} argument does and which
 * values are kept as they are.
 *
 * <p>Variables are held in key order, so the JSON form of a state does not depend on the order in
 * which they were remembered, nor on {@link Map#copyOf}'s per-JVM iteration order.
 */
final class Variables {

  private static final Logger LOG = LoggerFactory.getLogger(Variables.class);

  private Variables() {}

  /**
   * An immutable, key-ordered copy, every value {@linkplain #normalize normalized}.
   *
   * @throws NullPointerException naming the argument if a key or a value is null
   */
  static Map<String, Object> immutableCopy(Map<String, ?> variables) {
    if (variables == null || variables.isEmpty()) {
      return Map.of();
    }
    TreeMap<String, Object> copy = new TreeMap<>();
    for (Map.Entry<String, ?> e : variables.entrySet()) {
      String key = Objects.requireNonNull(e.getKey(), "variables must not hold a null key");
      Object value = Objects.requireNonNull(e.getValue(), () -> "variable '" + key + "' is null");
      copy.put(
          key, Objects.requireNonNull(normalize(value), () -> "variable '" + key + "' is null"));
    }
    return Collections.unmodifiableMap(copy);
  }

  /**
   * The variables after a step's {@code remember} argument: each string key takes its value, and a
   * null value forgets the key. Entries with a key that is not a string or a value without text,
   * and a {@code remember} that is not a map, are ignored (logged at debug). Returns a new map, so
   * when a value's {@code toString()} throws midway the caller's variables stay as they were.
   *
   * @param current the variables before, immutable
   * @param remember the argument's value as the planner gave it
   * @return an immutable map; {@code current} itself when nothing changed
   */
  static Map<String, Object> remember(Map<String, Object> current, Object remember, int step) {
    if (!(remember instanceof Map<?, ?> entries)) {
      LOG.debug(
          "world step {}: 'remember' is a {}, not a map; variables unchanged",
          step,
          remember.getClass().getSimpleName());
      return current;
    }
    if (entries.isEmpty()) {
      return current;
    }
    TreeMap<String, Object> next = new TreeMap<>(current);
    for (Map.Entry<?, ?> e : entries.entrySet()) {
      if (!(e.getKey() instanceof String key)) {
        LOG.debug("world step {}: 'remember' key {} is not a string; ignored", step, e.getKey());
        continue;
      }
      Object value = e.getValue();
      if (value == null) {
        next.remove(key);
        continue;
      }
      Object kept = normalize(value);
      if (kept == null) {
        LOG.debug("world step {}: 'remember' value of '{}' has no text; ignored", step, key);
        continue;
      }
      next.put(key, kept);
    }
    return next.isEmpty() ? Map.of() : Collections.unmodifiableMap(next);
  }

  /**
   * JSON scalars as given (strings, booleans, and the JDK's immutable number types); anything else
   * as its {@code toString()}, so a snapshot never holds a value that can change under it. Null
   * when {@code toString()} gave null.
   */
  static Object normalize(Object value) {
    if (value instanceof String
        || value instanceof Boolean
        || value instanceof Integer
        || value instanceof Long
        || value instanceof Double
        || value instanceof Float
        || value instanceof Short
        || value instanceof Byte
        // Not instanceof: a subclass of these two could be mutable.
        || value.getClass() == BigDecimal.class
        || value.getClass() == BigInteger.class) {
      return value;
    }
    return value.toString();
  }
}
