package dev.apex.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.TaskId;
import dev.apex.storage.SqliteTimeline;
import dev.apex.storage.StoredStep;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A timeline written before the extras were typed (apex-storage's fixture) shows every step in the
 * console with what it recorded: labels, usage in its stored shape, the world, and the rest under
 * {@code annotations}.
 */
class ViewsOfAnOldTimelineTest {

  @TempDir Path dir;

  static Path fixture() {
    String root = System.getProperty("apex.projectRoot");
    Path project = root != null ? Path.of(root) : Path.of("..").toAbsolutePath().normalize();
    return project.resolve("apex-storage/src/test/resources/timelines/before-typed-extras.db");
  }

  @Test
  void everyStepShowsWhatItRecorded() throws IOException {
    Path copy = Files.copy(fixture(), dir.resolve("old.db"));
    try (SqliteTimeline timeline = SqliteTimeline.open(copy)) {
      List<StoredStep> steps = timeline.steps(TaskId.of("t-before-typed-extras"));
      List<JsonNode> views = steps.stream().map(s -> (JsonNode) Views.step(s)).toList();
      assertThat(views).hasSize(4);

      JsonNode first = views.get(0);
      assertThat(first.get("semantic_scene").get("page").asText()).isEqualTo("launcher");
      assertThat(first.get("semantic_scene").get("widgets").get(0).get("purpose").asText())
          .isEqualTo("opens the settings");
      assertThat(first.get("llm_usage").get("inputTokens").asInt()).isEqualTo(410);
      assertThat(first.get("world").get("currentApp").asText()).isEqualTo("com.android.settings");
      assertThat(first.get("annotations").isEmpty()).isTrue();

      JsonNode second = views.get(1);
      assertThat(second.get("semantic_scene").isNull()).isTrue();
      assertThat(second.get("llm_usage").get("model").asText()).isEqualTo("claude-sonnet-5-5");
      assertThat(second.get("llm_usage").get("cost_usd").asDouble()).isEqualTo(0.0246);
      assertThat(second.get("annotations").get("semantic_unavailable").asText())
          .isEqualTo("overloaded");
      assertThat(second.get("annotations").get("plan_note").get("n").asInt())
          .as("an annotation this version does not know is shown as stored")
          .isEqualTo(7);

      JsonNode third = views.get(2);
      assertThat(third.get("llm_usage").isArray()).isTrue();
      assertThat(third.get("llm_usage").get(0).get("cacheReadTokens").asInt()).isEqualTo(1200);
      assertThat(third.get("llm_usage").get(1).get("calls").asInt()).isEqualTo(2);
      assertThat(third.get("annotations").get("semantic_unavailable").asText())
          .isEqualTo("timeout");

      JsonNode fourth = views.get(3);
      assertThat(fourth.get("world").has("currentApp")).isFalse();
      assertThat(Views.world(steps.get(3)).get("currentPage").asText()).isEqualTo("notes list");
      assertThat(views).allSatisfy(v -> assertThat(v.get("screenshot").isTextual()).isTrue());

      for (StoredStep plain : timeline.steps(TaskId.of("t-before-plain"))) {
        JsonNode view = Views.step(plain);
        assertThat(view.get("llm_usage").isNull()).isTrue();
        assertThat(view.get("world").isNull()).isTrue();
        assertThat(view.get("semantic_scene").isNull()).isTrue();
        assertThat(view.get("annotations").isEmpty()).isTrue();
      }
    }
  }
}
