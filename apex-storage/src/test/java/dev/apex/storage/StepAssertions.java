package dev.apex.storage;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.Json;
import dev.apex.timeline.StepRecord;

/** Checks that a stored step holds exactly what was appended. */
public final class StepAssertions {

  private StepAssertions() {}

  public static void assertStoredAs(StoredStep stored, StepRecord written) {
    assertThat(stored.taskId()).isEqualTo(written.taskId());
    assertThat(stored.index()).isEqualTo(written.index());
    assertThat(stored.startedAt()).isEqualTo(written.startedAt());
    assertThat(stored.action()).isEqualTo(written.step().action());
    assertThat(stored.success()).isEqualTo(written.result().success());
    assertThat(stored.error()).isEqualTo(written.result().error());
    assertThat(stored.scene()).isEqualTo(java.util.Optional.ofNullable(written.scene()));
    assertThat(stored.step()).isEqualTo(written.step());
    assertThat(stored.result()).isEqualTo(tree(written.result()));
    assertThat(stored.extras()).isEqualTo(written.extras());
    assertThat(stored.annotations()).isEqualTo(tree(StepExtrasJson.write(written.extras())));
    assertThat(stored.otherAnnotations()).isEmpty();
    assertThat(stored.observeTime()).isEqualTo(written.observeTime());
    assertThat(stored.planTime()).isEqualTo(written.planTime());
    assertThat(stored.actTime()).isEqualTo(written.actTime());
  }

  static JsonNode tree(Object value) {
    try {
      return Json.mapper().readTree(Json.write(value));
    } catch (JsonProcessingException e) {
      throw new AssertionError("test value does not round-trip through JSON", e);
    }
  }
}
