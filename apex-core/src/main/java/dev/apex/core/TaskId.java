package dev.apex.core;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Objects;
import java.util.UUID;

/**
 * A task's id: a short random string, unique per run, printed by the CLI and used by the timeline.
 */
public record TaskId(String value) {

  public TaskId {
    Objects.requireNonNull(value, "value");
    if (value.isBlank()) {
      throw new IllegalArgumentException("task id must not be blank");
    }
  }

  @JsonCreator
  public static TaskId of(String value) {
    return new TaskId(value);
  }

  public static TaskId random() {
    return new TaskId(UUID.randomUUID().toString().replace("-", "").substring(0, 12));
  }

  @JsonValue
  @Override
  public String toString() {
    return value;
  }
}
