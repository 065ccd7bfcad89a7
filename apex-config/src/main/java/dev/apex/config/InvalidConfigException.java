package dev.apex.config;

import dev.apex.core.InvalidInputException;
import java.util.Objects;

/**
 * A setting that cannot be used: an unknown key, a value of the wrong type or out of range, a file
 * that is not JSON. The message names the key (or environment variable) and the accepted values,
 * and never repeats the value given, so a secret pasted into the wrong field does not travel on.
 */
public class InvalidConfigException extends InvalidInputException {

  private final String key;

  public InvalidConfigException(String key, String message) {
    super(message);
    this.key = Objects.requireNonNull(key, "key");
  }

  public InvalidConfigException(String key, String message, Throwable cause) {
    super(message, cause);
    this.key = Objects.requireNonNull(key, "key");
  }

  /** The offending key as written in JSON (e.g. {@code semantic.model}) or the variable's name. */
  public String key() {
    return key;
  }
}
