package dev.apex.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.apex.core.Json;
import dev.apex.core.Secrets;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The settings file and the environment, read together: {@link #current()} is the file's settings
 * (defaults for what it leaves out) with every {@code APEX_*} variable of {@link ConfigField} laid
 * over them, and the API key from {@code ANTHROPIC_API_KEY}.
 *
 * <p>The environment is read once, when the store opens. The file is read then and again whenever
 * it changes on disk (another process ran {@code apex config}), so a long-running console starts
 * each task with the settings of that moment; a file that has become invalid is reported once in
 * the log and the settings read before stay in force. {@link #update} checks every field, then
 * writes the whole file atomically (a temp file in the same folder, forced to disk, moved over the
 * old one with {@code ATOMIC_MOVE}), so a reader never sees half a file.
 *
 * <p>Thread-safe. Nothing here logs or puts a setting's value in a message.
 */
public final class ApexConfigStore {

  /** The file's name inside apex's home folder. */
  public static final String FILE_NAME = "config.json";

  private static final Logger log = LoggerFactory.getLogger(ApexConfigStore.class);
  private static final ObjectReader STRICT =
      Json.mapper().reader().with(StreamReadFeature.STRICT_DUPLICATE_DETECTION);

  private final Path file;
  private final Map<ConfigField, Object> envValues;
  private ApexConfig fromFile;
  private Stamp seen;

  private ApexConfigStore(Path file, Map<ConfigField, Object> envValues) {
    this.file = file;
    this.envValues = Collections.unmodifiableMap(envValues);
    // Whoever builds the settings holds the keys from now on: no answer may echo them back out.
    envValues.forEach(
        (field, value) -> {
          if (field.secret()) {
            Secrets.register((String) value);
          }
        });
  }

  /**
   * {@code $APEX_HOME/config.json} when {@code APEX_HOME} is set and not blank, else under home.
   */
  public static Path defaultFile(Map<String, String> env, String userHome) {
    Objects.requireNonNull(env, "env");
    String home = env.get("APEX_HOME");
    if (home != null && !home.isBlank()) {
      return Path.of(home).resolve(FILE_NAME);
    }
    Objects.requireNonNull(userHome, "userHome");
    return Path.of(userHome, ".apex", FILE_NAME);
  }

  /** The default file with the process's environment. */
  public static ApexConfigStore openDefault() {
    Map<String, String> env = System.getenv();
    return open(defaultFile(env, System.getProperty("user.home")), env);
  }

  /**
   * Reads {@code file} (absent means all defaults) and the overrides in {@code env}.
   *
   * @throws InvalidConfigException naming the variable or the file and key that cannot be used
   * @throws UncheckedIOException if the file exists but cannot be read
   */
  public static ApexConfigStore open(Path file, Map<String, String> env) {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(env, "env");
    Map<ConfigField, Object> envValues = new EnumMap<>(ConfigField.class);
    for (ConfigField field : ConfigField.values()) {
      String text = env.get(field.envVar());
      if (text != null && !text.isBlank()) {
        envValues.put(field, field.fromEnv(text));
      }
    }
    ApexConfigStore store = new ApexConfigStore(file.toAbsolutePath(), envValues);
    synchronized (store) {
      store.seen = stamp(store.file);
      store.fromFile = store.readFile();
    }
    return store;
  }

  /** The settings file, absolute; it may not exist yet. */
  public Path file() {
    return file;
  }

  /** The effective settings now: the file (re-read if it changed), then the environment. */
  public synchronized ApexConfig current() {
    Stamp now = stamp(file);
    if (!now.equals(seen)) {
      seen = now;
      try {
        fromFile = readFile();
      } catch (InvalidConfigException | UncheckedIOException e) {
        log.warn("{}; tasks keep the settings read before until it is fixed", e.getMessage());
      }
    }
    return overlay(fromFile);
  }

  /** The fields an environment variable decides; changing them in the file has no effect. */
  public Set<ConfigField> envOverrides() {
    Set<ConfigField> fields = EnumSet.noneOf(ConfigField.class);
    envValues.keySet().stream().filter(f -> !f.secret()).forEach(fields::add);
    return Collections.unmodifiableSet(fields);
  }

  /** {@link #current()} in the public JSON form of {@link ConfigJson#toPublicJson}. */
  public ObjectNode publicJson() {
    return ConfigJson.toPublicJson(current(), envOverrides());
  }

  /**
   * Sets the fields {@code changes} names (the {@link ConfigJson} shape, any subset) in the file,
   * and returns the effective settings. Nothing is written unless every field is valid.
   *
   * @throws InvalidConfigException naming the first unknown key or bad value
   * @throws UncheckedIOException if the file cannot be written; the old file is then untouched
   */
  public synchronized ApexConfig update(JsonNode changes) {
    Map<ConfigField, Object> values = ConfigJson.parse(changes);
    current();
    ApexConfig updated = fromFile;
    for (Map.Entry<ConfigField, Object> entry : values.entrySet()) {
      Object value = entry.getValue();
      for (Map.Entry<ConfigField, Object> secret : envValues.entrySet()) {
        if (secret.getKey().secret() && isKey(value, (String) secret.getValue())) {
          // A key pasted into the wrong field would be written to the file and shown to everyone.
          String key = entry.getKey().key();
          throw new InvalidConfigException(
              key,
              key + " must not be the API key; the key belongs in " + secret.getKey().envVar());
        }
      }
      if (entry.getKey() == ConfigField.TIMELINE_URL && FieldType.hasPassword((String) value)) {
        // The file is shown and copied around; a password in it would not stay a secret.
        throw new InvalidConfigException(
            ConfigField.TIMELINE_URL.key(),
            ConfigField.TIMELINE_URL.key()
                + " in the config file takes no password: put it in PGPASSWORD or ~/.pgpass");
      }
      updated = entry.getKey().set(updated, entry.getValue());
    }
    write(Json.writePretty(ConfigJson.toFileJson(updated)) + "\n");
    fromFile = updated;
    seen = stamp(file);
    return overlay(updated);
  }

  /** Parses JSON text strictly (duplicate keys rejected) for {@link #update}. */
  public static JsonNode parseJson(String text) {
    Objects.requireNonNull(text, "text");
    try {
      JsonNode node = STRICT.readTree(text);
      if (node == null || node.isMissingNode()) {
        throw new InvalidConfigException("$", "settings must be a JSON object, got nothing");
      }
      return node;
    } catch (JsonProcessingException e) {
      // The parser's own message quotes the offending text, which could be a pasted secret.
      var at = e.getLocation();
      throw new InvalidConfigException(
          "$",
          "settings are not valid JSON"
              + (at == null
                  ? ""
                  : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")")
              + "; send one JSON object");
    }
  }

  private static boolean isKey(Object value, String key) {
    if (key.isBlank()) {
      return false;
    }
    String k = key.strip();
    return k.equals(value)
        || (value instanceof String text && text.contains(k))
        || (value instanceof java.util.List<?> list && list.contains(k));
  }

  private ApexConfig overlay(ApexConfig config) {
    ApexConfig result = config;
    for (Map.Entry<ConfigField, Object> entry : envValues.entrySet()) {
      result = entry.getKey().set(result, entry.getValue());
    }
    return result;
  }

  private ApexConfig readFile() {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      return ApexConfig.defaults();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read config file " + file + ": " + e.getMessage(), e);
    }
    try {
      ApexConfig config = ApexConfig.defaults();
      for (Map.Entry<ConfigField, Object> entry : ConfigJson.parse(parseJson(text)).entrySet()) {
        config = entry.getKey().set(config, entry.getValue());
      }
      return config;
    } catch (InvalidConfigException e) {
      throw new InvalidConfigException(
          e.key(), "config file " + file + ": " + e.getMessage() + "; fix or delete it", e);
    }
  }

  private void write(String json) {
    Path dir = file.getParent();
    Path temp = null;
    try {
      Files.createDirectories(dir);
      temp = Files.createTempFile(dir, ".config-", ".json.tmp");
      try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
        ByteBuffer bytes = ByteBuffer.wrap(json.getBytes(StandardCharsets.UTF_8));
        while (bytes.hasRemaining()) {
          channel.write(bytes);
        }
        channel.force(true);
      }
      Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE);
      temp = null;
    } catch (AtomicMoveNotSupportedException e) {
      throw new UncheckedIOException(
          "cannot replace config file " + file + " atomically on this file system", e);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot write config file "
              + file
              + ": "
              + e.getMessage()
              + "; check that "
              + dir
              + " is writable",
          e);
    } finally {
      if (temp != null) {
        try {
          Files.deleteIfExists(temp);
        } catch (IOException ignored) {
          // The write already failed; that is the error to report.
        }
      }
    }
  }

  /** What identifies one version of the file: replaced atomically, it has a new file key. */
  private record Stamp(boolean exists, FileTime modified, long size, Object fileKey) {}

  private static Stamp stamp(Path file) {
    try {
      BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
      return new Stamp(true, a.lastModifiedTime(), a.size(), a.fileKey());
    } catch (IOException e) {
      return new Stamp(false, null, 0, null);
    }
  }
}
